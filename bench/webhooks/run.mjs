// bench/webhooks: EVENTS events (default 10,000) fanned out to 20 local HTTPS receivers
// (16 fast, 3 slow, 1 dead), delivered by the real webhook-dispatcher process. Prints deliveries
// per second, the p99 delay from outbox commit to first attempt per receiver kind, and, in the
// same run, a bare loop of signed HTTPS POSTs from one process as the ceiling.
// Needs `pnpm build`, local PostgreSQL and Redis.
import { fork, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:https';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newId } from '@remediation/db';
import { createSecretBox } from '@remediation/security';
import { createBenchDatabase } from '../lib/database.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CA = `${ROOT}/services/webhook-dispatcher/test/fixtures/ca.pem`;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const KINDS = [...Array(16).fill('fast'), ...Array(3).fill('slow'), 'dead'];
const CONCURRENCY = 32;

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The ceiling: one process signing and POSTing the same bodies to the fast receivers. */
const bareLoop = async (ports, total, secret) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 4, ca: readFileSync(CA) });
  const body = Buffer.from(
    JSON.stringify({
      id: newId(),
      type: 'scan.completed',
      created_at: new Date().toISOString(),
      organization: 'bench',
      repository: 'a/b',
      data: {},
    }),
  );
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const port = ports[next++ % ports.length];
      await new Promise((resolve, reject) => {
        const req = request(
          {
            host: 'localhost',
            port,
            path: '/',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': body.length,
              'x-service-signature': createHmac('sha256', secret).update(body).digest('hex'),
            },
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return total / ((performance.now() - started) / 1000);
};

const main = async () => {
  const database = await createBenchDatabase();
  const { db, url: dbUrl } = database;
  const children = [];
  try {
    const receivers = fork(
      fileURLToPath(new URL('./receivers.mjs', import.meta.url)),
      [JSON.stringify(KINDS)],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    children.push(receivers);
    const { ports } = await new Promise((resolve) => receivers.once('message', resolve));

    const key = randomBytes(32);
    const box = createSecretBox(key);
    const orgId = newId();
    await db
      .insertInto('organizations')
      .values({ id: orgId, slug: 'bench', tier: 'enterprise' })
      .execute();
    const hooks = KINDS.map((kind, i) => ({ id: newId(), kind, port: ports[i] }));
    await db
      .insertInto('webhooks')
      .values(
        hooks.map((h) => ({
          id: h.id,
          organization_id: orgId,
          url: `https://localhost:${h.port}/hook`,
          events: ['*'],
          description: h.kind,
          secret_ciphertext: box.seal('bench-secret-0123456789'),
          secret_hint: '6789',
        })),
      )
      .execute();

    const dispatcher = spawn(
      process.execPath,
      ['--import', './dist/instrument.js', 'dist/main.js'],
      {
        cwd: `${ROOT}/services/webhook-dispatcher`,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          REDIS_URL,
          QUEUE_PREFIX: `bench-${randomBytes(3).toString('hex')}`,
          SECRETS_ENCRYPTION_KEY: key.toString('base64'),
          WEBHOOK_CA_FILE: CA,
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          HEALTH_PORT: '0',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(dispatcher);

    // Commit events in batches of 500, one transaction each, as producers would.
    const started = Date.now();
    for (let i = 0; i < EVENTS; i += 500) {
      const n = Math.min(500, EVENTS - i);
      await db.transaction().execute((trx) =>
        trx
          .insertInto('outbox')
          .values(
            Array.from({ length: n }, () => {
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
            }),
          )
          .execute(),
      );
    }
    const liveHooks = hooks.filter((h) => h.kind !== 'dead').map((h) => h.id);
    const expected = EVENTS * liveHooks.length;
    for (;;) {
      const { n } = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      if (Number(n) >= expected) break;
      if (Date.now() - started > 30 * 60_000)
        throw new Error(`only ${n} of ${expected} delivered after 30 min`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const elapsedS = (Date.now() - started) / 1000;
    dispatcher.kill('SIGTERM');

    const delays = await db
      .selectFrom('webhook_delivery_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .innerJoin('outbox as o', 'o.id', 'd.event_id')
      .select('d.webhook_id')
      .select((eb) => eb.ref('a.started_at').as('started_at'))
      .select((eb) => eb.ref('o.created_at').as('created_at'))
      .where('a.attempt_number', '=', 1)
      .execute();
    const byKind = { fast: [], slow: [], dead: [] };
    const kindOf = new Map(hooks.map((h) => [h.id, h.kind]));
    for (const row of delays)
      byKind[kindOf.get(row.webhook_id)].push(
        new Date(row.started_at).getTime() - new Date(row.created_at).getTime(),
      );

    const ceiling = await bareLoop(
      hooks.filter((h) => h.kind === 'fast').map((h) => h.port),
      Math.min(expected, 20_000),
      'bench-secret-0123456789',
    );
    const rate = expected / elapsedS;
    console.log(
      `bench/webhooks: ${EVENTS} events x 20 receivers (16 fast, 3 slow at 200 ms, 1 dead), node ${process.version}`,
    );
    console.table([
      { measure: 'deliveries to live receivers', value: expected },
      { measure: 'wall time, first commit to last delivery (s)', value: elapsedS.toFixed(1) },
      { measure: 'dispatcher deliveries/s', value: Math.round(rate) },
      { measure: 'ceiling: bare signed HTTPS POST loop/s', value: Math.round(ceiling) },
    ]);
    console.table(
      Object.entries(byKind).map(([kind, values]) => ({
        receivers: kind,
        first_attempts: values.length,
        'p50 commit→first attempt (ms)': Math.round(percentile(values, 50)),
        'p99 commit→first attempt (ms)': Math.round(percentile(values, 99)),
      })),
    );
    console.log(`ratio dispatcher/ceiling: ${(rate / ceiling).toFixed(2)}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await database.drop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
