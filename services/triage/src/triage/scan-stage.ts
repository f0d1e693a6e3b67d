import {
  completeScanIfSettled,
  createBatches,
  lockScan,
  type Db,
  type DbOrTx,
  type NewBatch,
} from '@remediation/db';
import type { RepositorySettings } from '@remediation/contracts';
import { sql } from 'kysely';
import { planFixes } from './fix-plan.js';

const triagePending = (db: DbOrTx, scanId: string) =>
  db
    .selectFrom('scan_batches')
    .select('id')
    .where('scan_id', '=', scanId)
    .where('stage', '=', 'triage')
    .where('state', '=', 'pending')
    .limit(1)
    .executeTakeFirst();

/**
 * Once none of a scan's triage batches is pending: plans the fix attempts of every finding
 * triage routed (grouped per `pr_grouping`) as fix batches, marks the scan triaged, and
 * completes the scan if nothing is left to wait for. Returns the fix batches to enqueue after
 * the commit. Call it with the scan row locked; idempotent (`triaged_at` is set once).
 */
export const afterTriageBatches = async (
  trx: DbOrTx,
  scanId: string,
  settings: RepositorySettings,
): Promise<NewBatch[]> => {
  let fixes: NewBatch[] = [];
  if (!(await triagePending(trx, scanId))) {
    const marked = await trx
      .updateTable('scans')
      // The clock, not the transaction's start (`now()`, taken before the scan's lock was won).
      .set((eb) => ({ triaged_at: eb.fn<Date>('clock_timestamp', []) }))
      .where('id', '=', scanId)
      .where('triaged_at', 'is', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows > 0n) {
      const routed = await trx
        .selectFrom('scan_findings as sf')
        .innerJoin('findings as f', 'f.id', 'sf.finding_id')
        .select(['f.id', 'f.tool', 'f.rule_id', 'f.uri'])
        .where('sf.scan_id', '=', scanId)
        .where('sf.route_fix', '=', true)
        .execute();
      const groups = planFixes(
        routed.map((r) => ({ id: r.id, tool: r.tool, ruleId: r.rule_id, uri: r.uri })),
        settings.pr_grouping,
      );
      fixes = await createBatches(trx, scanId, 'fix', groups);
    }
  }
  await completeScanIfSettled(trx, scanId);
  return fixes;
};

/**
 * The scan barrier's triage step, run after a batch's transaction committed (or found its
 * batch ended already): when no triage batch of the scan is pending, settles the stage under
 * the scan's lock (`afterTriageBatches`). Batches commit without that lock, so they do not
 * queue behind each other's commits; of two batches ending at once, the one that commits last
 * sees the other done, and the lock with `triaged_at` makes the settling happen once.
 */
export const settleTriage = async (
  db: Db,
  scanId: string,
  settings: RepositorySettings,
): Promise<NewBatch[]> => {
  if (await triagePending(db, scanId)) return [];
  return db.transaction().execute(async (trx) => {
    if (!(await lockScan(trx, scanId))) return [];
    return afterTriageBatches(trx, scanId, settings);
  });
};

/**
 * Scans whose triage batches have all ended but whose stage was never settled (a worker died
 * between a batch's commit and `settleTriage`, and its job was lost too), ingested before
 * `before`. The triage sweep settles them.
 */
export const unsettledTriageScans = async (db: Db, before: Date, limit: number) => {
  const { rows } = await sql<{ id: string }>`select s.id from scans s
    where s.state = 'processing' and s.triaged_at is null and s.ingested_at < ${before}
      and not exists (select 1 from scan_batches b
        where b.scan_id = s.id and b.stage = 'triage' and b.state = 'pending')
    order by s.ingested_at limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
};
