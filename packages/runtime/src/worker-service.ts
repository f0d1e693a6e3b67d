import { createDb, type Db } from '@remediation/db';
import type { Static, TObject } from '@sinclair/typebox';
import type { Queue, Worker } from 'bullmq';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import { type BaseConfig, loadConfig } from './config.js';
import { startHealthServer, workerChecks, type Check } from './health.js';
import { createLogger, type Logger } from './logger.js';
import { createMetricsRegistry, registerJobMetrics, registerQueueMetrics } from './metrics.js';
import { createRedis, type Redis } from './redis.js';
import { createShutdown, fatal } from './shutdown.js';
import { flushTraces } from './trace-context.js';

type Base = { [K in keyof typeof BaseConfig]: Static<(typeof BaseConfig)[K]> };

/** What a queue-worker service gets from the skeleton; everything is closed by it on shutdown. */
export interface WorkerServiceDeps<C> {
  config: C;
  logger: Logger;
  db: Db;
  /** For BullMQ workers and queue reads: retries forever. */
  workerRedis: Redis;
  /** For enqueueing: fails fast while Redis is down. */
  producerRedis: Redis;
  /** The service's Prometheus registry (served on /metrics); add the service's own metrics. */
  registry: Registry;
}

/** The part a service builds: its workers, the queues it reports, and how it starts and stops. */
export interface WorkerUnit {
  /** Readiness requires every one of them to be running. */
  workers: readonly Worker[];
  /** Queues whose depth and oldest-job age /metrics reports. */
  queues: readonly Queue[];
  /** Starts taking work; called once, after the health server is up. */
  run(): void | Promise<void>;
  /** Stops taking work and waits for in-flight jobs (closes the service's own queues too). */
  stop(): Promise<void>;
  /** Readiness checks besides PostgreSQL, Redis and the workers. */
  checks?: Record<string, Check>;
}

export interface WorkerServiceOptions<S extends TObject> {
  /** Service name: logs, metrics label, PostgreSQL application name. */
  name: string;
  config: S;
  build(deps: WorkerServiceDeps<Readonly<Static<S>>>): WorkerUnit | Promise<WorkerUnit>;
}

/**
 * The skeleton every queue-worker service shares (DESIGN §6): config parsed once, logger,
 * PostgreSQL pool, a worker and a producer Redis connection, `/livez` `/readyz` `/metrics`,
 * queue metrics, and one shutdown path (readiness off, stop taking work and drain, Redis,
 * PostgreSQL, health server) inside `SHUTDOWN_TIMEOUT_MS`. A service's `main.ts` is one call.
 */
export const startWorkerService = async <S extends TObject>(
  options: WorkerServiceOptions<S>,
): Promise<void> => {
  const config = loadConfig(options.config) as Readonly<Static<S>> & Base;
  const logger = createLogger({ service: options.name, level: config.LOG_LEVEL });
  const db = createDb({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: options.name,
    onIdleError: (err) => logger.warn({ err: err.message }, 'database connection lost'),
  });
  const workerRedis = createRedis(config.REDIS_URL, 'worker');
  const producerRedis = createRedis(config.REDIS_URL, 'producer');
  for (const r of [workerRedis, producerRedis]) {
    r.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis connection error'));
  }
  const registry = createMetricsRegistry(options.name);
  const unit = await options.build({ config, logger, db, workerRedis, producerRedis, registry });
  registerQueueMetrics(registry, unit.queues);
  registerJobMetrics(registry, unit.workers);
  const health = await startHealthServer({
    port: config.HEALTH_PORT,
    registry,
    checks: {
      ...workerChecks({
        pingPostgres: () => sql`select 1`.execute(db),
        redis: workerRedis,
        workers: unit.workers,
      }),
      ...unit.checks,
    },
  });

  const shutdown = createShutdown({ logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  shutdown.add('readiness', () => health.setReady(false));
  shutdown.add(options.name, () => unit.stop());
  shutdown.add(
    'redis',
    async () => void (await Promise.all([workerRedis.quit(), producerRedis.quit()])),
  );
  shutdown.add('postgres', () => db.destroy());
  shutdown.add('health', () => health.close());
  shutdown.add('traces', () => flushTraces());
  shutdown.listen();

  await unit.run();
  health.setReady(true);
  logger.info({ healthPort: health.port }, `${options.name} running`);
};

/** `main.ts` of a queue-worker service: `runWorkerService({...})`; a startup error exits 1. */
export const runWorkerService = <S extends TObject>(options: WorkerServiceOptions<S>): void => {
  startWorkerService(options).catch(fatal);
};
