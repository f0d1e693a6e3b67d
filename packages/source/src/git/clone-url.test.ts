import { describe, expect, it } from 'vitest';
import { checkCloneUrl } from './clone-url.js';
import { GIT_PROTOCOLS } from './protocols.js';

const ALL = [...GIT_PROTOCOLS];

describe('checkCloneUrl', () => {
  it('when URLs are well formed, then each gets its transport and http(s) its origin', () => {
    const cases: [string, string, string | null][] = [
      ['https://github.com/acme/web.git', 'https', 'https://github.com/'],
      ['http://127.0.0.1:8080/r.git', 'http', 'http://127.0.0.1:8080/'],
      ['ssh://git@gitlab.example:2222/acme/web.git', 'ssh', null],
      ['git+ssh://git@host/r.git', 'ssh', null],
      ['git@github.com:acme/web.git', 'ssh', null],
      ['host.example:repo.git', 'ssh', null],
      ['git://host/r.git', 'git', null],
      ['file:///srv/git/r.git', 'file', null],
      ['/srv/git/r.git', 'file', null],
    ];
    for (const [url, protocol, httpOrigin] of cases) {
      expect(checkCloneUrl(url, ALL), url).toEqual({ ok: true, protocol, httpOrigin });
    }
  });

  it('when the transport is not in the allow-list, then protocol_not_allowed naming it but not the URL', () => {
    const result = checkCloneUrl('git@github.com:acme/secret-project.git', ['https']);
    expect(result).toEqual({
      ok: false,
      reason: 'protocol_not_allowed',
      message: "clone URL protocol 'ssh' is not allowed (allowed: https)",
    });
  });

  it('when a URL hides options, helpers or credentials, then it is refused without being echoed', () => {
    const cases: [string, string][] = [
      ['ext::sh -c id', 'protocol_not_allowed'],
      ['fd::17', 'protocol_not_allowed'],
      ['persistent-https::x', 'protocol_not_allowed'],
      ['ftp://host/r.git', 'protocol_not_allowed'],
      ['-uevil', 'invalid_url'],
      ['--upload-pack=id', 'invalid_url'],
      ['ssh://-oProxyCommand=id/r', 'invalid_url'],
      ['-host:repo', 'invalid_url'],
      ['user@-host:repo', 'invalid_url'],
      ['https://tok3n-secret@github.com/a/b.git', 'invalid_url'],
      ['https://u:pw-secret@github.com/a/b.git', 'invalid_url'],
      ['ssh://git:pw-secret@host/r.git', 'invalid_url'],
      ['repo.git', 'invalid_url'],
      ['/srv/r.git\n', 'invalid_url'],
      [' /srv/r.git', 'invalid_url'],
      ['', 'invalid_url'],
    ];
    for (const [url, reason] of cases) {
      const result = checkCloneUrl(url, ALL);
      expect(result, url).toMatchObject({ ok: false, reason });
      expect(!result.ok && result.message).not.toMatch(/secret|pw-/);
    }
  });
});
