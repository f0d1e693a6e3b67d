import type { Db } from '@remediation/db';
import type { SecretBox } from '@remediation/security';
import type { Agent } from 'node:https';
import { retryDelay } from '../schedule/parse-schedule.js';
import { deliveryHeaders } from '../signing/sign.js';
import {
  beginAttempt,
  closeDelivery,
  loadDelivery,
  recordAttempt,
} from './deliveries.repository.js';
import type { EndpointLimiter } from './endpoint-limiter.js';
import { envelopeBody } from './envelope-body.js';
import { postWebhook, type ErrorClass, type PostOutcome } from './post-webhook.js';

/** A busy endpoint whose attempts take at most this long is waited for in-process. */
const FAST_ENDPOINT_WAIT_MS = 250;

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

export interface DeliverDeps {
  db: Db;
  secretBox: SecretBox;
  agent: Agent;
  limiter: EndpointLimiter;
  schedule: readonly number[];
  maxAttempts: number;
  timeoutMs: number;
  excerptBytes: number;
  allowPrivate: boolean;
  now?: () => number;
}

export type DeliverResult =
  | { kind: 'delivered'; attempt: number }
  | { kind: 'failed'; attempt: number; errorClass: ErrorClass | null }
  | { kind: 'retry'; attempt: number; errorClass: ErrorClass | null; retryAfterMs?: number }
  | { kind: 'skipped'; reason: 'not_found' | 'not_pending' | 'webhook_deleted' }
  /** The endpoint has its maximum of attempts in flight: try again after `delayMs`. */
  | { kind: 'busy'; delayMs: number };

/**
 * One attempt of one delivery. Idempotent: a delivery that is no longer pending is skipped.
 * `lastChance` is true when the queue will not retry again, so a failure is final.
 */
export const deliver = async (
  deps: DeliverDeps,
  deliveryId: string,
  lastChance: boolean,
): Promise<DeliverResult> => {
  const row = await loadDelivery(deps.db, deliveryId);
  if (!row) return { kind: 'skipped', reason: 'not_found' };
  if (row.status !== 'pending') return { kind: 'skipped', reason: 'not_pending' };
  if (!row.active || row.deleted_at !== null) {
    await closeDelivery(deps.db, deliveryId);
    return { kind: 'skipped', reason: 'webhook_deleted' };
  }
  const release = await deps.limiter.acquire(row.webhook_id, FAST_ENDPOINT_WAIT_MS);
  if (!release) return { kind: 'busy', delayMs: deps.limiter.busyDelayMs(row.webhook_id) };
  try {
    return await attemptDelivery(deps, row, deliveryId, lastChance);
  } finally {
    release();
  }
};

const attemptDelivery = async (
  deps: DeliverDeps,
  row: DeliveryRow,
  deliveryId: string,
  lastChance: boolean,
): Promise<DeliverResult> => {
  const attempt = await beginAttempt(deps.db, deliveryId);
  if (attempt === undefined) return { kind: 'skipped', reason: 'not_pending' };

  const now = deps.now ?? Date.now;
  const startedAt = new Date(now());
  const outcome = await send(deps, row, deliveryId, now);
  deps.limiter.record(row.webhook_id, outcome.durationMs);
  const record = {
    deliveryId,
    attemptNumber: attempt,
    startedAt,
    durationMs: outcome.durationMs,
    statusCode: outcome.statusCode,
    errorClass: outcome.errorClass,
    excerpt: outcome.excerpt,
  };
  if (outcome.delivered) {
    await recordAttempt(deps.db, record, { status: 'delivered', nextAttemptAt: null });
    return { kind: 'delivered', attempt };
  }
  // An unreadable secret (wrong or rotated SECRETS_ENCRYPTION_KEY) cannot get better by retrying.
  if (lastChance || attempt >= deps.maxAttempts || outcome.errorClass === 'secret_unreadable') {
    await recordAttempt(deps.db, record, { status: 'failed', nextAttemptAt: null });
    return { kind: 'failed', attempt, errorClass: outcome.errorClass };
  }
  const delay = retryDelay(deps.schedule, attempt, outcome.retryAfterMs);
  await recordAttempt(deps.db, record, {
    status: 'pending',
    nextAttemptAt: new Date(now() + delay),
  });
  return {
    kind: 'retry',
    attempt,
    errorClass: outcome.errorClass,
    ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
  };
};

/** Signs and POSTs the event; a secret that does not decrypt is an outcome, not an exception. */
const send = async (
  deps: DeliverDeps,
  row: DeliveryRow,
  deliveryId: string,
  now: () => number,
): Promise<PostOutcome> => {
  let secret: string;
  try {
    secret = deps.secretBox.open(row.secret_ciphertext);
  } catch {
    return {
      delivered: false,
      statusCode: null,
      errorClass: 'secret_unreadable',
      durationMs: 0,
      excerpt: null,
    };
  }
  const body = envelopeBody(row.envelope);
  return postWebhook({
    url: row.url,
    body,
    headers: deliveryHeaders({
      secret,
      body,
      eventId: row.event_id,
      eventType: row.event_type,
      deliveryId,
      timestamp: Math.floor(now() / 1000),
    }),
    agent: deps.agent,
    timeoutMs: deps.timeoutMs,
    excerptBytes: deps.excerptBytes,
    allowPrivate: deps.allowPrivate,
  });
};
