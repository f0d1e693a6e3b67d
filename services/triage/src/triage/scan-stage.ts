import { completeScanIfSettled, createBatches, type DbOrTx, type NewBatch } from '@remediation/db';
import type { RepositorySettings } from '@remediation/contracts';
import { planFixes } from './fix-plan.js';

/**
 * After a triage batch ended (done or failed): when it was the scan's last, plans the fix
 * attempts of every finding triage routed (grouped per `pr_grouping`) as fix batches, marks the
 * scan triaged, and completes the scan if nothing is left to wait for. Returns the fix batches
 * to enqueue after the commit. Call it with the scan row locked.
 */
export const afterTriageBatch = async (
  trx: DbOrTx,
  scanId: string,
  settings: RepositorySettings,
): Promise<NewBatch[]> => {
  const open = await trx
    .selectFrom('scan_batches')
    .select('id')
    .where('scan_id', '=', scanId)
    .where('stage', '=', 'triage')
    .where('state', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  let fixes: NewBatch[] = [];
  if (!open) {
    const marked = await trx
      .updateTable('scans')
      .set((eb) => ({ triaged_at: eb.fn<Date>('now', []) }))
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
