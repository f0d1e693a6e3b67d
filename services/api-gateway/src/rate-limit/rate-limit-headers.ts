import type { BucketDecision } from './token-bucket.js';

/** `RateLimit-*` headers (IETF httpapi draft) and, when refused, `Retry-After` in seconds. */
export const rateLimitHeaders = (
  decision: BucketDecision,
  limits: { rpm: number; burst: number },
): Record<string, string> => {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(limits.burst),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(Math.ceil(decision.resetMs / 1000)),
    'RateLimit-Policy': `${limits.burst};w=${Math.ceil((limits.burst * 60) / limits.rpm)};burst=${limits.burst};rpm=${limits.rpm}`,
  };
  if (!decision.allowed)
    headers['Retry-After'] = String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  return headers;
};
