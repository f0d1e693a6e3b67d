import { listenChannel, type Db } from '@remediation/db';
import type { Logger } from '@remediation/runtime';
import { claimDue, FIRST_ID, LAST_ID, type ClaimedDelivery } from './claims.repository.js';
import type { DeliveryMetrics } from './delivery-metrics.js';
import { EndpointPace } from './endpoint-pace.js';
import { EndpointQueues } from './endpoint-queues.js';
import { nextState } from './next-state.js';
import { OutcomeRecorder } from './outcome-recorder.js';
import { recordOutcomes, type ClaimOutcome } from './outcomes.repository.js';
import type { PostOutcome } from './post-webhook.js';

/** The channel a relay notifies (in its transaction) when it has created deliveries. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

export interface DeliveryLoopOptions {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  send: (delivery: ClaimedDelivery) => Promise<PostOutcome>;
  /** Attempts in flight in all, and per webhook. */
  concurrency: number;
  perEndpoint: number;
  /** Deadline of one attempt; a claim's lease covers a wait for a slot and the attempt. */
  timeoutMs: number;
  /** Added to the lease: how long after that a dead dispatcher's claims are taken again. */
  leaseGraceMs: number;
  maxAttempts: number;
  schedule: readonly number[];
  /** How often to look for due deliveries without being told (retries, other dispatchers). */
  pollIntervalMs: number;
  metrics: DeliveryMetrics;
  now?: () => number;
}

export interface DeliveryLoop {
  readonly started: Promise<void>;
  /** Attempts in flight in this process. */
  readonly inFlight: number;
  /** Claims due deliveries now (coalescing concurrent calls). */
  kick(): void;
  /** Stops claiming, hands back what was not started, waits for running attempts and records. */
  stop(): Promise<void>;
}

interface Held extends ClaimedDelivery {
  claimedAt: number;
}

/**
 * Delivers from PostgreSQL: claims due deliveries in batches, runs their attempts within the
 * per-webhook and total limits, and records outcomes in batches (see decision 0017). Each
 * outcome is written, with the delivery's next due time, before anyone can attempt it again.
 */
export const startDeliveryLoop = (o: DeliveryLoopOptions): DeliveryLoop => {
  const now = o.now ?? Date.now;
  const leaseMs = 2 * o.timeoutMs + o.leaseGraceMs;
  // Deliveries held: enough to keep every slot busy between claims of at least `minBatch`. Per
  // webhook fewer than 2 × perEndpoint are held, so none waits longer than one attempt for a slot.
  const target = 2 * o.concurrency;
  const minBatch = Math.ceil(o.concurrency / 2);
  const queues = new EndpointQueues<Held>(o.perEndpoint, o.concurrency);
  const pace = new EndpointPace(o.perEndpoint);
  const recorder = new OutcomeRecorder<ClaimOutcome>((batch) => recordOutcomes(o.db, batch), {
    maxBatch: 500,
    retryMs: 1_000,
    onError: (err, size) =>
      o.logger.warn(
        { err: (err as Error).message, outcomes: size },
        'recording delivery outcomes failed; retrying',
      ),
  });
  const running = new Set<Promise<void>>();
  let claiming: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** The last claim filled its batch: more is probably due. */
  let moreDue = false;
  /**
   * Webhooks that may have more due: at their limit after the last claim, or given all they had
   * room for by it. One of them finishing an attempt claims again, so a single webhook's backlog
   * drains at its endpoint's pace, not one room per poll.
   */
  let saturated = new Set<string>();
  /** Webhooks whose room the claims of this round filled. */
  let filled = new Set<string>();
  const saturatedNow = () =>
    new Set([...pace.rooms(queues.holdings())].filter(([, room]) => room === 0).map(([id]) => id));
  /** Claims go round the webhooks: the next starts after the last webhook served. */
  let cursor = FIRST_ID;

  /** One claim over webhooks (after, until]; true when it filled `room`. */
  const claimRange = async (room: number, after: string, until: string): Promise<boolean> => {
    const rooms = pace.rooms(queues.holdings());
    const claimed = await claimDue(o.db, {
      limit: room,
      rooms,
      defaultRoom: pace.defaultRoom,
      after,
      until,
      leaseMs,
      maxAttempts: o.maxAttempts,
    });
    const claimedAt = now();
    let last = after;
    const perWebhook = new Map<string, number>();
    for (const delivery of claimed) {
      perWebhook.set(delivery.webhookId, (perWebhook.get(delivery.webhookId) ?? 0) + 1);
      if (delivery.webhookId > last) last = delivery.webhookId;
      if (delivery.exhausted) continue;
      if (!delivery.live) {
        recorder.add({ kind: 'close', deliveryId: delivery.id, attempt: delivery.attempt });
      } else queues.add({ ...delivery, claimedAt });
    }
    for (const [webhookId, count] of perWebhook)
      if (count >= (rooms.get(webhookId) ?? pace.defaultRoom)) filled.add(webhookId);
    const full = claimed.length >= room;
    cursor = full ? last : FIRST_ID;
    return full;
  };

  const claim = async (): Promise<void> => {
    do {
      again = false;
      while (!stopped) {
        const room = target - queues.size;
        if (room < minBatch && queues.size > 0) break;
        const start = cursor;
        filled = new Set();
        moreDue = await claimRange(room, start, LAST_ID);
        // Round the ring: the webhooks before the starting point get their turn too.
        if (!moreDue && start !== FIRST_ID) {
          moreDue = await claimRange(target - queues.size, FIRST_ID, start);
        }
        saturated = new Set([...saturatedNow(), ...filled]);
        pump();
        if (!moreDue) break;
      }
    } while (again && !stopped);
  };

  const kick = (): void => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claim()
      .catch((err: unknown) => {
        o.logger.warn(
          { err: (err as Error).message },
          'claiming deliveries failed; retrying on the next wake-up',
        );
      })
      .finally(() => {
        claiming = undefined;
      });
  };

  const pump = (): void => {
    for (let held = queues.next(); held; held = queues.next()) {
      const attempt = run(held).finally(() => running.delete(attempt));
      running.add(attempt);
    }
  };

  const run = async (held: Held): Promise<void> => {
    try {
      // Never start an attempt that could outlast the lease (a stalled process): hand it back.
      if (stopped || now() + o.timeoutMs > held.claimedAt + leaseMs - o.leaseGraceMs / 2) {
        recorder.add({ kind: 'release', deliveryId: held.id, attempt: held.attempt });
        return;
      }
      const startedAt = new Date(now());
      const outcome = await o.send(held);
      pace.record(held.webhookId, outcome.durationMs);
      const next = nextState(outcome, held.attempt, o, now());
      o.metrics.attempted(next.status === 'pending' ? 'retry' : next.status);
      recorder.add({
        kind: 'attempt',
        deliveryId: held.id,
        attempt: held.attempt,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        errorClass: outcome.errorClass,
        excerpt: outcome.excerpt,
        ...next,
      });
    } finally {
      queues.finish(held);
      pump();
      if (target - queues.size >= minBatch && (moreDue || saturated.has(held.webhookId))) kick();
    }
  };

  const listener = listenChannel({
    url: o.databaseUrl,
    channel: DELIVERIES_CHANNEL,
    applicationName: 'webhook-dispatcher-deliveries',
    onNotify: kick,
    onLiveChange: (live) => {
      if (live) kick();
    },
    onError: (err) => o.logger.warn({ err: err.message }, 'delivery listener lost its connection'),
  });
  const timer = setInterval(kick, o.pollIntervalMs);

  return {
    started: listener.started,
    get inFlight() {
      return queues.inFlight;
    },
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await listener.close();
      await claiming;
      for (const held of queues.takeWaiting())
        recorder.add({ kind: 'release', deliveryId: held.id, attempt: held.attempt });
      await Promise.all(running);
      await recorder.flushed();
    },
  };
};
