import { sql } from 'kysely';
import type { DbOrTx } from '../database.js';
import { newId } from '../ids.js';
import type { ScanBatchRow } from '../tables/scans.js';

export interface NewBatch {
  id: string;
  findingIds: string[];
}

/**
 * Splits the findings a scan saw into triage batches of at most `size`, in one statement, in
 * the ingestion's transaction. Returns them for enqueueing after the commit.
 */
export const createTriageBatches = async (
  trx: DbOrTx,
  scanId: string,
  size: number,
): Promise<NewBatch[]> => {
  const result = await sql<{ id: string; finding_ids: string[] }>`
    insert into scan_batches (id, scan_id, stage, finding_ids)
    select gen_random_uuid(), ${scanId}, 'triage', array_agg(finding_id order by finding_id)
    from (
      select finding_id, (row_number() over (order by finding_id) - 1) / ${size} as n
      from scan_findings where scan_id = ${scanId}
    ) numbered
    group by n
    returning id, finding_ids`.execute(trx);
  return result.rows.map((r) => ({ id: r.id, findingIds: r.finding_ids }));
};

/** Adds batches of a stage (fix attempts) to a scan's barrier, in one statement per 500. */
export const createBatches = async (
  trx: DbOrTx,
  scanId: string,
  stage: 'triage' | 'fix',
  groups: readonly string[][],
): Promise<NewBatch[]> => {
  const batches = groups.map((findingIds) => ({ id: newId(), findingIds }));
  for (let i = 0; i < batches.length; i += 500) {
    await trx
      .insertInto('scan_batches')
      .values(
        batches
          .slice(i, i + 500)
          .map((b) => ({ id: b.id, scan_id: scanId, stage, finding_ids: b.findingIds })),
      )
      .execute();
  }
  return batches;
};

export const findBatch = (db: DbOrTx, batchId: string): Promise<ScanBatchRow | undefined> =>
  db.selectFrom('scan_batches').selectAll().where('id', '=', batchId).executeTakeFirst();

/** Ends a pending batch; false when it had ended already (a duplicate or late job). */
export const finishBatch = async (
  trx: DbOrTx,
  batchId: string,
  outcome: { state: 'done' } | { state: 'failed'; error: string },
): Promise<boolean> => {
  const res = await trx
    .updateTable('scan_batches')
    .set((eb) => ({
      state: outcome.state,
      error: outcome.state === 'failed' ? outcome.error : null,
      finished_at: eb.fn<Date>('now', []),
    }))
    .where('id', '=', batchId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
};

/** Pending batches of a stage created before `before`, oldest first (the stranded sweeps). */
export const pendingBatchesBefore = (
  db: DbOrTx,
  stage: 'triage' | 'fix',
  before: Date,
  limit: number,
): Promise<Pick<ScanBatchRow, 'id' | 'scan_id'>[]> =>
  db
    .selectFrom('scan_batches')
    .select(['id', 'scan_id'])
    .where('stage', '=', stage)
    .where('state', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
