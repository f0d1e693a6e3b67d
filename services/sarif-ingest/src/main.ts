import { createDb } from '@remediation/db';
import {
  createLogger,
  createMetricsRegistry,
  createRedis,
  createShutdown,
  fatal,
  loadConfig,
  registerQueueMetrics,
  startHealthServer,
  workerChecks,
} from '@remediation/runtime';
import { sql } from 'kysely';
import { IngestConfig } from './config.js';
import { createIngestMetrics } from './ingest/ingest-metrics.js';
import { createIngester } from './ingester.js';

const main = async (): Promise<void> => {
  const config = loadConfig(IngestConfig);
  const logger = createLogger({ service: 'sarif-ingest', level: config.LOG_LEVEL });
  const db = createDb({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'sarif-ingest',
    onIdleError: (err) => logger.warn({ err: err.message }, 'idle database connection lost'),
  });
  const workerRedis = createRedis(config.REDIS_URL, 'worker');
  const producerRedis = createRedis(config.REDIS_URL, 'producer');
  for (const r of [workerRedis, producerRedis]) {
    r.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis connection error'));
  }
  const registry = createMetricsRegistry('sarif-ingest');
  const ingester = createIngester({
    config,
    db,
    workerRedis,
    producerRedis,
    logger,
    metrics: createIngestMetrics(registry),
  });
  registerQueueMetrics(registry, [ingester.queue]);
  const health = await startHealthServer({
    port: config.HEALTH_PORT,
    registry,
    checks: workerChecks({
      pingPostgres: () => sql`select 1`.execute(db),
      redis: workerRedis,
      worker: ingester.worker,
    }),
  });

  const shutdown = createShutdown({ logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  shutdown.add('readiness', () => health.setReady(false));
  shutdown.add('ingester', () => ingester.stop());
  shutdown.add(
    'redis',
    async () => void (await Promise.all([workerRedis.quit(), producerRedis.quit()])),
  );
  shutdown.add('postgres', () => db.destroy());
  shutdown.add('health', () => health.close());
  shutdown.listen();

  ingester.run();
  health.setReady(true);
  logger.info({ healthPort: health.port }, 'sarif-ingest running');
};

main().catch(fatal);
