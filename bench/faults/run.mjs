// bench:faults (issue 21): the whole pipeline as processes (the gateway, and two replicas of
// sarif-ingest, triage, fixer, pr-publisher and webhook-dispatcher) against a private
// PostgreSQL cluster and a private Redis (bench/faults/infra.mjs: restarting them touches
// nothing else), an HTTPS webhook receiver subscribed to `*`, and GitHub stand-ins (one per
// repository, OpenAPI-checked) behind a front that can fail. A steady load (every repository
// uploads a few thousand generated findings plus fresh fixable ones every FAULTS_UPLOAD_INTERVAL_MS,
// `auto_fix` and `auto_pr` on, a pull request per file) runs while the schedule injects one
// fault at a time, then several together. After each fault: the time from the fault cleared to
// every queue drained, and the checks of checks.mjs on the scans uploaded while it was on. Ends
// with a table and a non-zero exit code when anything was lost, duplicated or stuck.
//
// FAULTS_REPOS (3), FAULTS_FINDINGS per upload (2000), FAULTS_UPLOAD_INTERVAL_MS (15000),
// FAULTS_WARMUP_MS of load before each fault (20000),
// FAULTS_RECOVERY_TIMEOUT_MS (1200000), FAULTS_ONLY (comma-separated fault keys, see FAULTS).
// The services run with their production defaults (job locks, sweeps, retry schedules).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { QUEUES } from '@remediation/contracts';
import { createDb, migrateToLatest, newId } from '@remediation/db';
import { createSecretBox, parseKey } from '@remediation/security';
import { saveRepositoryCredentials } from '@remediation/source-access';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import pg from 'pg';
import { generateSarif } from '../../test/e2e/generate.ts';
import { createLocalRepo } from '../../test/e2e/support/git-repo.ts';
import { generatedSources, tokenSources } from '../lib/repos.mjs';
import { withFixable } from '../lib/sarif.mjs';
import { cli, createRepo, createToken, freePort, ROOT } from '../lib/stack.mjs';
import * as check from './checks.mjs';
import { startForge } from './forge.mjs';
import { startPostgres, startRedis } from './infra.mjs';
import { createSupervisor, WORKERS } from './services.mjs';

const REPOS = Number(process.env.FAULTS_REPOS ?? 3);
const FINDINGS = Number(process.env.FAULTS_FINDINGS ?? 2000);
const INTERVAL_MS = Number(process.env.FAULTS_UPLOAD_INTERVAL_MS ?? 15_000);
const RECOVERY_TIMEOUT_MS = Number(process.env.FAULTS_RECOVERY_TIMEOUT_MS ?? 20 * 60_000);
const WARMUP_MS = Number(process.env.FAULTS_WARMUP_MS ?? 20_000);
const ONLY = process.env.FAULTS_ONLY?.split(',').filter(Boolean);
const TOKEN_FILES = 300;
const FILES_PER_UPLOAD = 2;
const SETTINGS = { auto_fix: true, auto_pr: true, pr_grouping: 'file', max_open_prs: 0 };
const CA = `${ROOT}/services/webhook-dispatcher/test/fixtures/ca.pem`;
const SECRET = 'whsec_faultsBenchReceiverSecret0123456789';
const s = (ms) => (ms / 1000).toFixed(1);
/** Stops what the run started (set once PostgreSQL and Redis are up). */
let shutdown = async () => undefined;

/** Generated results plus one CodeQL result per fixable site of upload `k`'s token files. */
const sarifFor = (sites, k) => {
  const files = new Set(
    Array.from(
      { length: FILES_PER_UPLOAD },
      (_, i) => `src/auth/tokens${(k * FILES_PER_UPLOAD + i) % TOKEN_FILES}.js`,
    ),
  );
  return withFixable(
    generateSarif({ results: FINDINGS, codeFlows: true }),
    sites.filter((site) => files.has(site.uri)),
  );
};

const createDatabase = async (adminUrl) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('create database remediation_faults');
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, '/remediation_faults');
  const db = createDb({ url, poolMax: 4 });
  const { error } = await migrateToLatest(db);
  if (error) throw error;
  return { db, url };
};

const forkReceiver = () => {
  const child = fork(fileURLToPath(new URL('./receiver.mjs', import.meta.url)));
  const ask = (message, type = message.type) =>
    new Promise((resolve) => {
      const listener = (answer) => {
        if (answer.type !== type) return;
        child.off('message', listener);
        resolve(answer);
      };
      child.on('message', listener);
      if (message.type !== 'port') child.send(message);
    });
  return { child, ask };
};

/** POSTs upload `k` of `repo` until it is answered 202 (the same Idempotency-Key each time). */
const uploadUntilAccepted = async (gatewayUrl, repo, k, load) => {
  const body = gzipSync(JSON.stringify(sarifFor(repo.sites, k)));
  const key = `faults-${repo.index}-${k}`;
  const deadline = Date.now() + 10 * 60_000;
  for (let attempt = 1; ; attempt++) {
    load.inFlight += 1;
    try {
      const res = await fetch(
        `${gatewayUrl}/v1/repositories/${repo.id}/sarif?commit_sha=${repo.head}`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${repo.token}`,
            'Content-Type': 'application/json',
            'Content-Encoding': 'gzip',
            'Idempotency-Key': key,
          },
          body,
          signal: AbortSignal.timeout(60_000),
        },
      );
      const text = await res.text();
      if (res.status === 202) return { scanId: JSON.parse(text).scan_id, attempts: attempt };
      if (res.status < 500 && res.status !== 429)
        throw new Error(`upload ${key}: ${res.status} ${text.slice(0, 300)}`);
      load.refused += 1;
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('upload ')) throw err;
      load.refused += 1; // the gateway is down or timed out: a CI job retries
    } finally {
      load.inFlight -= 1;
    }
    if (Date.now() > deadline) throw new Error(`upload ${key} never accepted`);
    await sleep(1_000);
  }
};

const main = async () => {
  const started = Date.now();
  // Interrupted (Ctrl-C, a CI timeout): stop the services, PostgreSQL and Redis it started.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void shutdown().finally(() => process.exit(130)));
  const postgres = await startPostgres(await freePort());
  const redis = await startRedis(await freePort());
  const cleanup = [];
  const supervisorRef = {};
  let stopped = false;
  shutdown = async () => {
    if (stopped) return;
    stopped = true;
    await supervisorRef.current?.stopAll();
    for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
    await redis.stop();
    postgres.stop();
  };
  try {
    const { db, url } = await createDatabase(postgres.url);
    cleanup.push(() => db.destroy());
    const key = randomBytes(32).toString('base64');
    const prefix = `faults-${randomBytes(3).toString('hex')}`;
    const env = {
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      SECRETS_ENCRYPTION_KEY: key,
      GIT_ALLOWED_PROTOCOLS: 'file',
      GIT_MIRROR_DIR: mkdtempSync(join(tmpdir(), 'faults-mirrors-')),
    };

    // Repositories: generated code plus token files whose findings the codemods fix.
    const { files: tokenFiles, findings: sites } = tokenSources(TOKEN_FILES);
    const files = { ...generatedSources(), ...tokenFiles };
    const repos = [];
    for (let i = 0; i < REPOS; i++) {
      const local = createLocalRepo(files);
      cleanup.push(() => local.remove());
      repos.push({ index: i, owner: 'acme', name: `app${i}`, local, head: local.head(), sites });
    }
    const githubToken = `ghp_faults${randomBytes(12).toString('hex')}`;
    const forge = await startForge(
      repos.map((r) => ({ owner: r.owner, name: r.name, token: githubToken, files, head: r.head })),
    );
    cleanup.push(() => forge.close());

    const cliEnv = { DATABASE_URL: url };
    const org = await cli(['admin', 'create-org', 'faults', '--json'], cliEnv);
    await db
      .updateTable('organizations')
      .set({ rate_limit_rpm: 1e6, rate_limit_burst: 1e6 })
      .execute();
    const box = createSecretBox(parseKey(key));
    for (const repo of repos) {
      const row = await createRepo(cliEnv, {
        org: 'faults',
        name: `${repo.owner}/${repo.name}`,
        cloneUrl: repo.local.url,
        provider: 'github',
      });
      repo.id = row.id;
      repo.token = (
        await createToken(cliEnv, { org: 'faults', name: `t${repo.index}`, repoId: row.id })
      ).token;
      await db
        .updateTable('repositories')
        .set({ settings: JSON.stringify(SETTINGS) })
        .where('id', '=', row.id)
        .execute();
      await saveRepositoryCredentials(db, box, row.id, { kind: 'token', token: githubToken });
    }

    const receiver = forkReceiver();
    cleanup.push(() => receiver.child.kill('SIGTERM'));
    const { port: receiverPort } = await receiver.ask({ type: 'port' });
    await db
      .insertInto('webhooks')
      .values({
        id: newId(),
        organization_id: org.id,
        url: `https://localhost:${receiverPort}/hook`,
        events: ['*'],
        description: 'faults receiver',
        secret_ciphertext: box.seal(SECRET),
        secret_hint: SECRET.slice(-4),
      })
      .execute();

    const gatewayPort = await freePort();
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const logDir = mkdtempSync(join(tmpdir(), 'faults-logs-'));
    const supervisor = createSupervisor({
      env,
      logDir,
      extraEnv: {
        'api-gateway': { PORT: String(gatewayPort), HOST: '127.0.0.1' },
        'pr-publisher': { GITHUB_API_URL: forge.apiBaseUrl },
        'webhook-dispatcher': { WEBHOOK_CA_FILE: CA, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      },
    });
    supervisorRef.current = supervisor;
    for (const name of ['api-gateway', ...WORKERS]) await supervisor.start(name);
    console.log(
      `bench:faults: ${REPOS} repositories, ${FINDINGS} generated findings + ${FILES_PER_UPLOAD * 5} fixable per upload, an upload per repository every ${s(INTERVAL_MS)} s; gateway ×1, workers ×2; private PostgreSQL and Redis (AOF); logs in ${logDir}`,
    );

    // A crashed replica is restarted (as Kubernetes would) and counted against the fault.
    const crashes = [];
    const restarting = new Set();
    const watchdog = setInterval(() => {
      for (const c of supervisor.crashed()) {
        const name = c.key.split('#')[0];
        if (restarting.has(name)) continue;
        crashes.push(c);
        restarting.add(name);
        supervisor
          .start(name)
          .catch(() => undefined)
          .finally(() => restarting.delete(name));
      }
    }, 1_000);
    cleanup.push(() => clearInterval(watchdog));

    const redisClient = new Redis(redis.url, { maxRetriesPerRequest: null });
    cleanup.push(() => redisClient.disconnect());
    const queues = Object.values(QUEUES).map((def) => ({
      def,
      queue: new Queue(def.name, { connection: redisClient, prefix }),
    }));
    const queueCounts = async () => {
      const out = {};
      for (const { def, queue } of queues)
        out[def.name] = await queue.getJobCounts(
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'failed',
        );
      return out;
    };
    const active = async (name) => {
      try {
        return (
          (await queues.find((q) => q.def.name === name).queue.getJobCounts('active')).active > 0
        );
      } catch {
        return false;
      }
    };
    const pendingDeliveries = async () => {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n) > 0;
    };
    const load = { inFlight: 0, refused: 0 };
    const busy = {
      'api-gateway': async () => load.inFlight > 0,
      'sarif-ingest': () => active('sarif-ingest'),
      triage: () => active('triage'),
      fixer: () => active('fix'),
      'pr-publisher': () => active('pr-publish'),
      'webhook-dispatcher': pendingDeliveries,
    };
    const waitBusy = async (probe) => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (await probe().catch(() => false)) return true;
        await sleep(20);
      }
      return false;
    };
    const killAndRestart = async (name, which) => {
      restarting.add(name);
      try {
        await supervisor.kill(name, { which });
        await sleep(3_000);
        await supervisor.start(name);
      } finally {
        restarting.delete(name);
      }
    };
    const forgeWindow = async (kinds) => {
      for (const kind of kinds) {
        forge.fail(kind);
        await sleep(60_000 / kinds.length);
      }
      forge.fail(null);
    };

    const FAULTS = [
      ...['api-gateway', ...WORKERS].map((name) => ({
        key: `kill-${name}`,
        name: `SIGKILL ${name} (every replica) mid-job, back after 3 s`,
        busy: busy[name],
        inject: () => killAndRestart(name, 'all'),
      })),
      {
        key: 'kill-one-replica',
        name: 'SIGKILL one of two replicas of every worker, back after 3 s',
        busy: busy.fixer,
        inject: () => Promise.all(WORKERS.map((name) => killAndRestart(name, 'one'))),
      },
      {
        key: 'pg-fast',
        name: 'PostgreSQL restarted (fast shutdown)',
        busy: busy.triage,
        inject: () => postgres.restart('fast'),
      },
      {
        key: 'pg-immediate',
        name: 'PostgreSQL restarted (immediate shutdown)',
        busy: busy.fixer,
        inject: () => postgres.restart('immediate'),
      },
      {
        key: 'pg-unreachable',
        name: 'PostgreSQL unreachable for 20 s (stopped, connections unanswered)',
        busy: busy.triage,
        inject: () => postgres.freeze(20_000),
      },
      {
        key: 'redis-aof',
        name: 'Redis restarted, data kept (AOF)',
        busy: busy.triage,
        inject: () => redis.restart(),
      },
      {
        key: 'redis-empty',
        name: 'Redis restarted empty (failover to an empty replica)',
        busy: busy.triage,
        inject: () => redis.restartEmpty(),
      },
      {
        key: 'forge-5xx',
        name: 'GitHub answers 502, then 503, for 60 s',
        busy: busy['pr-publisher'],
        inject: () => forgeWindow(['502', '503']),
      },
      {
        key: 'forge-rate',
        name: "GitHub's secondary rate limit 403, then 429 with Retry-After, for 60 s",
        busy: busy['pr-publisher'],
        inject: () => forgeWindow(['secondary-403', '429']),
      },
      {
        key: 'receiver-timeout',
        name: 'the webhook receiver never answers for 60 s',
        busy: busy['webhook-dispatcher'],
        inject: async () => {
          await receiver.ask({ type: 'hang', on: true });
          await sleep(60_000);
          await receiver.ask({ type: 'hang', on: false });
        },
      },
      {
        key: 'overlap',
        name: 'together: fixer and triage SIGKILLed, PostgreSQL restarted (fast), GitHub 502 for 60 s',
        busy: busy.fixer,
        inject: () =>
          Promise.all([
            killAndRestart('fixer', 'all'),
            killAndRestart('triage', 'all'),
            sleep(1_000).then(() => postgres.restart('fast')),
            forgeWindow(['502']),
          ]),
      },
    ].filter((f) => !ONLY || ONLY.includes(f.key));

    let k = 0;
    const results = [];
    for (const fault of FAULTS) {
      const since = new Date(Date.now() - 1_000);
      const scans = [];
      const crashesBefore = crashes.length;
      let loading = true;
      const loaders = repos.map(async (repo) => {
        while (loading) {
          const n = k++;
          const { scanId } = await uploadUntilAccepted(gatewayUrl, repo, n, load);
          scans.push(scanId);
          const next = Date.now() + INTERVAL_MS;
          while (loading && Date.now() < next) await sleep(200);
        }
      });
      await sleep(WARMUP_MS); // the pipeline full before the fault
      const wasBusy = await waitBusy(fault.busy);
      const injectedAt = Date.now();
      console.log(`[${fault.key}] injecting (${scans.length} scans uploaded so far)`);
      await fault.inject();
      const clearedAt = Date.now();
      console.log(
        `[${fault.key}] cleared after ${s(clearedAt - injectedAt)} s; waiting for the queues to drain`,
      );
      loading = false;
      await Promise.all(loaders);

      // Drained: every scan ended, every fix published (or refused for good), every event relayed
      // and delivered, no job waiting, active or delayed.
      const deadline = clearedAt + RECOVERY_TIMEOUT_MS;
      let drainedAt = null;
      let counts;
      while (Date.now() < deadline) {
        try {
          const outcome = await check.scanOutcomes(db, scans);
          const fx = await check.fixes(db, scans);
          const unrelayed = await db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('relayed_at', 'is', null)
            .executeTakeFirstOrThrow();
          counts = await queueCounts();
          const queued = Object.values(counts).reduce(
            (n, c) => n + c.waiting + c.active + c.delayed + c.prioritized,
            0,
          );
          if (
            outcome.unfinished.length === 0 &&
            fx.unpublished.length === 0 &&
            Number(unrelayed.n) === 0 &&
            !(await pendingDeliveries()) &&
            queued === 0
          ) {
            drainedAt = Date.now();
            break;
          }
        } catch (err) {
          // PostgreSQL or Redis still coming back; anything else is a defect of these checks
          if (
            !/ECONNREFUSED|terminat|Connection|timeout|shutting down|starting up/i.test(String(err))
          )
            throw err;
        }
        await sleep(500);
      }
      const seen = await receiver.ask({ type: 'seen' });
      const outcome = await check.scanOutcomes(db, scans);
      const verdicts = await check.verdicts(db, scans);
      const fixes = await check.fixes(db, scans);
      const prs = await check.pullRequests(db, scans, forge.pulls());
      const events = await check.events(db, since, seen);
      const stuck = drainedAt
        ? []
        : Object.entries(counts ?? {})
            .filter(([, c]) => c.waiting + c.active + c.delayed + c.prioritized > 0)
            .map(([name, c]) => `${name} ${JSON.stringify(c)}`);
      const problems = {
        'scans not finished': outcome.unfinished,
        'scans failed without a reason': outcome.failedWithoutReason,
        'findings without a verdict': verdicts.missing,
        'findings with two verdicts': verdicts.duplicated,
        'findings in two fixes': fixes.duplicated,
        'routed findings with no fix and no reason': fixes.withoutFixOrReason,
        'fixes never published': fixes.unpublished,
        'fixes with two PRs': prs.duplicatedInDb,
        'branches with two PRs on the forge': prs.duplicatedOnForge,
        'PRs recorded but not on the forge': prs.notOnForge,
        'events never received': events.notReceived,
        'one fact sent as two events': events.duplicatedFacts,
        'one delivery id with two event ids': events.mixedDeliveries,
        'jobs stuck': stuck,
        'processes crashed': crashes.slice(crashesBefore).map((c) => `${c.key} exit ${c.code}`),
      };
      const failed = Object.entries(problems).filter(([, ids]) => ids.length > 0);
      results.push({
        fault: fault.name,
        midJob: wasBusy,
        scans: scans.length,
        completed: outcome.completed,
        failedScans: outcome.failed.length,
        fixes: fixes.total,
        prs: prs.opened,
        events: events.written,
        redelivered: events.receivedTwice,
        faultSeconds: s(clearedAt - injectedAt),
        recoverySeconds: drainedAt ? s(drainedAt - clearedAt) : `> ${s(RECOVERY_TIMEOUT_MS)}`,
        ok: failed.length === 0,
      });
      console.log(
        `\n[${fault.key}] ${fault.name}: ${failed.length === 0 ? 'passed' : 'FAILED'}; ${scans.length} scans (${outcome.completed} completed, ${outcome.failed.length} failed), ${fixes.total} fixes, ${prs.opened} PRs, ${events.written} events; fault ${s(clearedAt - injectedAt)} s, recovered in ${drainedAt ? `${s(drainedAt - clearedAt)} s` : 'NEVER (timeout)'}${wasBusy ? '' : ' (the target was not seen mid-job)'}`,
      );
      for (const failure of outcome.failed) console.log(`  failed scan: ${failure}`);
      for (const [what, ids] of failed)
        console.log(
          `  ${what} (${ids.length}): ${ids.slice(0, 8).join('; ')}${ids.length > 8 ? ' …' : ''}`,
        );
      if (!drainedAt) break; // the next fault would measure this one's backlog
    }

    const orphans = await check.orphanForgePulls(db, forge.pulls());
    const violations = forge.pulls().reduce((n, f) => n + f.violations, 0);
    console.log('\n');
    console.table(results);
    console.log(
      `uploads refused or unanswered and retried by the uploader: ${load.refused}; GitHub requests answered by an injected fault: ${forge.state.faulted}; OpenAPI violations: ${violations}; forge PRs no fix records: ${orphans.length}${orphans.length ? ` (${orphans.slice(0, 5).join('; ')})` : ''}`,
    );
    const failedFaults = results.filter((r) => !r.ok).length;
    console.log(
      `bench:faults: ${results.length - failedFaults}/${results.length} faults passed in ${s(Date.now() - started)} s`,
    );
    if (failedFaults > 0 || orphans.length > 0 || violations > 0 || results.length < FAULTS.length)
      process.exitCode = 1;
  } finally {
    await shutdown();
  }
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
