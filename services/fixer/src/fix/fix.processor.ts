import type { QUEUES } from '@remediation/contracts';
import { findBatch, loadBatchScan, type Db, type FindingRow } from '@remediation/db';
import type { Logger, Processor, Producer } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import { openCommit, type SourceAccess } from '@remediation/source-access';
import { unifiedDiff } from '@remediation/codemods';
import { UnrecoverableError } from 'bullmq';
import { applyCheck, type GitRun } from './apply-check.js';
import { toFixRecord } from './fix-record.js';
import type { FixMetrics } from './fix-metrics.js';
import { failFixBatch, recordFixBatch } from './fix.writer.js';
import { fixGroup, type FixFinding } from './generate.js';

export interface FixDeps {
  db: Db;
  logger: Logger;
  source: SourceAccess;
  secretBox: SecretBox;
  gitTimeoutMs: number;
  /** Runs `git apply --check` (a git launcher's `run`: cheaper to start from a small process). */
  git: GitRun;
  metrics: FixMetrics;
  /** Publishes generated fixes of repositories with `auto_pr` on. */
  publish: Pick<Producer<typeof QUEUES.prPublish>, 'add'>;
}

/** What the fixer needs of a stored finding; null when it cannot be fixed (no rule, no line). */
export const toFixFinding = (row: FindingRow): FixFinding | null =>
  row.rule_id === null || row.uri === null || row.start_line === null
    ? null
    : {
        id: row.id,
        tool: row.tool,
        ruleId: row.rule_id,
        uri: row.uri,
        location: {
          startLine: row.start_line,
          startColumn: row.start_column,
          endLine: row.end_line,
          endColumn: row.end_column,
        },
        message: row.message,
        codeFlows: row.code_flows,
        sarifFixes: row.sarif_fixes,
      };

/**
 * The `fix` job: one fix attempt (a finding, or a group per `pr_grouping`) on the files at the
 * scanned commit, evaluated, checked with `git apply --check`, and stored with its rationale
 * (see `recordFixBatch`). Idempotent: an ended batch is skipped and the store is one
 * transaction that ends the batch. A remote that cannot be reached is retried; a commit that
 * does not exist is recorded as the reason.
 */
export const fixProcessor =
  (deps: FixDeps): Processor<typeof QUEUES.fix> =>
  async ({ scanId, batchId }) => {
    const started = performance.now();
    const batch = await findBatch(deps.db, batchId);
    if (!batch || batch.scan_id !== scanId || batch.stage !== 'fix')
      throw new UnrecoverableError('the fix batch does not exist');
    if (batch.state !== 'pending') return { skipped: batch.state };
    const scan = await loadBatchScan(deps.db, scanId);
    if (!scan) throw new UnrecoverableError('the scan does not exist');
    const rows = await deps.db
      .selectFrom('findings')
      .selectAll()
      .where('id', 'in', batch.finding_ids)
      .execute();
    const group = rows.map(toFixFinding).filter((f): f is FixFinding => f !== null);
    const noteAll = (note: string) => rows.map((r) => ({ findingId: r.id, note }));
    if (!scan.commitSha) {
      await recordFixBatch(deps.db, scan, batchId, {
        fix: undefined,
        notes: noteAll('the scan has no commit to fix'),
      });
      return { fixed: 0 };
    }
    const opened = await openCommit(
      deps,
      { id: scan.repositoryId, cloneUrl: scan.cloneUrl },
      scan.commitSha,
    );
    if (!opened.ok) {
      if (opened.retryable) throw new Error(opened.reason);
      await recordFixBatch(deps.db, scan, batchId, {
        fix: undefined,
        notes: noteAll(opened.reason),
      });
      return { fixed: 0 };
    }
    const outcome = await fixGroup(group, (path) => opened.reader.read(path));
    const applyError =
      outcome.applied.length > 0
        ? await applyCheck(
            deps.git,
            opened.reader.mirror,
            scan.commitSha,
            unifiedDiff(outcome.files),
            deps.gitTimeoutMs,
          )
        : null;
    const fix = toFixRecord(outcome, group, applyError);
    const fixed = new Set(fix?.status === 'generated' ? fix.findingIds : []);
    const notes = [
      ...outcome.unfixed.map((u) => ({ findingId: u.findingId, note: u.reason })),
      ...(fix?.status === 'failed'
        ? fix.findingIds.map((id) => ({ findingId: id, note: fix.summary }))
        : []),
      ...rows
        .filter((r) => !group.some((g) => g.id === r.id))
        .map((r) => ({ findingId: r.id, note: 'no rule id or no location with a line' })),
    ].filter((n) => !fixed.has(n.findingId));
    const stored = await recordFixBatch(deps.db, scan, batchId, { fix, notes });
    if (stored.fixId && fix?.status === 'generated' && scan.settings.auto_pr)
      await deps.publish.add({ fixId: stored.fixId });
    deps.metrics.attemptEnded(fix?.status ?? 'none', (performance.now() - started) / 1000);
    return { fixId: stored.fixId, status: fix?.status ?? 'none', unfixed: outcome.unfixed.length };
  };

/** A fix attempt whose job failed for good: its findings say why, the scan is not held. */
export const failFix = async (deps: FixDeps, batchId: string, reason: string): Promise<void> => {
  const batch = await findBatch(deps.db, batchId);
  if (!batch || batch.state !== 'pending') return;
  await failFixBatch(deps.db, batch.scan_id, batchId, batch.finding_ids, reason);
  deps.metrics.attemptEnded('failed', 0);
};
