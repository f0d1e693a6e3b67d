import { makeEnvelope } from '@remediation/contracts';
import {
  completeScanIfSettled,
  finishBatch,
  insertOutboxEvent,
  lockScan,
  newId,
  type BatchScan,
  type Db,
} from '@remediation/db';
import { sql } from 'kysely';

/** A fix as the fixer decided it, ready to store. */
export interface FixRecord {
  status: 'generated' | 'failed';
  findingIds: string[];
  codemod: string;
  summary: string;
  diff: string;
  rationale: string;
  filesChanged: number;
  evaluation: Record<string, unknown>;
  detectionTool: string;
}

export interface BatchRecord {
  fix: FixRecord | undefined;
  /** Why each finding left without a fix (cleared for the fixed ones). */
  notes: { findingId: string; note: string }[];
}

/**
 * Records a fix attempt in one transaction: the fix (`generated`, linked from its findings, with
 * `fix.generated` in the outbox and the scan's `fixes_generated` counted; or `failed` with the
 * reason, never published), each unfixed finding's reason, the batch's end and possibly the
 * scan's completion. A batch that has ended already (a duplicate job) changes nothing.
 */
export const recordFixBatch = (
  db: Db,
  scan: BatchScan,
  batchId: string,
  record: BatchRecord,
): Promise<{ duplicate: boolean; fixId: string | null }> =>
  db.transaction().execute(async (trx) => {
    await lockScan(trx, scan.id);
    if (!(await finishBatch(trx, batchId, { state: 'done' })))
      return { duplicate: true, fixId: null };
    let fixId: string | null = null;
    const fix = record.fix;
    if (fix) {
      fixId = newId();
      await trx
        .insertInto('fixes')
        .values({
          id: fixId,
          repository_id: scan.repositoryId,
          scan_id: scan.id,
          finding_ids: fix.findingIds,
          codemod: fix.codemod,
          status: fix.status,
          summary: fix.summary,
          files_changed: fix.filesChanged,
          diff: fix.diff,
          rationale: fix.rationale,
          evaluation: JSON.stringify(fix.evaluation),
          ai_generated: false,
        })
        .execute();
      if (fix.status === 'generated') {
        await trx
          .updateTable('findings')
          .set({ fix_id: fixId, fix_note: null })
          .where('id', 'in', fix.findingIds)
          .execute();
        await trx
          .updateTable('scans')
          .set({ fixes_generated: sql<number>`fixes_generated + 1` })
          .where('id', '=', scan.id)
          .execute();
        const eventId = newId();
        await insertOutboxEvent(trx, {
          id: eventId,
          organizationId: scan.organizationId,
          repositoryId: scan.repositoryId,
          type: 'fix.generated',
          envelope: makeEnvelope({
            id: eventId,
            type: 'fix.generated',
            createdAt: new Date(),
            organization: scan.organizationSlug,
            repository: scan.repositoryName,
            data: {
              fix_id: fixId,
              codemod: fix.codemod,
              summary: fix.summary,
              files_changed: fix.filesChanged,
              detection_tool: fix.detectionTool,
              ai_generated: false,
              finding_ids: fix.findingIds,
            },
          }),
        });
      }
    }
    for (const { findingId, note } of record.notes)
      await trx
        .updateTable('findings')
        .set({ fix_note: note })
        .where('id', '=', findingId)
        .execute();
    await completeScanIfSettled(trx, scan.id);
    return { duplicate: false, fixId };
  });

/** A fix attempt whose job failed for good: its findings say why, the scan moves on. */
export const failFixBatch = (
  db: Db,
  scanId: string,
  batchId: string,
  findingIds: readonly string[],
  reason: string,
): Promise<void> =>
  db.transaction().execute(async (trx) => {
    await lockScan(trx, scanId);
    if (!(await finishBatch(trx, batchId, { state: 'failed', error: reason }))) return;
    if (findingIds.length > 0)
      await trx
        .updateTable('findings')
        .set({ fix_note: reason })
        .where('id', 'in', [...findingIds])
        .execute();
    await completeScanIfSettled(trx, scanId);
  });
