/**
 * Why a forge call failed:
 * - `rate_limited`: primary or secondary rate limit, 429; `retryAfterMs` says when to try again;
 * - `auth`: credentials missing, wrong, expired or without the permission (final);
 * - `not_found`: repository, branch, commit or PR does not exist or is not visible (final);
 * - `conflict`: the branch exists with someone else's commits, or the base moved (final);
 * - `invalid`: the forge refused the request's content (final);
 * - `transient`: network failure, 5xx, timeout (retry with backoff).
 */
export type ForgeErrorKind =
  'rate_limited' | 'auth' | 'not_found' | 'conflict' | 'invalid' | 'transient';

const RETRYABLE: ReadonlySet<ForgeErrorKind> = new Set(['rate_limited', 'transient']);

/**
 * The one error every provider throws. Messages name the operation and the forge's answer,
 * never credentials (tokens, passwords, private keys, Authorization headers).
 */
export class ForgeError extends Error {
  override readonly name = 'ForgeError';
  readonly kind: ForgeErrorKind;
  /** When to try again (rate limits), in milliseconds from now. */
  readonly retryAfterMs?: number;
  /** The forge's HTTP status, when there was one. */
  readonly status?: number;

  constructor(
    kind: ForgeErrorKind,
    message: string,
    details: { retryAfterMs?: number; status?: number } = {},
  ) {
    super(message);
    this.kind = kind;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
    if (details.status !== undefined) this.status = details.status;
  }

  /** true = do not retry (the job fails with this reason). */
  get final(): boolean {
    return !RETRYABLE.has(this.kind);
  }
}

export const isForgeError = (err: unknown): err is ForgeError => err instanceof ForgeError;
