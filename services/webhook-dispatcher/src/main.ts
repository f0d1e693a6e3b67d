import { createDb } from '@remediation/db';
import {
  createLogger,
  createMetricsRegistry,
  registerQueueMetrics,
  createRedis,
  createShutdown,
  fatal,
  loadConfig,
  startHealthServer,
  workerChecks,
} from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import { sql } from 'kysely';
import { DispatcherConfig } from './config.js';
import { createDispatcher } from './dispatcher.js';

const main = async (): Promise<void> => {
  const config = loadConfig(DispatcherConfig);
  const logger = createLogger({ service: 'webhook-dispatcher', level: config.LOG_LEVEL });
  const db = createDb({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'webhook-dispatcher',
    onIdleError: (err) => logger.warn({ err: err.message }, 'idle database connection lost'),
  });
  const producerRedis = createRedis(config.REDIS_URL, 'producer');
  const workerRedis = createRedis(config.REDIS_URL, 'worker');
  for (const r of [producerRedis, workerRedis]) {
    r.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis connection error'));
  }
  const dispatcher = createDispatcher({
    config,
    db,
    producerRedis,
    workerRedis,
    secretBox: createSecretBox(parseKey(config.SECRETS_ENCRYPTION_KEY)),
    logger,
  });
  const registry = createMetricsRegistry('webhook-dispatcher');
  registerQueueMetrics(registry, [dispatcher.queue]);
  const health = await startHealthServer({
    port: config.HEALTH_PORT,
    registry,
    checks: workerChecks({
      pingPostgres: () => sql`select 1`.execute(db),
      redis: workerRedis,
      worker: dispatcher.worker,
    }),
  });

  const shutdown = createShutdown({ logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  shutdown.add('readiness', () => health.setReady(false));
  shutdown.add('dispatcher', () => dispatcher.stop());
  shutdown.add(
    'redis',
    async () => void (await Promise.all([producerRedis.quit(), workerRedis.quit()])),
  );
  shutdown.add('postgres', () => db.destroy());
  shutdown.add('health', () => health.close());
  shutdown.listen();

  await dispatcher.relay.started;
  dispatcher.run();
  health.setReady(true);
  logger.info({ healthPort: health.port }, 'webhook-dispatcher running');
};

main().catch(fatal);
