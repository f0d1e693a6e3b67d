import type { QUEUES } from '@remediation/contracts';
import type { Processor } from '@remediation/runtime';
import { DelayedError } from 'bullmq';
import { deliver, type DeliverDeps } from './deliver.js';

/** A failed attempt that the queue should retry; carries the receiver's Retry-After. */
export class DeliveryRetryError extends Error {
  constructor(
    readonly errorClass: string | null,
    readonly retryAfterMs?: number,
  ) {
    super(`delivery attempt failed (${errorClass ?? 'unknown'})`);
    this.name = 'DeliveryRetryError';
  }
}

/**
 * Thin adapter: one job = one attempt; a retryable failure throws so BullMQ schedules the next.
 * A job for a busy endpoint goes back to the queue (delayed, not counted as an attempt) so it
 * never holds a worker slot while it waits.
 */
export const deliveryProcessor =
  (deps: DeliverDeps): Processor<typeof QUEUES.webhookDelivery> =>
  async (payload, job, token) => {
    const lastChance = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const result = await deliver(deps, payload.deliveryId, lastChance);
    if (result.kind === 'busy') {
      await job.moveToDelayed(Date.now() + result.delayMs, token);
      throw new DelayedError();
    }
    if (result.kind === 'retry')
      throw new DeliveryRetryError(result.errorClass, result.retryAfterMs);
    return result;
  };
