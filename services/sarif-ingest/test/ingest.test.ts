import { createRedis } from '@remediation/runtime';
import { QUEUES } from '@remediation/contracts';
import { Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, corpus, type Harness } from './harness.js';

const REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.startIngester();
});
afterAll(async () => h?.close());

const at = (uri: string, startLine: number) => ({
  physicalLocation: { artifactLocation: { uri }, region: { startLine } },
});
const doc = (tool: string, results: object[], run: object = {}) => ({
  version: '2.1.0',
  runs: [{ tool: { driver: { name: tool } }, results, ...run }],
});

const findings = (repoId: string) =>
  h.db
    .selectFrom('findings')
    .selectAll()
    .where('repository_id', '=', repoId)
    .orderBy('start_line')
    .execute();

const events = (repoId: string) =>
  h.db
    .selectFrom('outbox')
    .select(['type', 'envelope'])
    .where('repository_id', '=', repoId)
    .orderBy('id')
    .execute();

describe('scan lifecycle', () => {
  it('queued → processing → ingested: counts, tools, triage batches enqueued; completion waits for triage', async () => {
    const { repoId } = await h.tenant();
    const scanId = await h.submit(repoId, corpus('codeql__roller_java_large.sarif'));
    const scan = await h.waitForScan(scanId);
    expect(scan).toMatchObject({ state: 'processing', findings_count: 37, tools: ['CodeQL'] });
    const row = await h.db
      .selectFrom('scans')
      .select(['started_at', 'ingested_at', 'completed_at'])
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    expect(row.ingested_at!.getTime()).toBeGreaterThanOrEqual(row.started_at!.getTime());
    expect(row.completed_at).toBeNull();
    // Not completed before triage: no scan.completed yet.
    expect(await events(repoId)).toHaveLength(0);
    const batches = await h.db
      .selectFrom('scan_batches')
      .select(['id', 'stage', 'state', 'finding_ids'])
      .where('scan_id', '=', scanId)
      .execute();
    expect(batches).toEqual([
      { id: expect.any(String), stage: 'triage', state: 'pending', finding_ids: expect.any(Array) },
    ]);
    expect(batches[0]!.finding_ids).toHaveLength(37);
    const triage = new Queue(QUEUES.triage.name, {
      connection: h.producer.queue.opts.connection,
      prefix: h.prefix,
    });
    try {
      const job = await triage.getJob(QUEUES.triage.jobId({ scanId, batchId: batches[0]!.id }));
      expect(job?.data).toEqual({ scanId, batchId: batches[0]!.id });
    } finally {
      await triage.close();
    }
    const links = await h.db
      .selectFrom('scan_findings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scan_id', '=', scanId)
      .executeTakeFirstOrThrow();
    expect(Number(links.n)).toBe(37);
    const metrics = await h.metricsText();
    expect(metrics).toMatch(/remediation_ingest_scans_total\{state="completed"\} [1-9]/);
    expect(metrics).toMatch(/remediation_ingest_findings_total [1-9]\d+/);
    expect(metrics).toMatch(/remediation_ingest_duration_seconds_count [1-9]/);
  });

  it('ingested_at is when the findings were written, not when the ingestion transaction began', async () => {
    const { repoId } = await h.tenant();
    const document = corpus('codeql__roller_java_large.sarif');
    await h.waitForScan(await h.submit(repoId, document));
    // A rescan whose upserts wait on the findings' rows, held locked here for a while.
    let released = 0;
    const rescan = await h.db.transaction().execute(async (trx) => {
      await sql`select id from findings where repository_id = ${repoId} for update`.execute(trx);
      const id = await h.submit(repoId, document);
      await new Promise((r) => setTimeout(r, 700));
      released = Date.now();
      return id;
    });
    await h.waitForScan(rescan);
    const row = await h.db
      .selectFrom('scans')
      .select(['started_at', 'ingested_at'])
      .where('id', '=', rescan)
      .executeTakeFirstOrThrow();
    // The transaction began before the wait (its `now()` would be ~700 ms earlier).
    expect(row.started_at!.getTime()).toBeLessThan(released - 300);
    expect(row.ingested_at!.getTime()).toBeGreaterThanOrEqual(released - 20);
  });

  it('when the findings outnumber a batch, then they are split into batches that cover each once', async () => {
    const { repoId } = await h.tenant();
    const results = Array.from({ length: 450 }, (_, i) => ({
      ruleId: 'r',
      message: { text: `m${i}` },
      locations: [at('a.c', i + 1)],
    }));
    const scanId = await h.submit(repoId, doc('x', results));
    await h.waitForScan(scanId);
    const batches = await h.db
      .selectFrom('scan_batches')
      .select('finding_ids')
      .where('scan_id', '=', scanId)
      .execute();
    expect(batches.map((b) => b.finding_ids.length).sort((a, b) => a - b)).toEqual([50, 200, 200]);
    expect(new Set(batches.flatMap((b) => b.finding_ids)).size).toBe(450);
  });

  it('an empty results array completes with zero findings and zero fixes', async () => {
    const { repoId } = await h.tenant();
    const scan = await h.waitForScan(await h.submit(repoId, corpus('cppcheck__dd_no_vuln.sarif')));
    expect(scan).toMatchObject({ state: 'completed', findings_count: 0 });
    expect((await events(repoId))[0]!.envelope).toMatchObject({
      data: { state: 'completed', findings_count: 0, fixes_generated: 0 },
    });
  });

  it('a document that cannot be read fails the scan with a reason and emits scan.completed(failed) once', async () => {
    const { repoId } = await h.tenant();
    const scanId = await h.submit(repoId, Buffer.from('{"version": "2.1.0", "runs": [}'));
    const scan = await h.waitForScan(scanId);
    expect(scan.state).toBe('failed');
    expect(scan.error).toMatch(/not valid JSON/);
    const sent = await events(repoId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.envelope).toMatchObject({ data: { scan_id: scanId, state: 'failed' } });
  });

  it('a job taken before the upload commits waits for the scan instead of failing it', async () => {
    const { repoId } = await h.tenant();
    const scanId = await h.submit(repoId, corpus('codeql__cqa_valid-sarif.sarif'), {
      enqueueBeforeCommitMs: 400,
    });
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'processing', findings_count: 3 });
  });

  it('NUL characters (which PostgreSQL cannot store) are replaced, not a failed scan', async () => {
    const { repoId } = await h.tenant();
    const scanId = await h.submit(
      repoId,
      doc('x', [
        {
          ruleId: 'r\u0000',
          message: { text: 'bad \u0000 byte' },
          locations: [at('a.c', 1)],
          properties: { raw: '\u0000' },
        },
      ]),
    );
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'processing', findings_count: 1 });
    expect((await findings(repoId))[0]).toMatchObject({
      rule_id: 'r\uFFFD',
      message: 'bad \uFFFD byte',
      properties: { raw: '\uFFFD' },
    });
  });

  it('a job delivered twice (at-least-once) leaves one ingestion, one set of triage batches and no duplicate links', async () => {
    const { repoId } = await h.tenant();
    const scanId = await h.submit(repoId, corpus('semgrep__dd_issue_10191.sarif'));
    await h.waitForScan(scanId);
    // The same job again, as after a lost acknowledgement: a new job id forces a second run.
    const listener = createRedis(REDIS, 'worker');
    const events$ = new QueueEvents('sarif-ingest', { connection: listener, prefix: h.prefix });
    try {
      await events$.waitUntilReady();
      const again = await h.producer.queue.add(
        'sarif-ingest',
        { scanId },
        { jobId: `again-${scanId}` },
      );
      expect(await again.waitUntilFinished(events$, 20_000)).toEqual({ skipped: 'ingested' });
    } finally {
      await events$.close();
      listener.disconnect();
    }
    expect(await findings(repoId)).toHaveLength(77);
    const batches = await h.db
      .selectFrom('scan_batches')
      .select('finding_ids')
      .where('scan_id', '=', scanId)
      .execute();
    expect(batches.flatMap((b) => b.finding_ids)).toHaveLength(77);
  });
});

describe('identity and deduplication across scans', () => {
  it('recognizes findings whose lines shifted, keeps their ids and first_seen_scan_id, and resolves the absent one', async () => {
    const { repoId } = await h.tenant();
    const first = await h.submit(
      repoId,
      doc('ESLint', [
        { ruleId: 'no-eval', message: { text: 'eval is evil' }, locations: [at('src/a.js', 10)] },
        { ruleId: 'no-eval', message: { text: 'eval is evil' }, locations: [at('src/a.js', 30)] },
        { ruleId: 'eqeqeq', message: { text: 'use ===' }, locations: [at('src/b.js', 5)] },
      ]),
    );
    await h.waitForScan(first);
    const before = await findings(repoId);
    expect(before).toHaveLength(3);
    // Someone fixed b.js and added two lines at the top of a.js.
    const second = await h.submit(
      repoId,
      doc('ESLint', [
        { ruleId: 'no-eval', message: { text: 'eval is evil' }, locations: [at('src/a.js', 12)] },
        { ruleId: 'no-eval', message: { text: 'eval is evil' }, locations: [at('src/a.js', 32)] },
      ]),
    );
    expect(await h.waitForScan(second)).toMatchObject({ state: 'processing', findings_count: 2 });
    const after = await findings(repoId);
    expect(after).toHaveLength(3);
    const byId = new Map(before.map((f) => [f.id, f]));
    for (const f of after.filter((x) => x.rule_id === 'no-eval')) {
      const was = byId.get(f.id);
      expect(was).toBeDefined();
      expect(f.start_line).toBe(was!.start_line! + 2);
      expect(f).toMatchObject({
        first_seen_scan_id: first,
        last_seen_scan_id: second,
        resolved: false,
      });
    }
    expect(after.find((f) => f.rule_id === 'eqeqeq')).toMatchObject({
      resolved: true,
      last_seen_scan_id: first,
    });
  });

  it('does not resolve findings of another tool or category', async () => {
    const { repoId } = await h.tenant();
    const r = { ruleId: 'x', message: { text: 'm' }, locations: [at('a.py', 1)] };
    await h.waitForScan(await h.submit(repoId, doc('Bandit', [r])));
    await h.waitForScan(
      await h.submit(
        repoId,
        doc('Bandit', [r], { automationDetails: { id: 'nightly/2026-11-20' } }),
      ),
    );
    await h.waitForScan(await h.submit(repoId, doc('Semgrep OSS', [])));
    const all = await findings(repoId);
    expect(all.map((f) => [f.tool, f.category, f.resolved])).toEqual(
      expect.arrayContaining([
        ['Bandit', null, false],
        ['Bandit', 'nightly', false],
      ]),
    );
    // A later scan of the default category without the finding resolves only that one.
    await h.waitForScan(await h.submit(repoId, doc('Bandit', [])));
    const now = await findings(repoId);
    expect(now.find((f) => f.category === null)!.resolved).toBe(true);
    expect(now.find((f) => f.category === 'nightly')!.resolved).toBe(false);
  });

  it('collapses duplicates inside one document (real gitleaks output repeats results)', async () => {
    const { repoId } = await h.tenant();
    const scan = await h.waitForScan(
      await h.submit(repoId, corpus('gitleaks__dd_gitleaks_7_5_0.sarif')),
    );
    expect(scan.findings_count).toBe(4);
    expect(scan.warnings).toContainEqual({
      path: '/runs',
      message: '4 duplicate results were collapsed into existing findings',
      action: 'ignored',
    });
    const rows = await findings(repoId);
    expect(rows.every((f) => f.problems.includes('missing_rule_id') && !f.fixable)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('AKIAIOSFODNN7EXAMPLE');
  });
});

describe('documents accepted with repairs', () => {
  it('when a document was repaired at upload, then the same repairs apply, no finding is lost and the problems are stored', async () => {
    const { repoId } = await h.tenant();
    const result = (i: number, extra: Record<string, unknown>) => ({
      ruleId: 'G304',
      message: { text: `file inclusion ${i}` },
      locations: [
        { physicalLocation: { artifactLocation: { uri: 'main.go' }, region: { startLine: i } } },
      ],
      ...extra,
    });
    const doc = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'gosec' } },
          results: [
            result(1, { fixes: [{ artifactChanges: null }] }),
            result(2, { fingerprints: { csvRowSha256: { nested: true } } }),
            { ...result(3, {}), message: {} },
          ],
        },
      ],
    };
    const scan = await h.waitForScan(await h.submit(repoId, doc));
    expect(scan).toMatchObject({ state: 'processing', findings_count: 3 });
    const rows = await findings(repoId);
    expect(rows.map((f) => f.problems).sort()).toEqual([[], [], ['missing_message']]);
    expect(rows.find((f) => f.problems.includes('missing_message'))!.fixable).toBe(false);
  });

  it('when the warnings outgrow the cap, then the list stays capped and the count keeps the total', async () => {
    const { repoId } = await h.tenant();
    const gitleaks = corpus('gitleaks__dd_gitleaks_7_5_0.sarif');
    // As the gateway stores them: the first 100 of 250 acceptance warnings.
    const list = Array.from({ length: 100 }, (_, i) => ({
      path: `/runs/0/x${i}`,
      message: 'm',
      action: 'dropped' as const,
    }));
    const scanId = await h.submit(repoId, gitleaks, { warnings: { list, count: 250 } });
    const scan = await h.waitForScan(scanId);
    expect(scan.warnings).toHaveLength(100);
    expect(scan.warnings_count).toBe(251);
  });
});

describe('what findings keep', () => {
  it('suppression statuses, tiers, rule metadata and properties as stored', async () => {
    const { repoId } = await h.tenant();
    await h.waitForScan(await h.submit(repoId, corpus('codescanner__tut_Suppressions.sarif')));
    const rows = await findings(repoId);
    // Suppressed = some suppression with status absent or accepted (the rule). The
    // tutorial's last sample ([underReview, rejected]) calls itself hidden; by that rule it is not.
    const visible = rows.filter((f) => !f.suppressed).map((f) => f.message);
    expect(visible).toHaveLength(4);
    expect(visible.filter((m) => m.includes('is visible'))).toHaveLength(3);
    expect(visible).toContainEqual(expect.stringMatching(/still under review\)/));
    expect(rows.filter((f) => f.suppressed).every((f) => f.message.includes('is hidden'))).toBe(
      true,
    );
    expect(rows.filter((f) => f.suppressed).every((f) => !f.fixable)).toBe(true);

    const { repoId: codeql } = await h.tenant();
    await h.waitForScan(await h.submit(codeql, corpus('codeql__roller_java_large.sarif')));
    const cq = await findings(codeql);
    expect(new Set(cq.map((f) => f.dataflow_tier))).toEqual(
      new Set(['STRONG_MULTI_FILE', 'STRONG_SINGLE_FILE', 'SINGLE_LOCATION']),
    );
    const xss = cq.find((f) => f.rule_id === 'java/xss')!;
    expect(xss.rule).toMatchObject({ id: 'java/xss', cwe: expect.arrayContaining(['CWE-79']) });
    expect(xss.code_flows.length).toBeGreaterThan(0);
  });

  it('originalUriBaseIds and checkout_uri make absolute locations repository-relative', async () => {
    const { repoId } = await h.tenant();
    const without = await h.waitForScan(
      await h.submit(repoId, corpus('detekt__gradle_merged_output.sarif')),
    );
    expect(without.warnings.map((w) => w.message).join(' ')).toMatch(
      /6 findings .*invalid_uri.*checkout_uri/,
    );
    const { repoId: other } = await h.tenant();
    await h.waitForScan(
      await h.submit(other, corpus('detekt__gradle_merged_output.sarif'), {
        checkoutUri: 'file:///Users/tester/detekt',
      }),
    );
    const rows = await findings(other);
    expect(rows).toHaveLength(6);
    expect(rows.every((f) => f.problems.length === 0 && !f.uri!.startsWith('/'))).toBe(true);
  });
});

describe('stranded scans', () => {
  it('a scan whose job was lost (Redis data loss) is enqueued again by the sweep and completes', async () => {
    const other = await createHarness();
    try {
      const { repoId } = await other.tenant();
      const scanId = await other.submit(repoId, corpus('codeql__cqa_valid-sarif.sarif'));
      // The job disappears, as when Redis restarts without persistence.
      await other.producer.queue.obliterate({ force: true });
      await other.db
        .updateTable('scans')
        .set({ created_at: sql<Date>`now() - interval '10 minutes'` } as never)
        .where('id', '=', scanId)
        .execute();
      other.startIngester({ INGEST_SWEEP_INTERVAL_MS: '200', INGEST_STRANDED_GRACE_MS: '60000' });
      expect(await other.waitForScan(scanId)).toMatchObject({
        state: 'processing',
        findings_count: 3,
      });
    } finally {
      await other.close();
    }
  });

  it('when Redis comes back without the job (a failover to an empty replica), then the scan is enqueued again at once, not after the grace', async () => {
    const other = await createHarness();
    try {
      const { repoId } = await other.tenant();
      // A sweep that would only act in an hour, on scans older than ten minutes.
      const ingester = other.startIngester({
        INGEST_SWEEP_INTERVAL_MS: '3600000',
        INGEST_STRANDED_GRACE_MS: '600000',
      });
      await ingester.worker.waitUntilReady();
      await ingester.worker.pause();
      const scanId = await other.submit(repoId, corpus('codeql__cqa_valid-sarif.sarif'));
      await other.producer.queue.obliterate({ force: true });
      ingester.worker.resume();
      // The worker's connection drops and reconnects, as when Redis restarts.
      ingester.redis.disconnect(true);
      expect(await other.waitForScan(scanId)).toMatchObject({
        state: 'processing',
        findings_count: 3,
      });
    } finally {
      await other.close();
    }
  });

  it('a scan whose job failed for good without the scan being marked is failed by the sweep', async () => {
    const other = await createHarness();
    try {
      const { repoId } = await other.tenant();
      const scanId = await other.submit(repoId, corpus('codeql__cqa_valid-sarif.sarif'));
      // Another consumer fails the job without marking the scan (as if that write had failed).
      const connection = createRedis(REDIS, 'worker');
      const rogue = new Worker(
        'sarif-ingest',
        () => Promise.reject(new UnrecoverableError('boom')),
        { connection, prefix: other.prefix },
      );
      await new Promise<void>((resolve) => rogue.once('failed', () => resolve()));
      await rogue.close();
      await connection.quit();
      await other.db
        .updateTable('scans')
        .set({ created_at: sql<Date>`now() - interval '10 minutes'` } as never)
        .where('id', '=', scanId)
        .execute();
      other.startIngester({ INGEST_SWEEP_INTERVAL_MS: '200', INGEST_STRANDED_GRACE_MS: '60000' });
      const scan = await other.waitForScan(scanId);
      expect(scan.state).toBe('failed');
      expect(scan.error).toMatch(/failed for good/);
    } finally {
      await other.close();
    }
  });
});
