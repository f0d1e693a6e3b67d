// bench/ingest: SARIF ingestion through the real services. For a generated 25,000-result
// document with code flows and the largest corpus files: time from the upload request to the
// scan ingested (its findings written and handed to triage: `ingested_at`; triage is measured
// by bench/triage), findings per second, the peak RSS of
// the sarif-ingest process (a fresh process per document, VmHWM), and in the same run the floor
// for the same document: JSON.parse + ajv validation + one bulk INSERT of the same rows.
// Needs `pnpm build`, local PostgreSQL and Redis.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { generateSarif } from '../../test/e2e/generate.ts';
import { createBenchDatabase } from '../lib/database.mjs';
import { ingestFloor } from '../lib/ingest-floor.mjs';
import {
  cli,
  createRepo,
  createToken,
  freePort,
  peakRssMb,
  REDIS_URL,
  ROOT,
  startService,
  stop,
  waitForScan,
} from '../lib/stack.mjs';

const CORPUS = `${ROOT}/../shared/sarif-corpus/`;
const RESULTS = Number(process.env.BENCH_RESULTS ?? 25_000);
const CORPUS_FILES = [
  'fortify__sdk_ScanWithFailureLevelMatrices.sarif',
  'codeql__roller_java_large.sarif',
  'semgrep__dd_owasp_benchmark_sample.sarif',
  'fxcop__sdk_SarifSdkTest.sarif',
];

const main = async () => {
  const database = await createBenchDatabase();
  const { db, url } = database;
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const gatewayPort = await freePort();
  const base = { DATABASE_URL: url, REDIS_URL, QUEUE_PREFIX: prefix };
  const gateway = await startService('api-gateway', {
    ...base,
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const rows = [];
  try {
    const env = { DATABASE_URL: url };
    await cli(['admin', 'create-org', 'bench', '--json'], env);
    await db
      .updateTable('organizations')
      .set({ rate_limit_rpm: 1e6, rate_limit_burst: 1e6 })
      .execute();
    const documents = [
      [
        `generated ${RESULTS} results + code flows`,
        Buffer.from(JSON.stringify(generateSarif({ results: RESULTS, codeFlows: true }))),
      ],
      ...CORPUS_FILES.map((f) => [f, readFileSync(`${CORPUS}${f}`)]),
    ];
    for (const [name, text] of documents) {
      const repo = await createRepo(env, { org: 'bench', name: `bench/${rows.length}` });
      const token = await createToken(env, {
        org: 'bench',
        name: `t${rows.length}`,
        repoId: repo.id,
      });
      const ingest = await startService('sarif-ingest', base);
      const body = gzipSync(text);
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${gatewayPort}/v1/repositories/${repo.id}/sarif`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.token}`,
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        },
        body,
      });
      const accepted = performance.now() - started;
      if (res.status !== 202) throw new Error(`${name}: upload ${res.status} ${await res.text()}`);
      const { scan_id: scanId } = await res.json();
      const scan = await waitForScan(
        db,
        scanId,
        (row) => row.ingested_at !== null || row.state === 'completed',
      );
      const total = performance.now() - started;
      const rss = peakRssMb(ingest.pid);
      await stop(ingest);
      if (scan.state === 'failed') throw new Error(`${name}: scan failed: ${scan.error}`);
      // The floor, for the same document and rows, into a fresh repository.
      const { ms: floorMs } = await ingestFloor(db, env, {
        org: 'bench',
        name: `${rows.length}`,
        text,
      });
      rows.push({
        document: name,
        'size MB': (text.length / 1e6).toFixed(1),
        findings: scan.findings_count,
        'upload→202 ms': Math.round(accepted),
        'upload→ingested ms': Math.round(total),
        'findings/s': Math.round(scan.findings_count / (total / 1000)),
        'ingest peak RSS MB': Math.round(rss),
        'floor ms': Math.round(floorMs),
        'ratio to floor': (total / floorMs).toFixed(2),
      });
    }
  } finally {
    await stop(gateway);
    await database.drop();
  }
  console.table(rows);
  const main = rows[0];
  console.log(
    `25k target: ingested in ${(main['upload→ingested ms'] / 1000).toFixed(1)} s (target < 10 s), ratio ${main['ratio to floor']} (target ≤ 3)`,
  );
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
