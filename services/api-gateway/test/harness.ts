import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { QUEUES, type QueueDefinition, type Tier } from '@remediation/contracts';
import { newId, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { createLogger, createProducer, createRedis, type Producer } from '@remediation/runtime';
import { createSecretBox, generateToken, type SecretBox } from '@remediation/security';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import { DEFAULT_LIMITS } from '@remediation/sarif';
import { createApp, type GatewayDeps, type GatewaySettings } from '../src/app.js';
import {
  createSarifInspector,
  type InspectorOptions,
  type SarifInspector,
} from '../src/scans/sarif-inspector.js';
import { TokenCache } from '../src/auth/token-cache.js';
import { listenForTokenChanges } from '../src/auth/token-invalidation.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export const DEFAULT_SETTINGS: GatewaySettings = {
  jsonBodyMaxBytes: 64 * 1024,
  sarifMaxBytes: 2 * 1024 * 1024,
  sarifMaxDecodedBytes: 8 * 1024 * 1024,
  maxWebhooksPerOrganization: 5,
  keyPrefix: 'unset',
  trustProxy: false,
  requireHttps: false,
  publicUrl: 'https://remediation.test',
  version: '1.0.0-test',
};

export interface Harness {
  db: Db;
  redis: Redis;
  prefix: string;
  secretBox: SecretBox;
  ingest: Producer<typeof QUEUES.sarifIngest>;
  publish: Producer<typeof QUEUES.prPublish>;
  tokenCache: TokenCache;
  /** Builds another app over the same database (a second gateway replica), optionally with other Redis clients. */
  makeApp(
    settings?: Partial<GatewaySettings>,
    clients?: {
      redis?: Redis;
      ingest?: Producer<typeof QUEUES.sarifIngest>;
      forgeEvents?: Producer<typeof QUEUES.forgeEvent>;
      sarifInspector?: SarifInspector;
    } & Pick<GatewayDeps, 'registry' | 'queueDashboard'> & { logger?: GatewayDeps['logger'] },
  ): Express;
  app: Express;
  close(): Promise<void>;
}

export const createHarness = async (
  settings: Partial<GatewaySettings> = {},
  inspectorOptions: Partial<InspectorOptions> = {},
): Promise<Harness> => {
  const database: TestDatabase = await createTestDatabase();
  const redis = createRedis(REDIS_URL, 'producer');
  // Producers refuse at once while the connection is not ready (no offline queue), as in
  // production: a test's first request must not race the connection.
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const ingest = createProducer(QUEUES.sarifIngest, { connection: redis, prefix });
  const deliveries = createProducer(QUEUES.webhookDelivery, { connection: redis, prefix });
  const publish = createProducer(QUEUES.prPublish, { connection: redis, prefix });
  const forgeEvents = createProducer(QUEUES.forgeEvent, { connection: redis, prefix });
  const secretBox = createSecretBox(randomBytes(32));
  const logger = createLogger({ service: 'api-gateway-test', level: 'silent' });
  // As in production: tokens cached, and evicted when PostgreSQL reports a change.
  const tokenCache = new TokenCache({ max: 1000, ttlMs: 60_000 });
  const tokenListener = listenForTokenChanges({ url: database.url, cache: tokenCache, logger });
  await tokenListener.started;
  const sarifInspector = createSarifInspector({
    limits: DEFAULT_LIMITS,
    threads: 2,
    heapMb: 512,
    ...inspectorOptions,
  });
  const makeApp = (
    overrides: Partial<GatewaySettings> = {},
    clients: {
      redis?: Redis;
      ingest?: Producer<typeof QUEUES.sarifIngest>;
      forgeEvents?: Producer<typeof QUEUES.forgeEvent>;
      sarifInspector?: SarifInspector;
    } & Pick<GatewayDeps, 'registry' | 'queueDashboard'> & { logger?: GatewayDeps['logger'] } = {},
  ) =>
    createApp({
      db: database.db,
      redis: clients.redis ?? redis,
      ingest: clients.ingest ?? ingest,
      deliveries,
      publish,
      forgeEvents: clients.forgeEvents ?? forgeEvents,
      sarifInspector: clients.sarifInspector ?? sarifInspector,
      secretBox,
      logger: clients.logger ?? logger,
      tokenCache,
      registry: clients.registry,
      queueDashboard: clients.queueDashboard,
      settings: { ...DEFAULT_SETTINGS, keyPrefix: prefix, ...settings, ...overrides },
    });
  return {
    db: database.db,
    redis,
    prefix,
    secretBox,
    ingest,
    publish,
    makeApp,
    app: makeApp(),
    tokenCache,
    close: async () => {
      await sarifInspector.close();
      await tokenListener.close();
      await ingest.close();
      await deliveries.close();
      await publish.close();
      await forgeEvents.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await database.destroy();
    },
  };
};

/** Generous limits so tests that are not about rate limiting never meet it. */
const UNLIMITED = { rpm: 1_000_000, burst: 100_000 };

export const createOrg = async (db: Db, options: { tier?: Tier; unlimited?: boolean } = {}) => {
  const limits = options.unlimited === false ? { rpm: null, burst: null } : UNLIMITED;
  return db
    .insertInto('organizations')
    .values({
      id: newId(),
      slug: `org-${randomBytes(4).toString('hex')}`,
      tier: options.tier ?? 'standard',
      rate_limit_rpm: limits.rpm,
      rate_limit_burst: limits.burst,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
};

export const createRepo = async (
  db: Db,
  organizationId: string,
  name = `acme/${randomBytes(3).toString('hex')}`,
) =>
  db
    .insertInto('repositories')
    .values({
      id: newId(),
      organization_id: organizationId,
      name,
      provider: 'github',
      clone_url: 'https://github.com/acme/web.git',
      credentials_ref: null,
      default_branch: 'main',
      settings: JSON.stringify({}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const createToken = async (
  db: Db,
  organizationId: string,
  options: { repositoryId?: string; expiresAt?: Date; revoked?: boolean } = {},
) => {
  const generated = generateToken();
  const row = await db
    .insertInto('api_tokens')
    .values({
      id: newId(),
      organization_id: organizationId,
      name: 'test',
      token_hash: generated.hash,
      display_prefix: generated.displayPrefix,
      scope: options.repositoryId ? 'repository' : 'organization',
      repository_id: options.repositoryId ?? null,
      expires_at: options.expiresAt ?? null,
      revoked_at: options.revoked ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: generated.token, bearer: `Bearer ${generated.token}` };
};

/** An organization with one repository and an organization-wide token. */
export const createTenant = async (db: Db, options: { tier?: Tier; unlimited?: boolean } = {}) => {
  const org = await createOrg(db, options);
  const repo = await createRepo(db, org.id);
  const token = await createToken(db, org.id);
  return { org, repo, token, auth: token.bearer };
};

/** Asserts the spec's error shape and returns the error object. */
export const expectError = (
  res: { status: number; body: unknown; headers: Record<string, string> },
  status: number,
  code: string,
) => {
  const body = res.body as { error?: { code?: string; message?: string; request_id?: string } };
  if (res.status !== status || body.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (typeof body.error.message !== 'string' || body.error.message.length === 0)
    throw new Error('error.message missing');
  if (body.error.request_id !== res.headers['x-request-id'])
    throw new Error('error.request_id must equal X-Request-Id');
  return body.error as {
    code: string;
    message: string;
    request_id: string;
    problems?: { path: string; message: string }[];
  };
};

/**
 * A producer whose Redis never answers (a hung server that accepts connections and says
 * nothing): `add` refuses within the readiness wait, as in an outage. A hung server rather than
 * a closed port, so no connection refusal outlives the test as a stray rejection.
 */
export const unreachableProducer = async <D extends QueueDefinition>(
  def: D,
  prefix: string,
): Promise<{ producer: Producer<D>; close(): Promise<void> }> => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const redis = createRedis(`redis://127.0.0.1:${port}`, 'producer');
  redis.on('error', () => undefined);
  const producer = createProducer(def, { connection: redis, prefix });
  return {
    producer,
    close: async () => {
      await producer.close().catch(() => undefined);
      redis.disconnect();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
