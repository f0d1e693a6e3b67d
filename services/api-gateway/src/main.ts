import { QUEUES } from '@remediation/contracts';
import { createDb } from '@remediation/db';
import {
  createLogger,
  createMetricsRegistry,
  createProducer,
  createRedis,
  createShutdown,
  fatal,
  flushTraces,
  loadConfig,
  registerQueueMetrics,
  startHealthServer,
} from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import { sql } from 'kysely';
import { adminFromConfig } from './admin/admin-config.js';
import { registryQueues } from './admin/queue-dashboard.js';
import { createApp } from './app.js';
import { createSarifInspector } from './scans/sarif-inspector.js';
import { TokenCache } from './auth/token-cache.js';
import { listenForTokenChanges } from './auth/token-invalidation.js';
import { GatewayConfig } from './config.js';
import { start } from './server.js';
import { resolveDashboardDir } from './dashboard/static.js';
import { oidcFromConfig } from './sessions/oidc-config.js';

const parseTrustProxy = (value: string): boolean | number | string =>
  value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value;

const main = async (): Promise<void> => {
  const config = loadConfig(GatewayConfig);
  const logger = createLogger({ service: 'api-gateway', level: config.LOG_LEVEL });
  const oidc = oidcFromConfig(config);
  const operator = adminFromConfig(config);
  const dashboardDir = resolveDashboardDir(config.DASHBOARD_DIR);
  if (!dashboardDir) logger.warn('dashboard not built; serving the API only');
  const db = createDb({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'api-gateway',
    onIdleError: (err) => logger.warn({ err: err.message }, 'database connection lost'),
  });
  const redis = createRedis(config.REDIS_URL, 'producer');
  // Connection errors surface as 503s on requests and as /readyz failures; this records them.
  redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis connection error'));
  const ingest = createProducer(QUEUES.sarifIngest, {
    connection: redis,
    prefix: config.QUEUE_PREFIX,
  });
  const deliveries = createProducer(QUEUES.webhookDelivery, {
    connection: redis,
    prefix: config.QUEUE_PREFIX,
  });
  const publish = createProducer(QUEUES.prPublish, {
    connection: redis,
    prefix: config.QUEUE_PREFIX,
  });
  const forgeEvents = createProducer(QUEUES.forgeEvent, {
    connection: redis,
    prefix: config.QUEUE_PREFIX,
  });
  const registry = createMetricsRegistry('api-gateway');
  registerQueueMetrics(registry, [ingest.queue, deliveries.queue]);
  const boardQueues = operator ? registryQueues(redis, config.QUEUE_PREFIX) : [];

  const tokenCache =
    config.AUTH_CACHE_TTL_MS > 0
      ? new TokenCache({ max: config.AUTH_CACHE_MAX, ttlMs: config.AUTH_CACHE_TTL_MS })
      : undefined;
  const tokenListener = tokenCache
    ? listenForTokenChanges({ url: config.DATABASE_URL, cache: tokenCache, logger })
    : undefined;
  await tokenListener?.started;

  const sarifInspector = createSarifInspector({
    limits: {
      maxRuns: config.SARIF_MAX_RUNS,
      maxResultsPerRun: config.SARIF_MAX_RESULTS_PER_RUN,
    },
    threads: config.SARIF_VALIDATION_THREADS,
    heapMb: config.SARIF_VALIDATION_HEAP_MB,
  });

  const app = createApp({
    db,
    sarifInspector,
    tokenCache,
    redis,
    ingest,
    publish,
    deliveries,
    forgeEvents,
    secretBox: createSecretBox(parseKey(config.SECRETS_ENCRYPTION_KEY)),
    logger,
    registry,
    queueDashboard: operator ? { queues: boardQueues, credentials: operator } : undefined,
    settings: {
      jsonBodyMaxBytes: config.JSON_BODY_MAX_BYTES,
      sarifMaxBytes: config.SARIF_MAX_BYTES,
      sarifMaxDecodedBytes: config.SARIF_MAX_DECODED_BYTES,
      maxWebhooksPerOrganization: config.MAX_WEBHOOKS_PER_ORGANIZATION,
      keyPrefix: config.QUEUE_PREFIX,
      trustProxy: parseTrustProxy(config.TRUST_PROXY),
      requireHttps: config.REQUIRE_HTTPS,
      publicUrl: config.PUBLIC_URL,
      version: '1.0.0',
      sessions: {
        maxAgeMs: config.SESSION_MAX_AGE_MS,
        idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS,
      },
      oidc,
      dashboardDir,
      integrations: {
        githubWebhookSecret: config.GITHUB_WEBHOOK_SECRET,
        gitlabWebhookToken: config.GITLAB_WEBHOOK_TOKEN,
        forgeWebhookMaxBytes: config.FORGE_WEBHOOK_MAX_BYTES,
        sarifReplayWindowMs: config.SARIF_INTEGRATION_REPLAY_WINDOW_MS,
      },
    },
  });

  const health = await startHealthServer({
    port: config.HEALTH_PORT,
    registry,
    checks: {
      postgres: async () => void (await sql`select 1`.execute(db)),
      redis: async () => void (await redis.ping()),
    },
  });
  const tls =
    config.TLS_CERT_FILE && config.TLS_KEY_FILE
      ? { certFile: config.TLS_CERT_FILE, keyFile: config.TLS_KEY_FILE }
      : undefined;
  const server = await start(app, { port: config.PORT, host: config.HOST, tls });

  const shutdown = createShutdown({ logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  shutdown.add('readiness', () => health.setReady(false));
  shutdown.add('http', () => server.stop());
  shutdown.add(
    'queues',
    async () =>
      void (await Promise.all([
        ingest.close(),
        publish.close(),
        deliveries.close(),
        forgeEvents.close(),
        ...boardQueues.map((q) => q.close()),
      ])),
  );
  shutdown.add('token listener', () => tokenListener?.close());
  shutdown.add('sarif validation threads', () => sarifInspector.close());
  shutdown.add('redis', async () => void (await redis.quit()));
  shutdown.add('postgres', () => db.destroy());
  shutdown.add('health', () => health.close());
  shutdown.add('traces', () => flushTraces());
  shutdown.listen();

  health.setReady(true);
  logger.info(
    { port: server.port, healthPort: health.port, tls: Boolean(tls), queueDashboard: !!operator },
    'api-gateway listening',
  );
};

main().catch(fatal);
