import { describe, expect, it } from 'vitest';
import { decodeCredentials, encodeCredentials } from './credentials-codec.js';
import { toGitCredentials, type RepositoryCredentials } from './repository-credentials.js';

const ID = '0190b5a0-0000-7000-8000-000000000001';

describe('repository credentials', () => {
  it('when credentials are mapped to git, then tokens default to x-access-token and GitHub Apps need a minted token', () => {
    expect(toGitCredentials({ kind: 'token', token: 't' })).toEqual({
      username: 'x-access-token',
      password: 't',
    });
    expect(toGitCredentials({ kind: 'token', token: 't', username: 'oauth2' })).toEqual({
      username: 'oauth2',
      password: 't',
    });
    expect(toGitCredentials({ kind: 'basic', username: 'u', password: 'p' })).toEqual({
      username: 'u',
      password: 'p',
    });
    expect(
      toGitCredentials({ kind: 'github_app', appId: '1', installationId: '2', privateKey: 'k' }),
    ).toBeNull();
    expect(toGitCredentials(null)).toBeNull();
  });

  it('when encoded then decoded for the same repository and kind, then they round-trip', () => {
    const all: RepositoryCredentials[] = [
      { kind: 'token', token: 't' },
      { kind: 'token', token: 't', username: 'u' },
      { kind: 'basic', username: 'u', password: 'p' },
      { kind: 'github_app', appId: '1', installationId: '2', privateKey: 'k' },
    ];
    for (const c of all) expect(decodeCredentials(ID, c.kind, encodeCredentials(ID, c))).toEqual(c);
  });

  it('when decoded for another repository, another kind or from garbage, then it throws without the plaintext', () => {
    const sealed = encodeCredentials(ID, { kind: 'token', token: 'very-secret-token' });
    const other = ID.replace(/1$/, '2');
    expect(() => decodeCredentials(other, 'token', sealed)).toThrow(/another repository/);
    expect(() => decodeCredentials(ID, 'basic', sealed)).toThrow(/not valid basic/);
    expect(() => decodeCredentials(ID, 'token', 'very-secret-token')).toThrow(/not JSON/);
    try {
      decodeCredentials(other, 'token', sealed);
    } catch (err) {
      expect((err as Error).message).not.toContain('very-secret-token');
    }
  });
});
