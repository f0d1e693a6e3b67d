import { effectiveSettings, type RepositorySettings } from '@remediation/contracts';
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

/** The scan a batch belongs to, with its repository and where its events go. */
export interface BatchScan {
  id: string;
  state: string;
  commitSha: string | null;
  repositoryId: string;
  repositoryName: string;
  cloneUrl: string;
  organizationId: string;
  organizationSlug: string;
  settings: RepositorySettings;
}

export const loadBatchScan = async (db: DbOrTx, scanId: string): Promise<BatchScan | undefined> => {
  const row = await db
    .selectFrom('scans as s')
    .innerJoin('repositories as r', 'r.id', 's.repository_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .select([
      's.id',
      's.state',
      's.commit_sha',
      'r.id as repository_id',
      'r.name as repository_name',
      'r.clone_url',
      'r.settings',
      'o.id as organization_id',
      'o.slug as organization_slug',
    ])
    .where('s.id', '=', scanId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        state: row.state,
        commitSha: row.commit_sha,
        repositoryId: row.repository_id,
        repositoryName: row.repository_name,
        cloneUrl: row.clone_url,
        organizationId: row.organization_id,
        organizationSlug: row.organization_slug,
        settings: effectiveSettings(row.settings),
      }
    : undefined;
};

/**
 * Locks the scan row: batches of one scan end one at a time (see `completeScanIfSettled`).
 * `no key update`: the batch's own inserts hold key-share locks on the scan (foreign keys),
 * which a plain `for update` would wait on, deadlocking two batches.
 */
export const lockScan = async (trx: DbOrTx, scanId: string): Promise<boolean> => {
  const row = await sql<{
    id: string;
  }>`select id from scans where id = ${scanId} for no key update`.execute(trx);
  return row.rows.length > 0;
};
