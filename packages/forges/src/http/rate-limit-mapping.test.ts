import { RequestError } from '@octokit/request-error';
import { describe, expect, it } from 'vitest';
import { githubRateLimitWait, toGithubError } from '../github/github-errors.js';
import { GitlabResponseError } from '../gitlab/gitlab-client.js';
import { toGitlabError } from '../gitlab/gitlab-errors.js';
import { parseRetryAfter } from './retry-after.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const githubError = (status: number, headers: Record<string, string>, data: unknown) =>
  new RequestError('x', status, {
    request: { method: 'GET', url: 'https://api.github.com/repos/a/b', headers: {} },
    response: { status, url: 'https://api.github.com/repos/a/b', headers, data },
  });

describe('rate-limit mapping', () => {
  it('when Retry-After is an HTTP date, then the wait runs until it', () => {
    expect(parseRetryAfter({ 'retry-after': 'Mon, 23 Nov 2026 12:00:30 GMT' }, NOW)).toBe(30_000);
    expect(parseRetryAfter({ 'retry-after': 'soon' }, NOW)).toBeUndefined();
  });

  it('when a 403 is a permission problem, not a limit, then GitHub maps it to final auth', () => {
    expect(
      githubRateLimitWait(
        403,
        { 'x-ratelimit-remaining': '4000' },
        'Resource not accessible by integration',
        NOW,
      ),
    ).toBeUndefined();
    expect(
      toGithubError(
        githubError(403, {}, { message: 'Resource not accessible by integration' }),
        'create pull request',
        [],
        NOW,
      ),
    ).toMatchObject({ kind: 'auth', final: true });
  });

  it('when the primary limit is spent, then the wait is until x-ratelimit-reset plus a second', () => {
    const reset = String(NOW / 1000 + 300);
    expect(
      toGithubError(
        githubError(429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, {}),
        'op',
        [],
        NOW,
      ).retryAfterMs,
    ).toBe(301_000);
  });

  it('when an error text carries a known secret, then it is scrubbed', () => {
    const error = toGithubError(
      githubError(422, {}, { message: 'bad token ghp_secret123456' }),
      'op',
      ['ghp_secret123456'],
      NOW,
    );
    expect(error.message).not.toContain('ghp_secret123456');
    expect(error.kind).toBe('invalid');
  });

  it('when GitLab answers 403 with RateLimit-Remaining 0, then it is rate limited until RateLimit-Reset', () => {
    const error = toGitlabError(
      new GitlabResponseError(
        'GET',
        403,
        { 'ratelimit-remaining': '0', 'ratelimit-reset': String(NOW / 1000 + 10) },
        'limit',
      ),
      'op',
      [],
      NOW,
    );
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 11_000 });
    expect(
      toGitlabError(new GitlabResponseError('GET', 503, {}, 'down'), 'op', [], NOW),
    ).toMatchObject({ kind: 'transient', final: false });
  });
});
