import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { makeEnvelope, type EventType } from '@remediation/contracts';
import { insertOutboxEvent, newId, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import {
  createLogger,
  createMetricsRegistry,
  createRedis,
  loadConfig,
  type Redis,
} from '@remediation/runtime';
import type { Registry } from 'prom-client';
import { createSecretBox, type SecretBox } from '@remediation/security';
import { DispatcherConfig } from '../src/config.js';
import { createDispatcher, type Dispatcher } from '../src/dispatcher.js';

export const fixture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

export type Behaviour = (
  req: Received,
  attempt: number,
) => { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/** A real HTTPS receiver: answers per path with a behaviour, records every request's raw bytes. */
export const startReceiver = async (options: { cert?: string; key?: string } = {}) => {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const server: Server = createServer(
    {
      cert: readFileSync(fixture(options.cert ?? 'server.pem')),
      key: readFileSync(fixture(options.key ?? 'server.key')),
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const entry: Received = {
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks),
          at: Date.now(),
        };
        received.push(entry);
        const attempt = received.filter((r) => r.path === entry.path).length;
        const answerWith: Behaviour =
          behaviours.get(entry.path) ?? (() => ({ status: 200, body: 'ok' }));
        const answer = answerWith(entry, attempt);
        if (answer === 'hang') return;
        res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `https://localhost:${port}${path}`,
    received,
    on: (path: string, behaviour: Behaviour) => behaviours.set(path, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** HMAC-SHA256 by the openssl CLI: an implementation independent of the dispatcher's. */
export const opensslHmacHex = (secret: string, body: Buffer): string =>
  execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret, '-r'], { input: body })
    .toString()
    .split(' ')[0]!
    .trim();

export interface Harness {
  db: Db;
  /** The environment a dispatcher process for this harness runs with. */
  childEnv: Record<string, string>;
  secretBox: SecretBox;
  dispatcher: Dispatcher;
  /** The in-process dispatcher's metrics. */
  registry: Registry;
  /** Starts one more in-process dispatcher on the same database and Redis (closed with the harness). */
  addDispatcher(): Promise<{ dispatcher: Dispatcher; registry: Registry }>;
  org: { id: string; slug: string };
  addWebhook(url: string, events: string[]): Promise<{ id: string; secret: string }>;
  emit(
    type: EventType,
    data: Record<string, unknown>,
    target?: { webhookId: string; deliveryId: string },
  ): Promise<string>;
  /** Commits `count` events of one type in one transaction; resolves with their ids. */
  emitMany(type: EventType, data: Record<string, unknown>, count: number): Promise<string[]>;
  /** Polls the database (bounded) until every delivery of the event is delivered or failed. */
  settled(
    eventId: string,
    expected: number,
    timeoutMs?: number,
  ): Promise<{ id: string; webhook_id: string; status: string; attempts: number }[]>;
  /** Polls (bounded) until the event's delivery to one webhook is delivered or failed. */
  settledFor(
    eventId: string,
    webhookId: string,
    timeoutMs?: number,
  ): Promise<{ id: string; status: string; attempts: number }>;
  attempts(deliveryId: string): Promise<
    {
      attempt_number: number;
      status_code: number | null;
      error_class: string | null;
      response_excerpt: string | null;
    }[]
  >;
  close(): Promise<void>;
}

export const createHarness = async (
  env: Record<string, string> = {},
  options: { inProcess?: boolean } = {},
): Promise<Harness> => {
  const database: TestDatabase = await createTestDatabase();
  const key = randomBytes(32);
  const secretBox = createSecretBox(key);
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const childEnv: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    SECRETS_ENCRYPTION_KEY: key.toString('base64'),
    WEBHOOK_RETRY_SCHEDULE: '50ms,100ms,150ms,200ms',
    WEBHOOK_TIMEOUT_MS: '700',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_CA_FILE: fixture('ca.pem'),
    RELAY_SWEEP_INTERVAL_MS: '200',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    ...env,
  };
  const config = loadConfig(DispatcherConfig, childEnv);
  const producerRedis: Redis = createRedis(REDIS_URL, 'producer');
  const workerRedis: Redis = createRedis(REDIS_URL, 'worker');
  const build = (connections: { producerRedis: Redis; workerRedis: Redis }) => {
    const registry = createMetricsRegistry('webhook-dispatcher');
    const dispatcher = createDispatcher({
      config,
      db: database.db,
      ...connections,
      secretBox,
      logger: createLogger({ service: 'dispatcher-test', level: 'silent' }),
      registry,
    });
    return { dispatcher, registry };
  };
  const { dispatcher, registry } = build({ producerRedis, workerRedis });
  const extra: (() => Promise<void>)[] = [];
  if (options.inProcess === false) {
    await dispatcher.stop();
  } else {
    await dispatcher.relay.started;
    dispatcher.run();
  }
  const org = await database.db
    .insertInto('organizations')
    .values({ id: newId(), slug: `org-${randomBytes(3).toString('hex')}`, tier: 'standard' })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();

  const db = database.db;
  const event = (
    id: string,
    type: EventType,
    data: Record<string, unknown>,
    target?: { webhookId: string; deliveryId: string },
  ) => ({
    id,
    organizationId: org.id,
    repositoryId: null,
    type,
    envelope: makeEnvelope({
      id,
      type,
      createdAt: new Date(),
      organization: org.slug,
      repository: type === 'ping' ? null : 'acme/web',
      data: data as never,
    }),
    ...(target ? { target } : {}),
  });
  return {
    db,
    childEnv,
    secretBox,
    dispatcher,
    registry,
    addDispatcher: async () => {
      const connections = {
        producerRedis: createRedis(REDIS_URL, 'producer'),
        workerRedis: createRedis(REDIS_URL, 'worker'),
      };
      const built = build(connections);
      extra.push(async () => {
        await built.dispatcher.stop();
        await connections.producerRedis.quit();
        await connections.workerRedis.quit();
      });
      await built.dispatcher.relay.started;
      built.dispatcher.run();
      return built;
    },
    org,
    addWebhook: async (url, events) => {
      const secret = `whsec_${randomBytes(16).toString('hex')}`;
      const row = await db
        .insertInto('webhooks')
        .values({
          id: newId(),
          organization_id: org.id,
          url,
          events,
          description: null,
          secret_ciphertext: secretBox.seal(secret),
          secret_hint: secret.slice(-4),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, secret };
    },
    emit: async (type, data, target) => {
      const id = newId();
      await db
        .transaction()
        .execute((trx) => insertOutboxEvent(trx, event(id, type, data, target)));
      return id;
    },
    emitMany: async (type, data, count) => {
      const ids = Array.from({ length: count }, () => newId());
      await db.transaction().execute(async (trx) => {
        for (const id of ids) await insertOutboxEvent(trx, event(id, type, data));
      });
      return ids;
    },
    settled: async (eventId, expected, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await db
          .selectFrom('webhook_deliveries')
          .select(['id', 'webhook_id', 'status', 'attempts'])
          .where('event_id', '=', eventId)
          .execute();
        if (
          (rows.length === expected && rows.every((r) => r.status !== 'pending')) ||
          Date.now() > deadline
        )
          return rows;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    settledFor: async (eventId, webhookId, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await db
          .selectFrom('webhook_deliveries')
          .select(['id', 'status', 'attempts'])
          .where('event_id', '=', eventId)
          .where('webhook_id', '=', webhookId)
          .executeTakeFirst();
        if (row && row.status !== 'pending') return row;
        if (Date.now() > deadline)
          throw new Error(
            `delivery of ${eventId} to ${webhookId} not settled: ${JSON.stringify(row)}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    attempts: (deliveryId) =>
      db
        .selectFrom('webhook_delivery_attempts')
        .select(['attempt_number', 'status_code', 'error_class', 'response_excerpt'])
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempt_number')
        .execute(),
    close: async () => {
      for (const stop of extra) await stop();
      if (options.inProcess !== false) await dispatcher.stop();
      const keys = await producerRedis.keys(`${prefix}:*`);
      if (keys.length > 0) await producerRedis.del(...keys);
      await producerRedis.quit();
      await workerRedis.quit();
      await database.destroy();
    },
  };
};
