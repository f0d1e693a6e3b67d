// bench/gateway: authenticated GET /v1/repositories/{id}/fixes?limit=20 with 1,000 fixes stored,
// 50 concurrent connections, against a bare Express app returning a constant body in the same run.
// Prints throughput, p99 latency and the ratio. Needs `pnpm build` and local PostgreSQL + Redis.
import { fork, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
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

const load = (url, headers) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (err, result) =>
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

    const gatewayPort = await freePort();
    const healthPort = await freePort();
    const nodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const gateway = spawn(
      process.execPath,
      [...nodeArgs, '--import', './dist/instrument.js', 'dist/main.js'],
      {
        cwd: `${ROOT}/services/api-gateway`,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          REDIS_URL,
          PORT: String(gatewayPort),
          HOST: '127.0.0.1',
          HEALTH_PORT: String(healthPort),
          QUEUE_PREFIX: `bench-${randomBytes(3).toString('hex')}`,
          SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(gateway);
    // Access logs go to a pipe that is drained, as a log collector would.
    gateway.stdout.resume();
    await waitReady(healthPort, gateway);

    const bare = fork(fileURLToPath(new URL('./bare-app.mjs', import.meta.url)), {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(bare);
    const barePort = await new Promise((resolve) => bare.once('message', (m) => resolve(m.port)));

    const path = `/v1/repositories/${repoId}/fixes?limit=20`;
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`http://127.0.0.1:${gatewayPort}${path}`, { headers });
    const page = await check.json();
    if (check.status !== 200 || page.data.length !== 20)
      throw new Error(`gateway answered ${check.status}: ${JSON.stringify(page).slice(0, 300)}`);

    // BENCH_ONLY=gateway skips the baseline (for profiling the gateway alone); the ratio needs both.
    const only = process.env.BENCH_ONLY;
    await warm(`http://127.0.0.1:${barePort}${path}`, headers);
    const bareResult =
      only === 'gateway'
        ? { requests: { average: NaN }, latency: {} }
        : await load(`http://127.0.0.1:${barePort}${path}`, headers);
    await warm(`http://127.0.0.1:${gatewayPort}${path}`, headers);
    const gatewayResult = await load(`http://127.0.0.1:${gatewayPort}${path}`, headers);

    const summary = (name, r) => ({
      name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
    console.log(
      `bench/gateway: ${CONNECTIONS} connections, ${DURATION_S}s each, ${FIXES} fixes stored, node ${process.version}`,
    );
    console.table([
      summary('bare express (constant body)', bareResult),
      summary('api-gateway GET fixes?limit=20', gatewayResult),
    ]);
    const ratio = gatewayResult.requests.average / bareResult.requests.average;
    console.log(`throughput ratio gateway/bare: ${ratio.toFixed(2)} (target >= 0.50)`);
    if (gatewayResult.non2xx > 0 || gatewayResult.errors > 0) {
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
