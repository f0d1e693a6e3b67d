import type { Db, FindingRow, TriageResultRow } from '@remediation/db';
import { sql } from 'kysely';

export type { BatchScan } from '@remediation/db';

/**
 * The columns of a finding triage reads (not its fingerprint, timestamps, SARIF fixes or related
 * locations, which no signal reads: every jsonb column is parsed for each finding of a batch).
 */
const TRIAGE_COLUMNS = [
  'id',
  'rule_id',
  'tool',
  'message',
  'uri',
  'start_line',
  'start_column',
  'end_line',
  'end_column',
  'level',
  'severity',
  'dataflow_tier',
  'suppressed',
  'suppressions',
  'problems',
  'snippet',
  'code_flows',
  'properties',
  'rule',
  'fixable',
  'resolved',
  'fix_id',
  'triage_error',
] as const;

export type TriageFindingRow = Pick<FindingRow, (typeof TRIAGE_COLUMNS)[number]>;

/**
 * A batch's findings. The ids go as one array parameter, so the statement text is the same
 * for every batch and runs prepared.
 */
export const loadFindings = (db: Db, ids: readonly string[]): Promise<TriageFindingRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('findings')
        .select(TRIAGE_COLUMNS)
        .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
        .orderBy('id')
        .execute();

/** What earlier triage left for each finding: this scan's verdict, the latest one, an override. */
export interface Prior {
  /** A verdict this scan already has (a retried batch): nothing to do. */
  thisScan: boolean;
  /** The latest verdict of an earlier scan. */
  latest: Pick<TriageResultRow, 'id' | 'evidence_hash'> | undefined;
  override:
    { classification: TriageResultRow['classification']; justification: string } | undefined;
}

export const noPrior: Prior = { thisScan: false, latest: undefined, override: undefined };

/**
 * The priors of a batch's findings in one statement. Each finding's latest verdict is an
 * index lookup (`triage_results (finding_id, id)`, newest first) whatever the table's
 * statistics say: a freshly filled table is not analyzed yet, and an `in (...)` filter on it
 * was planned as a sequential scan that grew with every verdict written.
 */
export const loadPriors = async (
  db: Db,
  scanId: string,
  ids: readonly string[],
): Promise<Map<string, Prior>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{
    finding_id: string;
    latest_id: string | null;
    latest_hash: string | null;
    this_scan: boolean;
    override_classification: TriageResultRow['classification'] | null;
    override_justification: string | null;
  }>`select u.id as finding_id, l.id as latest_id, l.evidence_hash as latest_hash,
      exists (select 1 from triage_results d where d.finding_id = u.id and d.scan_id = ${scanId})
        as this_scan,
      o.classification as override_classification, o.justification as override_justification
    from unnest(${[...ids]}::uuid[]) as u(id)
    left join lateral (
      select t.id, t.evidence_hash from triage_results t
      where t.finding_id = u.id and t.scan_id <> ${scanId}
      order by t.id desc limit 1
    ) l on true
    left join triage_overrides o on o.finding_id = u.id`.execute(db);
  return new Map(
    rows.map((r) => [
      r.finding_id,
      {
        thisScan: r.this_scan,
        latest:
          r.latest_id === null ? undefined : { id: r.latest_id, evidence_hash: r.latest_hash! },
        override:
          r.override_classification === null
            ? undefined
            : {
                classification: r.override_classification,
                justification: r.override_justification!,
              },
      },
    ]),
  );
};
