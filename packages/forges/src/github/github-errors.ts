import { RequestError } from '@octokit/request-error';
import { scrub } from '@remediation/source-access';
import { ForgeError } from '../forge-error.js';
import {
  DEFAULT_RATE_LIMIT_WAIT_MS,
  headerValue,
  parseRetryAfter,
  untilReset,
  type HeaderBag,
} from '../http/retry-after.js';

interface GithubErrorBody {
  message?: unknown;
  errors?: unknown;
}

/** GitHub's own words: `message` plus each `errors[].message`/`code`. */
export const githubErrorText = (data: unknown): string => {
  if (typeof data === 'string') return data;
  if (data === null || typeof data !== 'object') return '';
  const body = data as GithubErrorBody;
  const parts = typeof body.message === 'string' ? [body.message] : [];
  if (Array.isArray(body.errors)) {
    for (const e of body.errors as unknown[]) {
      if (typeof e === 'string') parts.push(e);
      else if (e && typeof e === 'object') {
        const { message, code, field } = e as Record<string, unknown>;
        if (typeof message === 'string') parts.push(message);
        else if (typeof code === 'string')
          parts.push(`${code}${typeof field === 'string' ? ` (${field})` : ''}`);
      }
    }
  }
  return parts.join('; ');
};

/**
 * The rate-limit wait GitHub asks for, or undefined when the answer is not a rate limit:
 * primary limits (`x-ratelimit-remaining: 0`, wait until `x-ratelimit-reset`), secondary limits
 * (403/429 with `retry-after`, or the documented "secondary rate limit" message: at least a
 * minute), and any other 429.
 */
export const githubRateLimitWait = (
  status: number,
  headers: HeaderBag,
  text: string,
  now: number,
): number | undefined => {
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = parseRetryAfter(headers, now);
  if (retryAfter !== undefined) return retryAfter;
  if (headerValue(headers, 'x-ratelimit-remaining') === '0') {
    return untilReset(headers, 'x-ratelimit-reset', now) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
  }
  if (status === 429 || /secondary rate limit|abuse detection/i.test(text)) {
    return DEFAULT_RATE_LIMIT_WAIT_MS;
  }
  return undefined;
};

/**
 * Maps whatever an Octokit call threw to a `ForgeError`: rate limits (see
 * `githubRateLimitWait`), 401 and other 403s `auth`, 404 `not_found`, 409 `conflict`, 400/422
 * `invalid`, 5xx and network failures `transient`. Known secrets are scrubbed from the text.
 */
export const toGithubError = (
  err: unknown,
  operation: string,
  secrets: readonly string[],
  now: number = Date.now(),
): ForgeError => {
  if (err instanceof ForgeError) return err;
  const clean = (text: string) => scrub(text, secrets);
  if (!(err instanceof RequestError) || !err.response) {
    const message = err instanceof Error ? err.message : String(err);
    return new ForgeError('transient', clean(`GitHub ${operation} failed: ${message}`));
  }
  const { status } = err;
  const headers = err.response.headers as HeaderBag;
  const text = githubErrorText(err.response.data) || err.message;
  const message = clean(`GitHub ${operation} answered ${status}: ${text}`);
  const wait = githubRateLimitWait(status, headers, text, now);
  if (wait !== undefined)
    return new ForgeError('rate_limited', message, { retryAfterMs: wait, status });
  if (status === 401 || status === 403) return new ForgeError('auth', message, { status });
  if (status === 404) return new ForgeError('not_found', message, { status });
  if (status === 409) return new ForgeError('conflict', message, { status });
  if (status === 400 || status === 422) return new ForgeError('invalid', message, { status });
  return new ForgeError('transient', message, { status });
};

/** Whether a 422 carries `needle` (e.g. "Reference already exists"). */
export const isUnprocessable = (err: unknown, needle: RegExp): boolean =>
  err instanceof RequestError &&
  err.status === 422 &&
  needle.test(githubErrorText(err.response?.data) || err.message);
