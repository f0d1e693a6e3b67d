// Helpers the pipeline benchmarks share: built services as processes, the operator CLI, peak
// memory of a process, and waiting on a scan's columns.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run as remediate } from '@remediation/cli';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The environment every service of one run shares: the database, Redis under a fresh queue
 * prefix, a fresh encryption key, and git limited to local `file` mirrors in a new directory.
 */
export const serviceEnv = (databaseUrl, name = 'bench') => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  QUEUE_PREFIX: `${name}-${randomBytes(4).toString('hex')}`,
  SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  GIT_ALLOWED_PROTOCOLS: 'file',
  GIT_MIRROR_DIR: mkdtempSync(join(tmpdir(), `${name}-mirrors-`)),
});

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Spawns a built service (`services/<name>/dist`) on its own health port (`stdio` for its output). */
export const spawnService = (name, env, healthPort, stdio = ['ignore', 'inherit', 'inherit']) =>
  spawn(process.execPath, ['--import', './dist/instrument.js', 'dist/main.js'], {
    cwd: `${ROOT}/services/${name}`,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HEALTH_PORT: String(healthPort),
      ...env,
    },
    stdio,
  });

/** Starts a built service (`services/<name>/dist`) and resolves once `/readyz` answers. */
export const startService = async (name, env) => {
  const healthPort = await freePort();
  const child = spawnService(name, env, healthPort);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become ready`);
};

export const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Peak resident set of a live process (Linux VmHWM), MB. */
export const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** CPU seconds (user + system) a process has used so far (Linux clock ticks of 1/100 s). */
export const cpuSeconds = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Runs `remediate` in-process and returns its JSON output. */
export const cli = async (argv, env) => {
  const out = [];
  const code = await remediate(argv, {
    env,
    out: (l) => out.push(l),
    err: (l) => console.error(l),
  });
  if (code !== 0) throw new Error(`remediate ${argv.join(' ')} failed`);
  return JSON.parse(out.join('\n'));
};

/** Polls the scan row (10 ms) until `done(row)`; resolves with the row. */
export const waitForScan = async (db, scanId, done, timeoutMs = 600_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db
      .selectFrom('scans')
      .selectAll()
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    if (done(row) || row.state === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${row.state}`);
    // 50 ms: the stage timings come from the scan's timestamps, not from this loop, and polling
    // faster took a tenth of a core from the services being measured.
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** POSTs a gzip-compressed SARIF document; resolves with the scan id and the time to 202. */
export const upload = async (gatewayUrl, repoId, token, body, query = '') => {
  const started = performance.now();
  const res = await fetch(`${gatewayUrl}/v1/repositories/${repoId}/sarif${query}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    },
    body,
  });
  if (res.status !== 202) throw new Error(`upload ${res.status} ${await res.text()}`);
  const { scan_id } = await res.json();
  return { scanId: scan_id, started, acceptedMs: performance.now() - started };
};

/** A repository in organization `org` through the operator CLI; resolves with its JSON. */
export const createRepo = (env, { org, name, cloneUrl = 'https://example.com/r.git', provider }) =>
  cli(
    [
      'admin',
      'create-repo',
      '--org',
      org,
      '--name',
      name,
      '--clone-url',
      cloneUrl,
      ...(provider ? ['--provider', provider] : []),
      '--json',
    ],
    env,
  );

/** An API token of `org` (a repository token when `repoId` is given); resolves with its JSON. */
export const createToken = (env, { org, name, repoId }) =>
  cli(
    [
      'admin',
      'create-token',
      '--org',
      org,
      '--name',
      name,
      ...(repoId ? ['--repo', repoId] : []),
      '--json',
    ],
    env,
  );

/**
 * An organization `bench` (rate limits raised so the benchmark measures the pipeline, not the
 * 429 path), one repository cloned from `cloneUrl` with `settings`, and a repository token.
 */
export const createBenchTenant = async (
  db,
  databaseUrl,
  { cloneUrl, name, provider, settings },
) => {
  const env = { DATABASE_URL: databaseUrl };
  const org = await cli(['admin', 'create-org', 'bench', '--json'], env);
  await db
    .updateTable('organizations')
    .set({ rate_limit_rpm: 1e6, rate_limit_burst: 1e6 })
    .execute();
  const repo = await createRepo(env, { org: 'bench', name, cloneUrl, provider });
  const token = await createToken(env, { org: 'bench', name: 't', repoId: repo.id });
  await db
    .updateTable('repositories')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', repo.id)
    .execute();
  return { orgId: org.id, repoId: repo.id, token: token.token };
};
