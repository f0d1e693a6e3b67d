// What each benchmark phase sets up: a fresh database with one organization and one webhook per
// receiver, real webhook-dispatcher processes, events committed to the outbox, and the figures
// read back (CPU time of the dispatchers, PostgreSQL transactions, Redis commands).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { newId } from '@remediation/db';
import { createSecretBox } from '@remediation/security';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { createBenchDatabase } from '../lib/database.mjs';

export const SECRET = 'bench-secret-0123456789';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A migrated database with one organization and one `*` webhook per receiver. */
export const seedStack = async ({ kinds, ports }) => {
  const database = await createBenchDatabase();
  const key = randomBytes(32);
  const box = createSecretBox(key);
  const orgId = newId();
  await database.db
    .insertInto('organizations')
    .values({ id: orgId, slug: 'bench', tier: 'enterprise' })
    .execute();
  const hooks = kinds.map((kind, i) => ({ id: newId(), kind, port: ports[i] }));
  await database.db
    .insertInto('webhooks')
    .values(
      hooks.map((h) => ({
        id: h.id,
        organization_id: orgId,
        url: `https://localhost:${h.port}/hook`,
        events: ['*'],
        description: h.kind,
        secret_ciphertext: box.seal(SECRET),
        secret_hint: '6789',
      })),
    )
    .execute();
  return { database, key, orgId, hooks };
};

/** Starts `count` dispatcher processes and waits until each is ready. */
export const startDispatchers = async ({
  root,
  count,
  dbUrl,
  redisUrl,
  key,
  ca,
  nodeArgs,
  env,
}) => {
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const children = [];
  const healthPorts = [];
  for (let i = 0; i < count; i++) {
    const healthPort = await freePort();
    healthPorts.push(healthPort);
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', './dist/instrument.js', 'dist/main.js'],
      {
        cwd: `${root}/services/webhook-dispatcher`,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          REDIS_URL: redisUrl,
          QUEUE_PREFIX: prefix,
          SECRETS_ENCRYPTION_KEY: key.toString('base64'),
          WEBHOOK_CA_FILE: ca,
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          HEALTH_PORT: String(healthPort),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(child);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dispatcher exited early (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('dispatcher not ready after 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    children,
    prefix,
    /** Attempts each dispatcher made so far (its remediation_webhook_attempts_total). */
    attemptsEach: () =>
      Promise.all(
        healthPorts.map(async (port) => {
          const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          return [...text.matchAll(/^remediation_webhook_attempts_total\{[^}]*\} (\d+)/gm)].reduce(
            (sum, m) => sum + Number(m[1]),
            0,
          );
        }),
      ),
    /** User + system CPU seconds used so far by every dispatcher process. */
    cpuSeconds: () =>
      children.reduce((sum, child) => {
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return sum + (Number(fields[11]) + Number(fields[12])) / 100;
      }, 0),
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
    },
  };
};

const eventRow = (orgId) => {
  const id = newId();
  return {
    id,
    organization_id: orgId,
    repository_id: null,
    type: 'scan.completed',
    envelope: JSON.stringify({
      id,
      type: 'scan.completed',
      created_at: new Date().toISOString(),
      organization: 'bench',
      repository: 'a/b',
      data: {
        scan_id: id,
        state: 'completed',
        findings_count: 3,
        fixes_generated: 1,
        duration_ms: 1200,
        tools: ['CodeQL'],
      },
    }),
    target_webhook_id: null,
    target_delivery_id: null,
  };
};

/** Commits `count` events, `perTransaction` to a transaction, as producers would. */
export const commitEvents = async (db, orgId, count, perTransaction) => {
  for (let i = 0; i < count; i += perTransaction) {
    const n = Math.min(perTransaction, count - i);
    await db.transaction().execute((trx) =>
      trx
        .insertInto('outbox')
        .values(Array.from({ length: n }, () => eventRow(orgId)))
        .execute(),
    );
  }
};

/** Commits one event per transaction at `perSecond`, for `seconds`. */
export const commitPaced = async (db, orgId, perSecond, seconds) => {
  const started = Date.now();
  const total = Math.round(perSecond * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    await db.insertInto('outbox').values(eventRow(orgId)).execute();
  }
  return total;
};

/** Commit → first attempt (ms) per receiver kind, from the delivery log. */
export const firstAttemptDelays = async (db, hooks) => {
  const rows = await db
    .selectFrom('webhook_delivery_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .innerJoin('outbox as o', 'o.id', 'd.event_id')
    .select(['d.webhook_id', 'a.started_at', 'o.created_at'])
    .where('a.attempt_number', '=', 1)
    .execute();
  const kindOf = new Map(hooks.map((h) => [h.id, h.kind]));
  const byKind = { fast: [], slow: [], dead: [] };
  for (const row of rows)
    byKind[kindOf.get(row.webhook_id)].push(
      new Date(row.started_at).getTime() - new Date(row.created_at).getTime(),
    );
  return byKind;
};

/** Transactions committed or rolled back in this database so far (the statistics lag ~1 s). */
export const transactions = async (db) => {
  await new Promise((r) => setTimeout(r, 1_200));
  await sql`select pg_stat_clear_snapshot()`.execute(db);
  const { rows } = await sql`
    select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`.execute(
    db,
  );
  return Number(rows[0].n);
};

/** Commands Redis has processed, server-wide (other users of the server included). */
export const redisCommands = async (url) => {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const info = await redis.info('stats');
    return Number(/total_commands_processed:(\d+)/.exec(info)[1]);
  } finally {
    redis.disconnect();
  }
};

/** Deliveries per status. */
export const deliveryCounts = async (db) => {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
};

/** Deliveries the log shows as successfully attempted more than once (at-least-once duplicates). */
export const deliveredTwice = async (db) => {
  const { rows } = await sql`
    select count(*) as n from (
      select delivery_id from webhook_delivery_attempts
      where status_code between 200 and 299 group by 1 having count(*) > 1) x`.execute(db);
  return Number(rows[0].n);
};
