/** Response headers, names lower-cased. */
export type HeaderBag = Readonly<Record<string, string | number | undefined>>;

/** Used when a forge says "rate limited" without saying until when (GitHub: "at least one minute"). */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

const header = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return value === undefined ? undefined : String(value);
};

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined
 * when absent or unreadable.
 */
export const parseRetryAfter = (headers: HeaderBag, now: number): number | undefined => {
  const value = header(headers, 'retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/**
 * Milliseconds until a reset given as epoch seconds (`x-ratelimit-reset`, GitLab
 * `RateLimit-Reset`), plus one second so the retry lands after the reset; undefined when absent.
 */
export const untilReset = (headers: HeaderBag, name: string, now: number): number | undefined => {
  const value = header(headers, name);
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Math.max(0, Number(value) * 1000 - now) + 1000;
};

export const headerValue = header;
