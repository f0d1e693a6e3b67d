import type { QUEUES } from '@remediation/contracts';
import {
  completeScanIfSettled,
  createTriageBatches,
  emitScanCompleted,
  type Db,
} from '@remediation/db';
import type { Logger, Processor, Producer } from '@remediation/runtime';
import { acceptSarif, normalizeLog, parseSarif, type NormalizedLog } from '@remediation/sarif';
import { DelayedError, UnrecoverableError } from 'bullmq';
import { resolveAbsent, upsertFindings } from './findings.writer.js';
import type { IngestMetrics } from './ingest-metrics.js';
import { ingestionWarnings } from './scan-warnings.js';
import {
  failScanRow,
  findScan,
  loadDocument,
  markProcessing,
  pendingTriageBatches,
  recordIngestion,
  type ScanToIngest,
} from './scans.repository.js';

/** How long a job may wait for its scan's row to become visible. */
const COMMIT_GRACE_MS = 30_000;
const RECHECK_MS = 100;

export interface IngestDeps {
  db: Db;
  logger: Logger;
  batchSize: number;
  /** Findings per triage batch. */
  triageBatchSize: number;
  /** Enqueues the scan's triage batches once they are committed. */
  triage: Pick<Producer<typeof QUEUES.triage>, 'addMany'>;
  metrics: IngestMetrics;
}

/**
 * Writes everything one document yields in one transaction: findings (upserted by identity),
 * the scan's links to them, resolutions, the ingestion's record on the scan and the triage
 * batches the scan now waits for (a scan without findings completes here, with its
 * `scan.completed` event). A process that dies half-way leaves nothing behind, so the retry
 * starts clean.
 */
const writeResults = async (
  deps: IngestDeps,
  scan: ScanToIngest,
  log: NormalizedLog,
): Promise<{ seen: number; resolved: number; batches: string[] }> =>
  deps.db.transaction().execute(async (trx) => {
    let seen = 0;
    for (let i = 0; i < log.findings.length; i += deps.batchSize) {
      seen += await upsertFindings(trx, scan, log.findings.slice(i, i + deps.batchSize));
    }
    const resolved = await resolveAbsent(trx, scan, log.runs);
    const recorded = await recordIngestion(trx, scan.id, {
      findingsCount: seen,
      tools: [...new Set(log.runs.map((r) => r.tool))],
      warnings: ingestionWarnings(log, scan.checkoutUri !== null),
    });
    // Someone else ended the scan meanwhile (a stalled duplicate run): keep their outcome.
    if (!recorded) throw new ScanAlreadyEndedError(scan.id);
    const batches = await createTriageBatches(trx, scan.id, deps.triageBatchSize);
    await completeScanIfSettled(trx, scan.id);
    deps.logger.info(
      {
        scanId: scan.id,
        findings: seen,
        resolved,
        results: log.results,
        duplicates: log.duplicates,
        triageBatches: batches.length,
      },
      'scan ingested',
    );
    return { seen, resolved, batches: batches.map((b) => b.id) };
  });

class ScanAlreadyEndedError extends Error {
  override readonly name = 'ScanAlreadyEndedError';
  constructor(scanId: string) {
    super(`scan ${scanId} ended while it was being ingested`);
  }
}

/**
 * The `sarif-ingest` job: load the stored document, normalize it with the repository's
 * checkout root, write findings, complete the scan. Idempotent: a scan that has ended is left
 * alone, and a retry of a half-done attempt redoes the whole (rolled back) transaction.
 */
export const ingestProcessor =
  (deps: IngestDeps): Processor<typeof QUEUES.sarifIngest> =>
  async ({ scanId }, job, token) => {
    const started = performance.now();
    const scan = await findScan(deps.db, scanId);
    if (!scan) {
      // The gateway enqueues inside its transaction, so a fast worker can get here before the
      // commit: look again shortly, without spending an attempt. A scan that never appears
      // belonged to a rolled-back upload (or a deleted repository).
      if (Date.now() - job.timestamp < COMMIT_GRACE_MS) {
        await job.moveToDelayed(Date.now() + RECHECK_MS, token);
        throw new DelayedError();
      }
      throw new UnrecoverableError('the scan does not exist');
    }
    if (scan.state === 'completed' || scan.state === 'failed') return { skipped: scan.state };
    if (scan.ingestedAt) {
      // Ingested by an attempt that died before enqueueing triage: enqueue again (same ids).
      const pending = await pendingTriageBatches(deps.db, scanId);
      await deps.triage.addMany(pending.map((b) => ({ scanId, batchId: b.id })));
      return { skipped: 'ingested' };
    }
    if (!(await markProcessing(deps.db, scanId))) return { skipped: 'ended' };
    if (!scan.documentId) throw new UnrecoverableError('the scan has no SARIF document');
    const text = await loadDocument(deps.db, scan.documentId);
    if (!text) throw new UnrecoverableError('the SARIF document is gone');
    const parsed = parseSarif(text);
    // Documents are validated at upload; one that no longer parses cannot succeed on retry.
    if (!parsed.ok) throw new UnrecoverableError('the stored SARIF document is not valid JSON');
    // The same repairs the upload made and recorded (a valid document is returned as it is).
    const accepted = acceptSarif(parsed.value, 'tolerant');
    if (!accepted.ok) throw new UnrecoverableError('the stored SARIF document cannot be processed');
    const log = normalizeLog(accepted.log, { checkoutUri: scan.checkoutUri });
    let written: { seen: number; resolved: number; batches: string[] };
    try {
      written = await writeResults(deps, scan, log);
    } catch (err) {
      if (err instanceof ScanAlreadyEndedError) return { skipped: 'ended' };
      throw err;
    }
    await deps.triage.addMany(written.batches.map((batchId) => ({ scanId, batchId })));
    deps.metrics.findingsWritten(written.seen, written.resolved);
    deps.metrics.scanEnded('completed', (performance.now() - started) / 1000);
    return { findings: written.seen, triageBatches: written.batches.length };
  };

/**
 * Called when a job has failed for good (attempts exhausted, unrecoverable, or stalled too
 * often): the scan becomes `failed` with a reason, and `scan.completed` says so, once.
 */
export const failScan = async (deps: IngestDeps, scanId: string, reason: string): Promise<void> => {
  const scan = await findScan(deps.db, scanId);
  if (!scan) return;
  await deps.db.transaction().execute(async (trx) => {
    const finished = await failScanRow(trx, scanId, reason);
    if (!finished) return;
    deps.metrics.scanEnded('failed');
    await emitScanCompleted(trx, scan, {
      state: 'failed',
      findingsCount: 0,
      fixesGenerated: finished.fixesGenerated,
      durationMs: Math.max(0, finished.completedAt.getTime() - finished.createdAt.getTime()),
      tools: finished.tools,
    });
  });
};
