import { makeEnvelope } from '@remediation/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../database.js';
import { newId } from '../ids.js';
import { insertOutboxEvent } from './outbox.js';

/** The scan and where its events go. */
export interface ScanOwner {
  id: string;
  repositoryId: string;
  repositoryName: string;
  organizationId: string;
  organizationSlug: string;
}

/** Emits `scan.completed` (with `state` completed or failed); call it in the finishing transaction. */
export const emitScanCompleted = async (
  trx: DbOrTx,
  scan: ScanOwner,
  data: {
    state: 'completed' | 'failed';
    findingsCount: number;
    fixesGenerated: number;
    durationMs: number;
    tools: string[];
  },
): Promise<void> => {
  const id = newId();
  await insertOutboxEvent(trx, {
    id,
    organizationId: scan.organizationId,
    repositoryId: scan.repositoryId,
    type: 'scan.completed',
    envelope: makeEnvelope({
      id,
      type: 'scan.completed',
      createdAt: new Date(),
      organization: scan.organizationSlug,
      repository: scan.repositoryName,
      data: {
        scan_id: scan.id,
        state: data.state,
        findings_count: data.findingsCount,
        fixes_generated: data.fixesGenerated,
        duration_ms: data.durationMs,
        tools: data.tools,
      },
    }),
  });
};

/**
 * The scan barrier (DESIGN §3): completes the scan when ingestion is done and none of its
 * batches (triage, fix attempts) is pending, and writes `scan.completed` exactly once. Locks
 * the scan row, so the last two batches finishing at once cannot both miss (or both take) the
 * completion. Call it inside the transaction that finished a batch or the ingestion.
 */
export const completeScanIfSettled = async (
  trx: DbOrTx,
  scanId: string,
): Promise<'completed' | 'pending' | 'ended'> => {
  const scan = await sql<{
    state: string;
    ingested: boolean;
    repository_id: string;
    repository_name: string;
    organization_id: string;
    organization_slug: string;
  }>`
    select s.state, s.ingested_at is not null as ingested, r.id as repository_id,
           r.name as repository_name, o.id as organization_id, o.slug as organization_slug
    from scans s
    join repositories r on r.id = s.repository_id
    join organizations o on o.id = r.organization_id
    where s.id = ${scanId}
    for no key update of s`.execute(trx);
  const row = scan.rows[0];
  if (!row || (row.state !== 'processing' && row.state !== 'queued')) return 'ended';
  if (!row.ingested) return 'pending';
  const pending = await trx
    .selectFrom('scan_batches')
    .select('id')
    .where('scan_id', '=', scanId)
    .where('state', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  if (pending) return 'pending';
  const done = await trx
    .updateTable('scans')
    .set((eb) => ({ state: 'completed', completed_at: eb.fn<Date>('now', []) }))
    .where('id', '=', scanId)
    .returning(['created_at', 'completed_at', 'tools', 'findings_count', 'fixes_generated'])
    .executeTakeFirstOrThrow();
  await emitScanCompleted(
    trx,
    {
      id: scanId,
      repositoryId: row.repository_id,
      repositoryName: row.repository_name,
      organizationId: row.organization_id,
      organizationSlug: row.organization_slug,
    },
    {
      state: 'completed',
      findingsCount: done.findings_count,
      fixesGenerated: done.fixes_generated,
      durationMs: Math.max(0, new Date(done.completed_at!).getTime() - done.created_at.getTime()),
      tools: done.tools,
    },
  );
  return 'completed';
};
