import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { createProducer, createWorker, type Logger, type Redis } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import type { Static } from '@sinclair/typebox';
import type { Queue, Worker } from 'bullmq';
import type { DispatcherConfig } from './config.js';
import { DeliveryRetryError, deliveryProcessor } from './delivery/delivery.processor.js';
import { EndpointLimiter } from './delivery/endpoint-limiter.js';
import { safeLookup } from './delivery/safe-lookup.js';
import { startRelay, type Relay } from './relay/relay-loop.js';
import { MIN_RETENTION_MS, pruneDeliveries } from './relay/retention.js';
import { parseDuration, parseSchedule, retryDelay } from './schedule/parse-schedule.js';

export interface Dispatcher {
  relay: Relay;
  worker: Worker;
  /** The webhook-delivery queue, for metrics. */
  queue: Queue;
  /** Starts taking delivery jobs (call once ready). */
  run(): void;
  /** Removes delivery records past the retention period; resolves with how many. */
  prune(): Promise<number>;
  stop(): Promise<void>;
}

/** Wires relay and delivery worker; `main.ts` and the tests both build the dispatcher here. */
export const createDispatcher = (deps: {
  config: Readonly<Static<typeof DispatcherConfig>>;
  db: Db;
  producerRedis: Redis;
  workerRedis: Redis;
  secretBox: SecretBox;
  logger: Logger;
}): Dispatcher => {
  const { config } = deps;
  const schedule = parseSchedule(config.WEBHOOK_RETRY_SCHEDULE);
  const retentionMs = parseDuration(config.WEBHOOK_DELIVERY_RETENTION);
  if (retentionMs === undefined || retentionMs < MIN_RETENTION_MS) {
    throw new Error('WEBHOOK_DELIVERY_RETENTION must be a duration of at least 3d');
  }
  const extraCa = config.WEBHOOK_CA_FILE ? [readFileSync(config.WEBHOOK_CA_FILE, 'utf8')] : [];
  const agent = new Agent({
    keepAlive: true,
    // Per origin. Webhooks sharing a host must not share a per-webhook cap (the limiter's job).
    maxSockets: config.WEBHOOK_CONCURRENCY,
    ca: [...rootCertificates, ...extraCa],
    lookup: safeLookup(config.WEBHOOK_ALLOW_PRIVATE_TARGETS),
  });
  const producer = createProducer(QUEUES.webhookDelivery, {
    connection: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
  });
  const relay = startRelay({
    db: deps.db,
    databaseUrl: config.DATABASE_URL,
    producer,
    logger: deps.logger,
    batchSize: config.RELAY_BATCH_SIZE,
    sweepIntervalMs: config.RELAY_SWEEP_INTERVAL_MS,
    strandedGraceMs: config.RELAY_STRANDED_GRACE_MS,
  });
  const worker = createWorker(
    QUEUES.webhookDelivery,
    deliveryProcessor({
      db: deps.db,
      secretBox: deps.secretBox,
      agent,
      limiter: new EndpointLimiter(config.WEBHOOK_PER_ENDPOINT_CONCURRENCY, {
        minDelayMs: 100,
        maxDelayMs: config.WEBHOOK_TIMEOUT_MS,
      }),
      schedule,
      maxAttempts: QUEUES.webhookDelivery.attempts,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      excerptBytes: config.WEBHOOK_RESPONSE_EXCERPT_BYTES,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    }),
    {
      connection: deps.workerRedis,
      prefix: config.QUEUE_PREFIX,
      overrides: {
        concurrency: config.WEBHOOK_CONCURRENCY,
        lockDuration: config.WEBHOOK_JOB_LOCK_MS,
        stalledInterval: config.WEBHOOK_JOB_LOCK_MS,
        settings: {
          backoffStrategy: (attemptsMade: number, _type?: string, err?: Error) =>
            retryDelay(
              schedule,
              attemptsMade,
              err instanceof DeliveryRetryError ? err.retryAfterMs : undefined,
            ),
        },
      },
    },
  );
  // Hourly, and once at start: keeps the delivery log to the retention period.
  const prune = () =>
    pruneDeliveries(deps.db, retentionMs).catch((err: unknown) => {
      deps.logger.warn(
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
      void worker.run();
      void prune();
    },
    stop: async () => {
      clearInterval(pruneTimer);
      await relay.stop();
      await worker.close();
      await producer.close();
      agent.destroy();
    },
  };
};
