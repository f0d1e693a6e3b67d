import { finishBatch } from '@remediation/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedFinding } from '../../../test/e2e/support/tenant.js';
import { createHarness, type Harness } from './harness.js';

// The scan barrier's triage step: batches commit without the scan's lock and settle it after
// their commit (`settleTriage`); these cover the races and crashes that split allows.

const finding = (i: number): SeedFinding => ({
  ruleId: 'js/insecure-randomness',
  tool: 'CodeQL',
  uri: 'src/app.js',
  startLine: 1 + (i % 3),
  message: `Insecure randomness #${i}.`,
  rule: { id: 'js/insecure-randomness', cwe: ['CWE-338'], precision: 'high', tags: ['security'] },
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    'src/app.js': 'const a = Math.random();\nconst b = 1;\nconst c = 2;\n',
  });
});
afterAll(async () => h?.close());

const scanState = (scanId: string) =>
  h.db
    .selectFrom('scans')
    .select(['state', 'triaged_at'])
    .where('id', '=', scanId)
    .executeTakeFirstOrThrow();

const completions = async (scanId: string) =>
  (
    await h.db
      .selectFrom('outbox')
      .select('envelope')
      .where('type', '=', 'scan.completed')
      .execute()
  ).filter((e) => (e.envelope as { data: { scan_id: string } }).data.scan_id === scanId).length;

/** Ends batches as a worker would that committed and then died before settling the scan. */
const commitWithoutSettling = async (batches: string[]) => {
  for (const id of batches)
    await h.db.transaction().execute((trx) => finishBatch(trx, id, { state: 'done' }));
};

describe('the triage barrier', () => {
  it('when many batches of one scan end at once on two workers, then the scan is triaged and completed exactly once', async () => {
    h.startTriager({ TRIAGE_CONCURRENCY: '8' });
    h.startTriager({ TRIAGE_CONCURRENCY: '8' });
    const { scanId, batches } = await h.submit(
      Array.from({ length: 40 }, (_, i) => finding(i)),
      { settings: { auto_fix: false }, batchSize: 1 },
    );
    expect(batches).toHaveLength(40);
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'completed' });
    expect((await scanState(scanId)).triaged_at).not.toBeNull();
    expect(await completions(scanId)).toBe(1);
  });

  it("when a batch committed but its worker died before settling, then the job's retry settles the scan", async () => {
    const { scanId, batches } = await h.submit([finding(1), finding(2)], {
      settings: { auto_fix: false },
      batchSize: 1,
      enqueue: false,
    });
    await commitWithoutSettling(batches);
    expect(await scanState(scanId)).toMatchObject({ state: 'processing', triaged_at: null });
    await h.triage.add({ scanId, batchId: batches[1]! });
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'completed' });
    expect(await completions(scanId)).toBe(1);
  });
});

describe('the unsettled scan sweep', () => {
  it('when every batch of an ingested scan ended and no job is left, then the sweep settles the scan once', async () => {
    const { scanId, batches } = await h.submit([finding(3)], {
      settings: { auto_fix: false },
      enqueue: false,
    });
    await commitWithoutSettling(batches);
    await h.db
      .updateTable('scans')
      .set({ ingested_at: new Date(Date.now() - 60_000) })
      .where('id', '=', scanId)
      .execute();
    h.startTriager({ TRIAGE_SWEEP_INTERVAL_MS: '100', TRIAGE_STRANDED_GRACE_MS: '30000' });
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'completed' });
    expect(await completions(scanId)).toBe(1);
  });

  it('when a scan was ingested within the grace period, then the sweep leaves it to its jobs', async () => {
    const { scanId, batches } = await h.submit([finding(4)], {
      settings: { auto_fix: false },
      enqueue: false,
    });
    await commitWithoutSettling(batches);
    h.startTriager({ TRIAGE_SWEEP_INTERVAL_MS: '100', TRIAGE_STRANDED_GRACE_MS: '30000' });
    await new Promise((r) => setTimeout(r, 600));
    expect(await scanState(scanId)).toMatchObject({ state: 'processing', triaged_at: null });
  });
});
