// bench/triage: the triage stage through the real services (gateway, sarif-ingest, triage as
// processes). A 25,000-finding scan (generated CodeQL-like SARIF) of a local git repository whose
// 400 files the findings point into: time from upload to ingested, ingested to triaged (every
// verdict written), and to completed; findings triaged per second against findings ingested per
// second in the same run (target: triage is not the slowest stage), and upload → completed
// (target < 20 s on 2 cores). The mirror is warmed by a one-finding scan of the same commit
// first (BENCH_COLD=1 skips that). Needs `pnpm build`, local PostgreSQL and Redis.
import { gzipSync } from 'node:zlib';
import { generateSarif } from '../../test/e2e/generate.ts';
import { createLocalRepo } from '../../test/e2e/support/git-repo.ts';
import { createBenchDatabase } from '../lib/database.mjs';
import { generatedSources } from '../lib/repos.mjs';
import {
  cpuSeconds,
  createBenchTenant,
  freePort,
  peakRssMb,
  serviceEnv,
  startService,
  stop,
  upload,
  waitForScan,
} from '../lib/stack.mjs';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 25_000);
const COLD = process.env.BENCH_COLD === '1';
const REPLICAS = Number(process.env.BENCH_TRIAGE_REPLICAS ?? 1);

const seconds = (a, b) => (new Date(b).getTime() - new Date(a).getTime()) / 1000;

const main = async () => {
  const database = await createBenchDatabase();
  const { db, url } = database;
  const repo = createLocalRepo(generatedSources());
  const commit = repo.head();
  const base = serviceEnv(url);
  const gatewayPort = await freePort();
  const gateway = await startService('api-gateway', {
    ...base,
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
  });
  const ingest = await startService('sarif-ingest', {
    ...base,
    ...(process.env.TRIAGE_BATCH_SIZE ? { TRIAGE_BATCH_SIZE: process.env.TRIAGE_BATCH_SIZE } : {}),
  });
  const triageEnv = {
    ...base,
    ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' } : {}),
    ...(process.env.TRIAGE_CONCURRENCY
      ? { TRIAGE_CONCURRENCY: process.env.TRIAGE_CONCURRENCY }
      : {}),
  };
  // BENCH_TRIAGE_REPLICAS=2: two triage processes on the same queue (Helm's replica count).
  const triages = await Promise.all(
    Array.from({ length: REPLICAS }, () => startService('triage', triageEnv)),
  );
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  try {
    const tenant = await createBenchTenant(db, url, {
      cloneUrl: repo.url,
      name: 'bench/app',
      settings: { auto_fix: false },
    });
    const query = `?commit_sha=${commit}`;
    if (!COLD) {
      const warm = await upload(
        gatewayUrl,
        tenant.repoId,
        tenant.token,
        gzipSync(JSON.stringify(generateSarif({ results: 1 }))),
        query,
      );
      await waitForScan(db, warm.scanId, (r) => r.state === 'completed');
    }
    const cpuBefore = triages.map((t) => cpuSeconds(t.pid));
    const body = gzipSync(
      JSON.stringify(generateSarif({ results: RESULTS, codeFlows: true, lineShift: 3 })),
    );
    const { scanId, started, acceptedMs } = await upload(
      gatewayUrl,
      tenant.repoId,
      tenant.token,
      body,
      query,
    );
    const startedAt = new Date(Date.now() - (performance.now() - started));
    const scan = await waitForScan(db, scanId, (r) => r.state === 'completed');
    const total = (performance.now() - started) / 1000;
    const cpu = triages.reduce((sum, t, i) => sum + cpuSeconds(t.pid) - cpuBefore[i], 0);
    if (scan.state !== 'completed') throw new Error(`scan ${scan.state}: ${scan.error}`);
    const verdicts = await db
      .selectFrom('triage_results')
      .select(['classification', (eb) => eb.fn.countAll().as('n')])
      .where('scan_id', '=', scanId)
      .groupBy('classification')
      .execute();
    const ingestS = seconds(startedAt, scan.ingested_at);
    const triageS = seconds(scan.ingested_at, scan.triaged_at);
    const rows = [
      { stage: 'upload → 202', seconds: (acceptedMs / 1000).toFixed(2), 'findings/s': '' },
      {
        stage: 'upload → ingested',
        seconds: ingestS.toFixed(2),
        'findings/s': Math.round(scan.findings_count / ingestS),
      },
      {
        stage: 'ingested → triaged',
        seconds: triageS.toFixed(2),
        'findings/s': Math.round(scan.findings_count / triageS),
      },
      {
        stage: 'upload → completed',
        seconds: total.toFixed(2),
        'findings/s': Math.round(scan.findings_count / total),
      },
    ];
    console.log(
      `bench/triage: ${scan.findings_count} findings, mirror ${COLD ? 'cold' : 'warm'}, ${REPLICAS} triage process(es), 2 cores shared by every process`,
    );
    console.table(rows);
    console.log(
      'verdicts:',
      Object.fromEntries(verdicts.map((v) => [v.classification, Number(v.n)])),
    );
    console.log(
      `triage / ingestion throughput: ${(scan.findings_count / triageS / (scan.findings_count / ingestS)).toFixed(2)} (target ≥ 1: triage is not the slowest stage)`,
    );
    console.log(`upload → completed: ${total.toFixed(1)} s (target < 20 s)`);
    console.log(
      `triage CPU: ${cpu.toFixed(2)} s for ${scan.findings_count} findings (${((cpu * 1e6) / scan.findings_count).toFixed(0)} µs per finding, the triage process(es) alone)`,
    );
    console.log(
      `peak RSS: ingest ${Math.round(peakRssMb(ingest.pid))} MB, triage ${triages.map((t) => `${Math.round(peakRssMb(t.pid))} MB`).join(', ')}`,
    );
  } finally {
    await Promise.all([...triages.map(stop), stop(ingest), stop(gateway)]);
    await database.drop();
    repo.remove();
  }
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
