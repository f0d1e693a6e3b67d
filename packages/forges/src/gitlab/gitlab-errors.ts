import { scrub } from '@remediation/source-access';
import { ForgeError } from '../forge-error.js';
import {
  DEFAULT_RATE_LIMIT_WAIT_MS,
  headerValue,
  parseRetryAfter,
  untilReset,
} from '../http/retry-after.js';
import { GitlabResponseError } from './gitlab-client.js';

/**
 * Maps a GitLab failure to a `ForgeError`: 429 `rate_limited` after `Retry-After` (else
 * `RateLimit-Reset`, else a minute), 401/403 `auth`, 404 `not_found`, 409 `conflict`, 400/422
 * `invalid`, 5xx and network failures `transient`. Known secrets are scrubbed.
 */
export const toGitlabError = (
  err: unknown,
  operation: string,
  secrets: readonly string[],
  now: number = Date.now(),
): ForgeError => {
  if (err instanceof ForgeError) return err;
  if (!(err instanceof GitlabResponseError)) {
    const message = err instanceof Error ? err.message : String(err);
    return new ForgeError('transient', scrub(`GitLab ${operation} failed: ${message}`, secrets));
  }
  const { status, headers } = err;
  const message = scrub(`GitLab ${operation} answered ${status}: ${err.description}`, secrets);
  const limited =
    status === 429 || (status === 403 && headerValue(headers, 'ratelimit-remaining') === '0');
  if (limited) {
    const wait =
      parseRetryAfter(headers, now) ??
      untilReset(headers, 'ratelimit-reset', now) ??
      DEFAULT_RATE_LIMIT_WAIT_MS;
    return new ForgeError('rate_limited', message, { retryAfterMs: wait, status });
  }
  if (status === 401 || status === 403) return new ForgeError('auth', message, { status });
  if (status === 404) return new ForgeError('not_found', message, { status });
  if (status === 409) return new ForgeError('conflict', message, { status });
  if (status === 400 || status === 422) return new ForgeError('invalid', message, { status });
  return new ForgeError('transient', message, { status });
};

export const gitlabStatus = (err: unknown): number | undefined =>
  err instanceof GitlabResponseError ? err.status : undefined;

export const gitlabDescription = (err: unknown): string =>
  err instanceof GitlabResponseError ? err.description : '';
