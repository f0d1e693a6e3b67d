import type { EventType } from '@remediation/contracts';
import {
  activeTraceContext,
  finishBatch,
  jsonRows,
  newId,
  type Db,
  type DbOrTx,
} from '@remediation/db';
import { summarizeEvidence } from '@remediation/triage-engine';
import { sql } from 'kysely';
import type { BatchScan } from './batch.repository.js';
import type { Decision } from './decide.js';

export interface Decided {
  findingId: string;
  ruleId: string | null;
  decision: Decision;
  /** `deterministic`, or `deterministic+llm:<model>`. */
  provider: string;
  aiGenerated: boolean;
  /** The finding carries the error of an earlier failed triage (cleared by this verdict). */
  hadTriageError: boolean;
}

/**
 * The new verdicts and their `triage.completed` events in one statement: the rows travel as one
 * JSON parameter expanded by `jsonb_to_recordset` (a short statement planned in no time), and
 * each event's envelope is built by PostgreSQL from the verdict it announces, for the verdicts
 * this call wrote only (a verdict the scan has already keeps its one event). Same envelope as
 * `makeEnvelope` (the triage tests compare them); sending it ready-made as well doubled the
 * bytes a batch sends and parses. Returns how many events were written.
 */
const insertNew = async (trx: DbOrTx, scan: BatchScan, decided: Decided[]): Promise<number> => {
  const rows = decided.flatMap((d) =>
    d.decision.kind === 'new'
      ? [
          {
            id: newId(),
            finding_id: d.findingId,
            classification: d.decision.verdict.classification,
            severity: d.decision.verdict.severity,
            confidence: d.decision.verdict.confidence,
            justification: d.decision.verdict.justification,
            evidence: d.decision.verdict.evidence,
            evidence_hash: d.decision.hash,
            provider: d.provider,
            ai_generated: d.aiGenerated,
            event_id: newId(),
            rule_id: d.ruleId,
            evidence_summary: summarizeEvidence(d.decision.verdict),
          },
        ]
      : [],
  );
  if (rows.length === 0) return 0;
  const type: EventType = 'triage.completed';
  const { rows: written } = await sql<{ events: number }>`
    with r as (
      select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as r(id uuid, finding_id uuid,
        classification text, severity text, confidence numeric, justification text,
        evidence jsonb, evidence_hash text, provider text, ai_generated boolean, event_id uuid,
        rule_id text, evidence_summary text)
    ), verdicts as (
      insert into triage_results (id, finding_id, scan_id, classification, severity, confidence,
        justification, evidence, evidence_hash, provider, ai_generated)
      select r.id, r.finding_id, ${scan.id}::uuid, r.classification, r.severity, r.confidence,
        r.justification, r.evidence, r.evidence_hash, r.provider, r.ai_generated
      from r
      on conflict (finding_id, scan_id) do nothing
      returning finding_id
    ), events as (
      insert into outbox (id, organization_id, repository_id, type, envelope, trace_context)
      select r.event_id, ${scan.organizationId}::uuid, ${scan.repositoryId}::uuid, ${type},
        jsonb_build_object('id', r.event_id, 'type', ${type}::text,
          'created_at', ${new Date().toISOString()}::text,
          'organization', ${scan.organizationSlug}::text,
          'repository', ${scan.repositoryName}::text,
          'data', jsonb_build_object('finding_id', r.finding_id, 'rule_id', r.rule_id,
            'classification', r.classification, 'severity', r.severity,
            'justification', r.justification, 'confidence', r.confidence,
            'evidence_summary', r.evidence_summary)),
        ${activeTraceContext()}::jsonb
      from r join verdicts v on v.finding_id = r.finding_id
      returning 1
    )
    select count(*)::int as events from events`.execute(trx);
  return written[0]?.events ?? 0;
};

/** A verdict repeated from an earlier scan, copied as it was (including a model's opinion). */
const insertReused = async (trx: DbOrTx, scanId: string, decided: Decided[]): Promise<void> => {
  const reused = decided.flatMap((d) =>
    d.decision.kind === 'reused' ? [{ from: d.decision.from, id: newId() }] : [],
  );
  if (reused.length === 0) return;
  await sql`
    insert into triage_results (id, finding_id, scan_id, classification, severity, confidence,
      justification, evidence, evidence_hash, provider, ai_generated, reused_from)
    select r.id, t.finding_id, ${scanId}, t.classification, t.severity, t.confidence,
      t.justification, t.evidence, t.evidence_hash, t.provider, t.ai_generated, t.id
    from jsonb_to_recordset(${JSON.stringify(reused)}::jsonb) as r("from" uuid, id uuid)
    join triage_results t on t.id = r."from"
    on conflict (finding_id, scan_id) do nothing`.execute(trx);
};

/**
 * Records a triage batch in one transaction: new verdicts (with their `triage.completed`
 * events), reused ones, the routing to the fixer and the batch's end. A batch that has ended
 * already (a duplicate job) changes nothing. The scan's barrier is settled after the commit
 * (`settleTriage`).
 */
export const recordBatch = (
  db: Db,
  scan: BatchScan,
  batchId: string,
  decided: Decided[],
): Promise<{ duplicate: boolean; events: number }> =>
  db.transaction().execute(async (trx) => {
    // The batch row's lock serializes a duplicate job.
    if (!(await finishBatch(trx, batchId, { state: 'done' })))
      return { duplicate: true, events: 0 };
    const events = await insertNew(trx, scan, decided);
    await insertReused(trx, scan.id, decided);
    const ids = decided.filter((d) => d.hadTriageError).map((d) => d.findingId);
    if (ids.length > 0)
      await trx
        .updateTable('findings')
        .set({ triage_error: null })
        .where('id', 'in', ids)
        .where('triage_error', 'is not', null)
        .execute();
    const routed = decided.filter((d) => d.decision.kind !== 'done' && d.decision.route);
    if (routed.length > 0)
      await trx
        .updateTable('scan_findings')
        .set({ route_fix: true })
        .where('scan_id', '=', scan.id)
        .where(
          'finding_id',
          'in',
          routed.map((d) => d.findingId),
        )
        .execute();
    return { duplicate: false, events };
  });

/**
 * A batch that failed for good: its findings keep a null verdict with the reason, and the scan
 * moves on (it is not held by a batch that will never succeed; settled after the commit).
 */
export const failBatch = (
  db: Db,
  batchId: string,
  findingIds: readonly string[],
  reason: string,
): Promise<void> =>
  db.transaction().execute(async (trx) => {
    if (!(await finishBatch(trx, batchId, { state: 'failed', error: reason }))) return;
    if (findingIds.length > 0)
      await trx
        .updateTable('findings')
        .set({ triage_error: reason })
        .where('id', 'in', [...findingIds])
        .execute();
  });
