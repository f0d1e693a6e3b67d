// bench/fixer: fixes per second for a repository with 500 findings (insecure randomness and weak
// hashes in 100 JavaScript files), through the real fixer process: a triaged scan with one fix
// attempt per finding is enqueued and timed to the scan's completion, first with the git mirror
// cold (the fixer fetches the repository), then warm (a second scan of the same commit). Target:
// at least 50 fixes/s warm on 2 cores. Needs `pnpm build`, local PostgreSQL and Redis.
import { QUEUES } from '@remediation/contracts';
import { createBatches } from '@remediation/db';
import { createProducer, createRedis } from '@remediation/runtime';
import { createLocalRepo } from '../../test/e2e/support/git-repo.ts';
import { insertIngestedScan, insertTenant } from '../../test/e2e/support/tenant.ts';
import { createBenchDatabase } from '../lib/database.mjs';
import { tokenSources } from '../lib/repos.mjs';
import {
  peakRssMb,
  REDIS_URL,
  serviceEnv,
  startService,
  stop,
  waitForScan,
} from '../lib/stack.mjs';

const FILES = 100;

const main = async () => {
  const database = await createBenchDatabase();
  const { db, url } = database;
  const { files, findings } = tokenSources(FILES);
  const repo = createLocalRepo(files);
  const commit = repo.head();
  const rows = [];
  try {
    // One fixer process, then two (the fixer scales out by replicas; one process is one core).
    for (const processes of (process.env.BENCH_FIXERS ?? '1,2').split(',').map(Number)) {
      const fixerEnv = {
        ...(process.env.BENCH_PROFILE
          ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' }
          : {}),
        ...serviceEnv(url, 'bench-fixer'),
      };
      const prefix = fixerEnv.QUEUE_PREFIX;
      const fixers = await Promise.all(
        Array.from({ length: processes }, () => startService('fixer', fixerEnv)),
      );
      const redis = createRedis(REDIS_URL, 'producer');
      const producer = createProducer(QUEUES.fix, { connection: redis, prefix });
      try {
        const tenant = await insertTenant(db, repo.url, { auto_fix: true, auto_pr: false });
        for (const mirror of ['cold', 'warm']) {
          const { scanId, findingIds } = await insertIngestedScan(db, tenant, commit, findings);
          await db
            .updateTable('scans')
            .set({ triaged_at: new Date() })
            .where('id', '=', scanId)
            .execute();
          const batches = await createBatches(
            db,
            scanId,
            'fix',
            findingIds.map((id) => [id]),
          );
          const started = performance.now();
          await producer.addMany(batches.map((b) => ({ scanId, batchId: b.id })));
          const scan = await waitForScan(db, scanId, (r) => r.state === 'completed');
          const seconds = (performance.now() - started) / 1000;
          const failed = await db
            .selectFrom('fixes')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('scan_id', '=', scanId)
            .where('status', '=', 'failed')
            .executeTakeFirstOrThrow();
          rows.push({
            'fixer processes': processes,
            mirror,
            findings: findings.length,
            'fixes generated': scan.fixes_generated,
            failed: Number(failed.n),
            seconds: seconds.toFixed(2),
            'fixes/s': Math.round(findings.length / seconds),
            'peak RSS MB': fixers.map((f) => Math.round(peakRssMb(f.pid))).join(', '),
          });
        }
      } finally {
        await producer.close();
        redis.disconnect();
        await Promise.all(fixers.map(stop));
      }
    }
    console.log(
      `bench/fixer: ${FILES} files, ${findings.length} findings, one fix attempt each (codemod, every evaluation check, git apply --check, stored with its event); 2 cores shared by PostgreSQL, Redis and the fixer(s)`,
    );
    console.table(rows);
    const warm = rows
      .filter((r) => r.mirror === 'warm')
      .map((r) => `${r['fixer processes']} process(es): ${r['fixes/s']}/s`);
    console.log(`warm: ${warm.join(', ')} (target ≥ 50/s on 2 cores)`);
  } finally {
    await database.drop();
    repo.remove();
  }
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
