// bench/gateway: authenticated GET /v1/repositories/{id}/fixes?limit=20 with 1,000 fixes stored,
// 50 concurrent connections, in the same run against two baselines: a bare Express app returning a
// constant body, and a bare Express + pg app doing the same read (same prepared statement, same
// pool size, same JSON; checked equal to the gateway's answer). Prints throughput, latency and
// the gateway's ratio to each. Needs `pnpm build` and local PostgreSQL + Redis.
import { fork, spawn } from 'node:child_process';
import { deepStrictEqual } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { newId } from '@remediation/db';
import { generateToken } from '@remediation/security';
import { createBenchDatabase } from '../lib/database.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const CONNECTIONS = 50;
const FIXES = 1000;

const seed = async (db) => {
  const orgId = newId();
  // Rate limits are raised for this organization so the benchmark measures the gateway, not the 429 path.
  await db
    .insertInto('organizations')
    .values({
      id: orgId,
      slug: 'bench',
      tier: 'enterprise',
      rate_limit_rpm: 100_000_000,
      rate_limit_burst: 10_000_000,
    })
    .execute();
  const repoId = newId();
  await db
    .insertInto('repositories')
    .values({
      id: repoId,
      organization_id: orgId,
      name: 'bench/app',
      provider: 'git',
      clone_url: '/tmp/bench.git',
      credentials_ref: null,
      default_branch: 'main',
      settings: '{}',
    })
    .execute();
  const rows = Array.from({ length: FIXES }, (_, i) => ({
    id: newId(),
    repository_id: repoId,
    finding_ids: [newId()],
    codemod: 'js/parameterize-sql-query',
    status: i % 10 === 0 ? 'pr_open' : 'generated',
    summary: 'Use a parameterized query instead of string concatenation',
    diff: `--- a/src/db${i}.js\n+++ b/src/db${i}.js\n@@ -1 +1 @@\n-a\n+b\n`,
    rationale: 'why',
    files_changed: 1,
  }));
  await db.insertInto('fixes').values(rows).execute();
  const token = generateToken();
  await db
    .insertInto('api_tokens')
    .values({
      id: newId(),
      organization_id: orgId,
      name: 'bench',
      token_hash: token.hash,
      display_prefix: token.displayPrefix,
      scope: 'organization',
      repository_id: null,
    })
    .execute();
  return { repoId, token: token.token };
};

/** User + system CPU seconds a process has used. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The SQL text of the gateway's page query, as its connection last ran it. */
const gatewayStatement = async (db) => {
  const { rows } = await sql`
    select query from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and query like 'select %from "fixes" where %order by%'`.execute(db);
  if (rows.length === 0)
    throw new Error('the gateway page query was not found in pg_stat_activity');
  return rows[0].query;
};

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls /readyz until the gateway is ready (bounded). */
const waitReady = async (healthPort, child) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited early (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('gateway did not become ready in 30 s');
};

const load = (url, headers, connections = CONNECTIONS) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION_S, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

const warm = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration: 2, headers }, (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );

const main = async () => {
  const database = await createBenchDatabase();
  const dbUrl = database.url;
  const children = [];
  try {
    const { repoId, token } = await seed(database.db);

    const shared = {
      QUEUE_PREFIX: `bench-${randomBytes(3).toString('hex')}`,
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    /** A gateway process; replicas share the queue prefix (and so the rate-limit buckets). */
    const startGateway = async () => {
      const port = await freePort();
      const healthPort = await freePort();
      const nodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const child = spawn(
        process.execPath,
        [...nodeArgs, '--import', './dist/instrument.js', 'dist/main.js'],
        {
          cwd: `${ROOT}/services/api-gateway`,
          env: {
            ...process.env,
            ...shared,
            DATABASE_URL: dbUrl,
            REDIS_URL,
            PORT: String(port),
            HOST: '127.0.0.1',
            HEALTH_PORT: String(healthPort),
            LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
            NODE_ENV: 'production',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      // Access logs go to a pipe that is drained, as a log collector would.
      child.stdout.resume();
      await waitReady(healthPort, child);
      return { port, pid: child.pid };
    };
    const gateway = await startGateway();
    const gatewayPort = gateway.port;

    const path = `/v1/repositories/${repoId}/fixes?limit=20`;
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`http://127.0.0.1:${gatewayPort}${path}`, { headers });
    const page = await check.json();
    if (check.status !== 200 || page.data.length !== 20)
      throw new Error(`gateway answered ${check.status}: ${JSON.stringify(page).slice(0, 300)}`);
    const pageSql = await gatewayStatement(database.db);

    const startBaseline = async (file) => {
      const child = fork(fileURLToPath(new URL(file, import.meta.url)), {
        env: { ...process.env, DATABASE_URL: dbUrl, PAGE_SQL: pageSql, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      children.push(child);
      const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)));
      return { port, pid: child.pid };
    };
    const bare = await startBaseline('./bare-app.mjs');
    const same = await startBaseline('./same-work-app.mjs');
    // The same-work baseline must answer exactly what the gateway answers.
    deepStrictEqual(await (await fetch(`http://127.0.0.1:${same.port}${path}`)).json(), page);

    // BENCH_ONLY=gateway skips the baselines (for profiling the gateway alone); ratios need them.
    const only = process.env.BENCH_ONLY;
    const skipped = { requests: { average: NaN, total: NaN }, latency: {}, cpuMicros: NaN };
    const measure = async ({ port, pid }) => {
      await warm(`http://127.0.0.1:${port}${path}`, headers);
      const cpu0 = cpuSeconds(pid);
      const result = await load(`http://127.0.0.1:${port}${path}`, headers);
      return { ...result, cpuMicros: ((cpuSeconds(pid) - cpu0) * 1e6) / result.requests.total };
    };
    const bareResult = only === 'gateway' ? skipped : await measure(bare);
    const sameResult = only === 'gateway' ? skipped : await measure(same);
    const gatewayResult = await measure(gateway);
    // Two replicas behind no load balancer: half the connections to each, in the same run.
    let replicas;
    if (process.env.BENCH_GATEWAYS !== '1') {
      const second = await startGateway();
      await warm(`http://127.0.0.1:${second.port}${path}`, headers);
      const both = await Promise.all(
        [gateway, second].map(({ port }) =>
          load(`http://127.0.0.1:${port}${path}`, headers, CONNECTIONS / 2),
        ),
      );
      replicas = {
        rate: both.reduce((sum, r) => sum + r.requests.average, 0),
        failed: both.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
      };
    }

    const summary = (name, r) => ({
      name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'server CPU µs/req': Math.round(r.cpuMicros),
      non2xx: r.non2xx,
      errors: r.errors,
    });
    console.log(
      `bench/gateway: ${CONNECTIONS} connections, ${DURATION_S}s each, ${FIXES} fixes stored, node ${process.version}`,
    );
    console.table([
      summary('bare express (constant body)', bareResult),
      summary('bare express + pg (same read)', sameResult),
      summary('api-gateway GET fixes?limit=20', gatewayResult),
    ]);
    const ratio = (r) => (gatewayResult.requests.average / r.requests.average).toFixed(2);
    console.log(`throughput ratio gateway/constant body: ${ratio(bareResult)}`);
    console.log(`throughput ratio gateway/same read: ${ratio(sameResult)} (target >= 0.60)`);
    if (replicas)
      console.log(
        `two gateway replicas (${CONNECTIONS / 2} connections each, one Redis bucket): ${Math.round(replicas.rate)} req/s, ${(replicas.rate / gatewayResult.requests.average).toFixed(2)}x one replica; non-2xx or errors: ${replicas.failed}`,
      );
    if (gatewayResult.non2xx > 0 || gatewayResult.errors > 0 || replicas?.failed > 0) {
      console.log('warning: the gateway answered non-2xx or errored during the run');
      process.exitCode = 1;
    }
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
