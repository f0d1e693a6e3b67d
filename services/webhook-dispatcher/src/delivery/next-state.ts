import { retryDelay } from '../schedule/parse-schedule.js';
import type { PostOutcome } from './post-webhook.js';

export interface NextState {
  status: 'delivered' | 'failed' | 'pending';
  /** When the next attempt is due; null once the delivery is finished. */
  nextAttemptAt: Date | null;
}

/**
 * What a delivery becomes after attempt `attempt`: delivered on 2xx; failed after the last
 * attempt, or at once when the secret cannot be decrypted (retrying cannot help); otherwise
 * pending until the schedule's delay for this attempt (a receiver's Retry-After within bounds).
 */
export const nextState = (
  outcome: Pick<PostOutcome, 'delivered' | 'errorClass' | 'retryAfterMs'>,
  attempt: number,
  policy: { maxAttempts: number; schedule: readonly number[] },
  now: number,
): NextState => {
  if (outcome.delivered) return { status: 'delivered', nextAttemptAt: null };
  if (attempt >= policy.maxAttempts || outcome.errorClass === 'secret_unreadable')
    return { status: 'failed', nextAttemptAt: null };
  const delay = retryDelay(policy.schedule, attempt, outcome.retryAfterMs);
  return { status: 'pending', nextAttemptAt: new Date(now + delay) };
};
