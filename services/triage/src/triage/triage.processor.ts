import type { QUEUES } from '@remediation/contracts';
import { findBatch, loadBatchScan, type Db } from '@remediation/db';
import type { Logger, Processor, Producer } from '@remediation/runtime';
import { UnrecoverableError } from 'bullmq';
import { loadFindings, loadPriors, type BatchScan } from './batch.repository.js';
import { settleTriage } from './scan-stage.js';
import { classifyBatch, type ClassifyOptions } from './classify-batch.js';
import { readSourceView, type SourceDeps } from './source-view.js';
import type { TriageMetrics } from './triage-metrics.js';
import { failBatch, recordBatch } from './verdicts.writer.js';

export interface TriageDeps extends SourceDeps, ClassifyOptions {
  db: Db;
  logger: Logger;
  fix: Pick<Producer<typeof QUEUES.fix>, 'addMany'>;
  metrics: TriageMetrics;
}

/**
 * The `triage` job: classify one batch of a scan's findings and record it (see `recordBatch`).
 * Idempotent: an ended batch is skipped, verdicts are unique per finding and scan, and the fix
 * batches of a triaged scan are enqueued under their deterministic job ids.
 */
export const triageProcessor =
  (deps: TriageDeps): Processor<typeof QUEUES.triage> =>
  async ({ scanId, batchId }) => {
    const started = performance.now();
    const batch = await findBatch(deps.db, batchId);
    if (!batch || batch.scan_id !== scanId || batch.stage !== 'triage')
      throw new UnrecoverableError('the triage batch does not exist');
    const scan = await loadBatchScan(deps.db, scanId);
    if (!scan) throw new UnrecoverableError('the scan does not exist');
    if (batch.state !== 'pending') {
      // Ended by an attempt that may have died before settling the scan's barrier.
      await settle(deps, scan);
      return { skipped: batch.state };
    }
    const findings = await loadFindings(deps.db, batch.finding_ids);
    const priors = await loadPriors(deps.db, scanId, batch.finding_ids);
    const source = await readSourceView(deps, scan, findings);
    const decided = await classifyBatch(scan, findings, priors, source, deps);
    const recorded = await recordBatch(deps.db, scan, batchId, decided);
    const fixBatches = await settle(deps, scan);
    deps.metrics.batchEnded('done', decided, (performance.now() - started) / 1000);
    return {
      findings: findings.length,
      events: recorded.events,
      fixBatches,
      source: source.status,
    };
  };

/**
 * Settles the scan's triage stage if no batch is left (see `settleTriage`) and enqueues the fix
 * batches it planned (deterministic job ids: enqueueing twice is harmless). Returns how many.
 */
export const settle = async (
  deps: Pick<TriageDeps, 'db' | 'fix'>,
  scan: Pick<BatchScan, 'id' | 'settings'>,
): Promise<number> => {
  const fixes = await settleTriage(deps.db, scan.id, scan.settings);
  await deps.fix.addMany(fixes.map((b) => ({ scanId: scan.id, batchId: b.id })));
  return fixes.length;
};

/** A batch whose job failed for good: null verdicts with the reason; the scan is not held. */
export const failTriageBatch = async (
  deps: TriageDeps,
  batchId: string,
  reason: string,
): Promise<void> => {
  const batch = await findBatch(deps.db, batchId);
  if (!batch) return;
  const scan = await loadBatchScan(deps.db, batch.scan_id);
  if (!scan) return;
  if (batch.state === 'pending') {
    await failBatch(deps.db, batchId, batch.finding_ids, reason);
    deps.metrics.batchEnded('failed', [], 0);
  }
  await settle(deps, scan);
};
