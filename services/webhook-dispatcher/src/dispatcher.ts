import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { createProducer, createWorker, type Logger, type Redis } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import type { Static } from '@sinclair/typebox';
import type { Queue, Worker } from 'bullmq';
import type { Registry } from 'prom-client';
import type { DispatcherConfig } from './config.js';
import { startDeliveryLoop, type DeliveryLoop } from './delivery/delivery-loop.js';
import { createDeliveryMetrics, noDeliveryMetrics } from './delivery/delivery-metrics.js';
import { safeLookup } from './delivery/safe-lookup.js';
import { createSender } from './delivery/send-attempt.js';
import { startRelay, type Relay } from './relay/relay-loop.js';
import { MIN_RETENTION_MS, pruneDeliveries } from './relay/retention.js';
import { parseDuration, parseSchedule } from './schedule/parse-schedule.js';

export interface Dispatcher {
  relay: Relay;
  /**
   * Consumes `webhook-delivery` jobs: a producer (the gateway's redelivery) announcing a
   * delivery it committed. The delivery is in the table already; the job only wakes the loop.
   */
  worker: Worker;
  /** The webhook-delivery queue, for metrics. */
  queue: Queue;
  /** Starts delivering (call once ready). */
  run(): void;
  /** Removes delivery records past the retention period; resolves with how many. */
  prune(): Promise<number>;
  stop(): Promise<void>;
}

/** Wires relay, delivery loop and wake-up worker; `main.ts` and the tests build it here. */
export const createDispatcher = (deps: {
  config: Readonly<Static<typeof DispatcherConfig>>;
  db: Db;
  producerRedis: Redis;
  workerRedis: Redis;
  secretBox: SecretBox;
  logger: Logger;
  /** Where delivery metrics are registered (none without it). */
  registry?: Registry;
}): Dispatcher => {
  const { config, logger } = deps;
  const schedule = parseSchedule(config.WEBHOOK_RETRY_SCHEDULE);
  const retentionMs = parseDuration(config.WEBHOOK_DELIVERY_RETENTION);
  if (retentionMs === undefined || retentionMs < MIN_RETENTION_MS) {
    throw new Error('WEBHOOK_DELIVERY_RETENTION must be a duration of at least 3d');
  }
  const maxAttempts = QUEUES.webhookDelivery.attempts;
  const extraCa = config.WEBHOOK_CA_FILE ? [readFileSync(config.WEBHOOK_CA_FILE, 'utf8')] : [];
  const agent = new Agent({
    keepAlive: true,
    // Per origin. Webhooks sharing a host must not share a per-webhook cap (the queues' job).
    maxSockets: config.WEBHOOK_CONCURRENCY,
    // One context for every connection. Passing `ca` instead would make the agent rebuild its
    // pool key from ~150 PEM strings on every request, and parse them again for every socket.
    secureContext: createSecureContext({ ca: [...rootCertificates, ...extraCa] }),
    lookup: safeLookup(config.WEBHOOK_ALLOW_PRIVATE_TARGETS),
  });
  let loop: DeliveryLoop | undefined;
  const metrics = deps.registry
    ? createDeliveryMetrics(deps.registry, deps.db, () => loop?.inFlight ?? 0)
    : noDeliveryMetrics;
  const relay = startRelay({
    db: deps.db,
    databaseUrl: config.DATABASE_URL,
    logger,
    batchSize: config.RELAY_BATCH_SIZE,
    sweepIntervalMs: config.RELAY_SWEEP_INTERVAL_MS,
    onDeliveries: () => loop?.kick(),
  });
  const producer = createProducer(QUEUES.webhookDelivery, {
    connection: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
  });
  const worker = createWorker(
    QUEUES.webhookDelivery,
    () => {
      loop?.kick();
      return Promise.resolve();
    },
    { connection: deps.workerRedis, prefix: config.QUEUE_PREFIX, overrides: { concurrency: 1 } },
  );
  // Hourly, and once at start: keeps the delivery log to the retention period.
  const prune = () =>
    pruneDeliveries(deps.db, retentionMs).catch((err: unknown) => {
      logger.warn(
        { err: (err as Error).message },
        'delivery log pruning failed; retrying next hour',
      );
      return 0;
    });
  const pruneTimer = setInterval(() => void prune(), 3_600_000);
  return {
    relay,
    worker,
    queue: producer.queue,
    prune,
    run: () => {
      loop ??= startDeliveryLoop({
        db: deps.db,
        databaseUrl: config.DATABASE_URL,
        logger,
        send: createSender({
          secretBox: deps.secretBox,
          agent,
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          excerptBytes: config.WEBHOOK_RESPONSE_EXCERPT_BYTES,
          allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
        }),
        concurrency: config.WEBHOOK_CONCURRENCY,
        perEndpoint: config.WEBHOOK_PER_ENDPOINT_CONCURRENCY,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        leaseGraceMs: config.WEBHOOK_LEASE_GRACE_MS,
        maxAttempts,
        schedule,
        pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
        metrics,
      });
      void worker.run();
      void prune();
    },
    stop: async () => {
      clearInterval(pruneTimer);
      await relay.stop();
      await worker.close();
      await loop?.stop();
      await producer.close();
      agent.destroy();
    },
  };
};
