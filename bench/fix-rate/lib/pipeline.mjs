// The real pipeline for the end-to-end fix rate: api-gateway, sarif-ingest, triage and fixer
// started as processes (their built dist/) on a throwaway database and a fresh BullMQ prefix,
// an organization and its token made with the operator CLI, and everything else through the
// public API: repository settings, the SARIF upload, the scan, findings with their triage, and
// the fixes with their diffs and evaluations.
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createBenchDatabase } from '../../lib/database.mjs';
import {
  cli,
  createRepo,
  createToken,
  freePort,
  serviceEnv,
  startService,
  stop,
  upload,
} from '../../lib/stack.mjs';

const SERVICES = ['sarif-ingest', 'triage', 'fixer'];

/** Starts the services; `stop()` ends them and drops the database and the mirrors. */
export const startPipeline = async () => {
  const database = await createBenchDatabase();
  const env = serviceEnv(database.url, 'fix-rate');
  const port = await freePort();
  const children = [];
  const stopAll = async () => {
    await Promise.all(children.map(stop));
    await database.drop();
    rmSync(env.GIT_MIRROR_DIR, { recursive: true, force: true });
  };
  try {
    children.push(
      await startService('api-gateway', { ...env, PORT: String(port), HOST: '127.0.0.1' }),
    );
    for (const name of SERVICES) children.push(await startService(name, env));
    const cliEnv = { DATABASE_URL: database.url };
    await cli(['admin', 'create-org', 'fix-rate', '--json'], cliEnv);
    // Operator setting: the bench reads every finding and fix, far above the default rate.
    await database.db
      .updateTable('organizations')
      .set({ rate_limit_rpm: 1e6, rate_limit_burst: 1e6 })
      .execute();
    const { token } = await createToken(cliEnv, { org: 'fix-rate', name: 'bench' });
    return { api: apiClient(`http://127.0.0.1:${port}`, token), cliEnv, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
};

/** JSON requests to the gateway with the organization token; throws on an unexpected status. */
const apiClient = (base, token) => {
  const call = async (method, path, body) => {
    const res = await fetch(`${base}/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  /** Every item of a paginated list. */
  const all = async (path) => {
    const items = [];
    let cursor = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page = await call(
        'GET',
        `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.data);
      cursor = page.next_cursor ?? null;
    } while (cursor);
    return items;
  };
  return { base, token, call, all };
};

/**
 * Registers a repository (operator CLI, `file://` clone URL), turns on `auto_fix` with one fix
 * per finding through `PATCH /v1/repositories/{id}`, uploads the SARIF for `commit` and waits
 * for the scan to complete. Returns the scan, its findings (with triage) and every fix
 * (generated and failed, each with its diff and evaluation).
 */
export const runScan = async (
  pipeline,
  { name, cloneUrl, commit, sarif, checkoutUri, grouping = 'finding' },
) => {
  const { api } = pipeline;
  const repo = await createRepo(pipeline.cliEnv, { org: 'fix-rate', name, cloneUrl });
  await api.call('PATCH', `/repositories/${repo.id}`, {
    settings: { auto_fix: true, auto_pr: false, pr_grouping: grouping },
  });
  const query = `?commit_sha=${commit}${checkoutUri ? `&checkout_uri=${encodeURIComponent(checkoutUri)}` : ''}`;
  const body = gzipSync(JSON.stringify(sarif));
  const { scanId, started } = await upload(api.base, repo.id, api.token, body, query);
  const scan = await waitForCompletion(api, repo.id, scanId);
  const seconds = (performance.now() - started) / 1000;
  const findings = await api.all(`/repositories/${repo.id}/findings?scan_id=${scanId}`);
  const fixes = [];
  for (const status of ['generated', 'failed']) {
    for (const fix of await api.all(`/repositories/${repo.id}/fixes?status=${status}`))
      fixes.push(await api.call('GET', `/fixes/${fix.id}`));
  }
  return { repositoryId: repo.id, scan, seconds, findings, fixes };
};

/** Polls `GET /v1/repositories/{id}/scans/{scan_id}` until the scan completes (or fails). */
const waitForCompletion = async (api, repoId, scanId, timeoutMs = 600_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const scan = await api.call('GET', `/repositories/${repoId}/scans/${scanId}`);
    if (scan.state === 'completed') return scan;
    if (scan.state === 'failed') throw new Error(`scan ${scanId} failed: ${JSON.stringify(scan)}`);
    if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${scan.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
