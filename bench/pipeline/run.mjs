// bench/pipeline: the whole stack as processes (api-gateway, sarif-ingest, triage, fixer,
// webhook-dispatcher) against local PostgreSQL and Redis, and local HTTPS receivers subscribed to
// `*`. One 25,000-finding upload (24,500 generated CodeQL-like results with code flows plus 500
// that the JavaScript codemods fix) of a local git repository, timed through every stage to
// `scan.completed` delivered and to the last event delivered. Prints each stage's duration,
// events delivered per second, peak RSS per service, and in the same run the floor of each stage
// done alone with nothing around it (ingest: parse + validate + one INSERT; triage: the engine
// over the same rows with the files in memory; fix: the fixer's codemod step over the same
// findings in memory; delivery: a bare signed-POST loop to the same receivers) and their sum.
// With BENCH_PRS=1 (`pnpm bench:pipeline:prs`, run by tsx for the stand-in's sources) the fixes
// are grouped per rule and published as pull requests to a local GitHub stand-in (every request
// checked against @octokit/openapi) by a pr-publisher process, timed to the last `pr.opened`
// delivered; PR throughput itself is paced by the forge's write limits (bench/publish).
// BENCH_RESULTS (default 25000), BENCH_FIXABLE (500), BENCH_RECEIVERS (1). Needs `pnpm build`.
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { effectiveSettings } from '@remediation/contracts';
import { newId } from '@remediation/db';
import { createSecretBox, parseKey } from '@remediation/security';
import { saveRepositoryCredentials } from '@remediation/source-access';
import { triageFinding } from '@remediation/triage-engine';
import { sql } from 'kysely';
import { toFixFinding } from '../../services/fixer/dist/fix/fix.processor.js';
import { fixGroup } from '../../services/fixer/dist/fix/generate.js';
import {
  toTriageFinding,
  toTriageSettings,
} from '../../services/triage/dist/triage/finding-input.js';
import { generateSarif } from '../../test/e2e/generate.ts';
import { createLocalRepo } from '../../test/e2e/support/git-repo.ts';
import { createBenchDatabase } from '../lib/database.mjs';
import { ingestFloor } from '../lib/ingest-floor.mjs';
import { generatedSources, tokenSources } from '../lib/repos.mjs';
import { withFixable } from '../lib/sarif.mjs';
import {
  createBenchTenant,
  freePort,
  peakRssMb,
  serviceEnv,
  ROOT,
  startService,
  stop,
  upload,
  waitForScan,
} from '../lib/stack.mjs';
import { bareLoop } from '../webhooks/ceiling.mjs';
import { forkReceivers } from '../webhooks/receivers-client.mjs';
import { SECRET } from '../webhooks/stack.mjs';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 25_000);
const FIXABLE = Number(process.env.BENCH_FIXABLE ?? 500);
const RECEIVERS = Number(process.env.BENCH_RECEIVERS ?? 1);
const CA = `${ROOT}/services/webhook-dispatcher/test/fixtures/ca.pem`;
const PRS = process.env.BENCH_PRS === '1';
const SETTINGS = PRS
  ? { auto_fix: true, auto_pr: true, pr_grouping: 'rule', max_open_prs: 0 }
  : { auto_fix: true, auto_pr: false };
const GITHUB_TOKEN = 'ghp_benchPipelineToken0123456789abcdef';

/** The GitHub stand-in holding the repository (only with BENCH_PRS=1: tsx resolves it). */
const startForge = async (files, head) => {
  const { startGithubStandIn } = await import('@remediation/forges/testing');
  const gh = await startGithubStandIn({
    owner: 'acme',
    name: 'app',
    auth: { kind: 'token', token: GITHUB_TOKEN },
  });
  gh.store.seed('main', files, [], head);
  return gh;
};

/** Polls until the scan's fixes all have their `pr.opened` (bounded). */
const waitForPullRequests = async (db, scanId, timeoutMs = 30 * 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fixes = await db
      .selectFrom('fixes')
      .select(['status'])
      .where('scan_id', '=', scanId)
      .execute();
    const waiting = fixes.filter((f) => f.status === 'generated').length;
    if (fixes.length > 0 && waiting === 0)
      return fixes.filter((f) => f.status === 'pr_open').length;
    if (Date.now() > deadline) throw new Error(`${waiting} fixes still not published`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The generated results plus one CodeQL result per fixable site, in one run. */
const sarifFor = (fixable) =>
  withFixable(generateSarif({ results: RESULTS - fixable.length, codeFlows: true }), fixable);

/** One `*` webhook per receiver, its secret sealed with the services' key. */
const subscribe = async (db, key, orgId, ports) => {
  const box = createSecretBox(Buffer.from(key, 'base64'));
  await db
    .insertInto('webhooks')
    .values(
      ports.map((port) => ({
        id: newId(),
        organization_id: orgId,
        url: `https://localhost:${port}/hook`,
        events: ['*'],
        description: 'bench receiver',
        secret_ciphertext: box.seal(SECRET),
        secret_hint: SECRET.slice(-4),
      })),
    )
    .execute();
};

/** Deliveries of the run's events: how many there are, succeeded, and when they ended. */
const deliveryFigures = async (db, since) => {
  const { rows } = await sql`
    select count(*) filter (where d.status = 'delivered') as succeeded,
           count(*) as total,
           min(o.created_at) as first_committed,
           max(d.delivered_at) as last_delivered,
           max(d.delivered_at) filter (where o.type = 'scan.completed') as completed_delivered,
           max(d.delivered_at) filter (where o.type = 'pr.opened') as prs_delivered
    from webhook_deliveries d
    join outbox o on o.id = d.event_id
    where o.created_at >= ${since}`.execute(db);
  return rows[0];
};

/** Polls until every event of the run is fanned out and every delivery has succeeded. */
const waitForDeliveries = async (db, since, timeoutMs = 30 * 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const figures = await deliveryFigures(db, since);
    const { n: pending } = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>=', since)
      .where('relayed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (
      Number(pending) === 0 &&
      figures.completed_delivered &&
      Number(figures.succeeded) === Number(figures.total)
    )
      return figures;
    if (Date.now() > deadline) throw new Error('deliveries still pending');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The triage engine alone over the scan's rows, the files already in memory. */
const triageFloor = async (db, scanId, files, settings) => {
  const rows = await db
    .selectFrom('findings')
    .innerJoin('scan_findings', 'scan_findings.finding_id', 'findings.id')
    .selectAll('findings')
    .where('scan_findings.scan_id', '=', scanId)
    .execute();
  const source = { status: 'available', commit: 'floor', files: new Map(Object.entries(files)) };
  const triageSettings = toTriageSettings(effectiveSettings(settings));
  const started = performance.now();
  // The loop turns after each finding, as in the triage service (classify-batch.ts).
  for (const row of rows) {
    triageFinding(toTriageFinding(row), source, triageSettings);
    await turnOfTheLoop();
  }
  return performance.now() - started;
};

/** The fixer's codemod step (fix and every evaluation check) alone, for the same groups. */
const fixFloor = async (db, scanId, files) => {
  const groups = await db
    .selectFrom('fixes')
    .select('finding_ids')
    .where('scan_id', '=', scanId)
    .execute();
  const rows = await db
    .selectFrom('findings')
    .selectAll()
    .where(
      'id',
      'in',
      groups.flatMap((g) => g.finding_ids),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const read = async (path) => files[path];
  const started = performance.now();
  for (const group of groups)
    await fixGroup(group.finding_ids.map((id) => toFixFinding(byId.get(id))).filter(Boolean), read);
  return performance.now() - started;
};

const at = (value) => new Date(value).getTime();
const s = (ms) => (ms / 1000).toFixed(2);

const main = async () => {
  const database = await createBenchDatabase();
  const { db, url } = database;
  const { files: tokenFiles, findings: fixable } = tokenSources(FIXABLE / 5);
  const files = { ...generatedSources(), ...tokenFiles };
  const repo = createLocalRepo(files);
  const commit = repo.head();
  const receivers = forkReceivers(Array.from({ length: RECEIVERS }, () => 'fast'));
  const { ports } = await receivers.ask('ports');
  const base = serviceEnv(url);
  const key = base.SECRETS_ENCRYPTION_KEY;
  const gatewayPort = await freePort();
  const services = {};
  const gh = PRS ? await startForge(files, commit) : undefined;
  try {
    services['api-gateway'] = await startService('api-gateway', {
      ...base,
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
    });
    services['sarif-ingest'] = await startService('sarif-ingest', base);
    services.triage = await startService('triage', base);
    services.fixer = await startService('fixer', base);
    if (gh)
      services['pr-publisher'] = await startService('pr-publisher', {
        ...base,
        GITHUB_API_URL: gh.apiBaseUrl,
      });
    services['webhook-dispatcher'] = await startService('webhook-dispatcher', {
      ...base,
      WEBHOOK_CA_FILE: CA,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const env = { DATABASE_URL: url };
    const tenant = await createBenchTenant(db, url, {
      cloneUrl: repo.url,
      name: gh ? 'acme/app' : 'bench/app',
      provider: gh ? 'github' : undefined,
      settings: SETTINGS,
    });
    if (gh)
      await saveRepositoryCredentials(db, createSecretBox(parseKey(key)), tenant.repoId, {
        kind: 'token',
        token: GITHUB_TOKEN,
      });
    const query = `?commit_sha=${commit}`;
    // Warm the mirror (a one-finding scan of the same commit), then subscribe the receivers.
    const warm = await upload(
      gatewayUrl,
      tenant.repoId,
      tenant.token,
      gzipSync(JSON.stringify(generateSarif({ results: 1 }))),
      query,
    );
    await waitForScan(db, warm.scanId, (r) => r.state === 'completed');
    await subscribe(db, key, tenant.orgId, ports);

    const text = Buffer.from(JSON.stringify(sarifFor(fixable)));
    const body = gzipSync(text);
    const since = new Date();
    const { scanId, started, acceptedMs } = await upload(
      gatewayUrl,
      tenant.repoId,
      tenant.token,
      body,
      query,
    );
    const uploadAt = Date.now() - (performance.now() - started);
    const scan = await waitForScan(db, scanId, (r) => r.state === 'completed');
    if (scan.state !== 'completed') throw new Error(`scan ${scan.state}: ${scan.error}`);
    const prs = gh ? await waitForPullRequests(db, scanId) : 0;
    const delivered = await waitForDeliveries(db, since);
    const rss = Object.fromEntries(
      Object.entries(services).map(([name, child]) => [name, Math.round(peakRssMb(child.pid))]),
    );
    const { n: fixed } = await db
      .selectFrom('fixes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('scan_id', '=', scanId)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow();
    const verdicts = await db
      .selectFrom('triage_results')
      .select(['classification', (eb) => eb.fn.countAll().as('n')])
      .where('scan_id', '=', scanId)
      .groupBy('classification')
      .execute();
    const events = await db
      .selectFrom('outbox')
      .select(['type', (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', since)
      .groupBy('type')
      .execute();

    // Floors, in the same run, each stage alone.
    await Promise.all(Object.values(services).map(stop));
    await receivers.ask('reset');
    const ingest = await ingestFloor(db, env, { org: 'bench', name: 'pipeline', text });
    const triageMs = await triageFloor(db, scanId, files, SETTINGS);
    const fixMs = await fixFloor(db, scanId, files);
    const deliveries = Number(delivered.succeeded);
    const bare = await bareLoop({
      ports,
      total: deliveries,
      secret: SECRET,
      ca: CA,
      concurrency: 64,
    });
    const deliveryMs = (deliveries / bare.rate) * 1000;

    // The publishing floor is the GitHub client's own pacing: one second between writes.
    const writes = gh ? gh.requests.filter((r) => r.method !== 'GET').length : 0;
    const prFloorMs = gh ? Math.max(0, writes - 1) * 1000 : 0;
    const total = at(delivered.last_delivered) - uploadAt;
    const floors = ingest.ms + triageMs + fixMs + deliveryMs + prFloorMs;
    const stages = [
      ['upload → 202', 0, acceptedMs],
      ['upload → ingested', 0, at(scan.ingested_at) - uploadAt, ingest.ms],
      [
        'ingested → triaged',
        at(scan.ingested_at) - uploadAt,
        at(scan.triaged_at) - uploadAt,
        triageMs,
      ],
      [
        'triaged → completed (fixes)',
        at(scan.triaged_at) - uploadAt,
        at(scan.completed_at) - uploadAt,
        fixMs,
      ],
      [
        'completed → scan.completed delivered',
        at(scan.completed_at) - uploadAt,
        at(delivered.completed_delivered) - uploadAt,
      ],
      ...(gh
        ? [
            [
              `completed → last pr.opened delivered (${prs} PRs)`,
              at(scan.completed_at) - uploadAt,
              at(delivered.prs_delivered) - uploadAt,
              prFloorMs,
            ],
          ]
        : []),
      [
        'events: first committed → last delivered',
        at(delivered.first_committed) - uploadAt,
        at(delivered.last_delivered) - uploadAt,
        deliveryMs,
      ],
      ['upload → last event delivered', 0, at(delivered.last_delivered) - uploadAt, floors],
    ];
    console.log(
      `bench/pipeline: ${scan.findings_count} findings (${fixable.length} fixable), ${RECEIVERS} HTTPS receiver(s) on \`*\`, 2 cores shared by every process, PostgreSQL and Redis`,
    );
    console.table(
      stages.map(([stage, from, to, floor]) => ({
        stage,
        'ends at s': s(to),
        seconds: s(to - from),
        'floor (stage alone) s': floor === undefined ? '' : s(floor),
      })),
    );
    console.log(
      'verdicts:',
      Object.fromEntries(verdicts.map((v) => [v.classification, Number(v.n)])),
      `fixes: ${fixed}`,
    );
    console.log('events:', Object.fromEntries(events.map((e) => [e.type, Number(e.n)])));
    if (gh)
      console.log(
        `GitHub stand-in: ${gh.requests.length} requests (${writes} writes: the pacing floor is ${s(prFloorMs)} s), ${gh.rateLimited} rate-limited, ${gh.violations.length} OpenAPI violations`,
      );
    const window = at(delivered.last_delivered) - at(delivered.first_committed);
    console.log(
      `deliveries: ${deliveries} succeeded, ${Math.round(deliveries / (window / 1000))}/s from the first event committed to the last delivered (bare loop alone: ${Math.round(bare.rate)}/s)`,
    );
    console.log('peak RSS MB:', rss);
    console.log(
      `upload → scan.completed delivered: ${s(at(delivered.completed_delivered) - uploadAt)} s; upload → every event delivered: ${s(total)} s; sum of the stage floors: ${s(floors)} s (ratio ${(total / floors).toFixed(2)})`,
    );
  } finally {
    await Promise.all(Object.values(services).map(stop));
    receivers.child.kill('SIGTERM');
    await database.drop();
    await gh?.close();
    repo.remove();
  }
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
