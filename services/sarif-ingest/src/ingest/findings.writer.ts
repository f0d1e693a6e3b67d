import { jsonRows, newId, type DbOrTx } from '@remediation/db';
import type { NormalizedFinding, RunSummary } from '@remediation/sarif';
import { sql } from 'kysely';

/** Columns a newer scan overwrites; `id`, `first_seen_scan_id`, `fix_id` and `created_at` stay. */
const OBSERVED = [
  'rule_id',
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
  'fixable',
  'problems',
  'code_flows',
  'related_locations',
  'properties',
  'rule',
  'snippet',
  'suppressions',
  'sarif_fixes',
] as const;

/** The row type of a batch as `jsonb_to_recordset` reads it (bench/ingest's floor uses it too). */
export const FINDING_RECORD_TYPE = `r(
  id uuid, fingerprint text, tool text, category text, rule_id text, message text, uri text,
  start_line integer, start_column integer, end_line integer, end_column integer,
  level text, severity text, dataflow_tier text, suppressed boolean, fixable boolean,
  problems text[], code_flows jsonb, related_locations jsonb, properties jsonb, rule jsonb,
  snippet text, suppressions jsonb, sarif_fixes jsonb)`;
const RECORD_TYPE = sql.raw(FINDING_RECORD_TYPE);

// A scan older than the one that last saw the finding (ingested late) must not roll it back.
const NEWER = 'findings.last_seen_scan_id <= excluded.last_seen_scan_id';
const UPDATE_SET = sql.raw(
  [
    ...OBSERVED.map((c) => `${c} = case when ${NEWER} then excluded.${c} else findings.${c} end`),
    `resolved = case when ${NEWER} then false else findings.resolved end`,
    `last_seen_scan_id = greatest(findings.last_seen_scan_id, excluded.last_seen_scan_id)`,
    `updated_at = now()`,
  ].join(',\n'),
);

/** One finding as a row of a batch. */
export const toRecord = (f: NormalizedFinding) => ({
  id: newId(),
  fingerprint: f.fingerprint,
  tool: f.tool,
  category: f.category,
  rule_id: f.ruleId,
  message: f.message,
  uri: f.location?.uri ?? null,
  start_line: f.location?.startLine ?? null,
  start_column: f.location?.startColumn ?? null,
  end_line: f.location?.endLine ?? null,
  end_column: f.location?.endColumn ?? null,
  level: f.level,
  severity: f.severity,
  dataflow_tier: f.dataflowTier,
  suppressed: f.suppressed,
  fixable: f.fixable,
  problems: f.problems,
  code_flows: f.codeFlows,
  related_locations: f.relatedLocations,
  properties: f.properties,
  rule: f.rule,
  snippet: f.snippet,
  suppressions: f.suppressions,
  sarif_fixes: f.fixes,
});

/**
 * Upserts one batch of findings by (repository, fingerprint) and records that the scan saw
 * them, in one statement: the batch travels as a single JSON parameter
 * (`jsonb_to_recordset`), so a batch costs one round trip whatever its size.
 */
export const upsertFindings = async (
  trx: DbOrTx,
  scan: { id: string; repositoryId: string },
  batch: readonly NormalizedFinding[],
): Promise<number> => {
  if (batch.length === 0) return 0;
  const rows = jsonRows(batch.map(toRecord));
  const result = await sql<{ n: number }>`
    with up as (
      insert into findings (
        id, repository_id, fingerprint, first_seen_scan_id, last_seen_scan_id, tool, category,
        rule_id, message, uri, start_line, start_column, end_line, end_column, level, severity,
        dataflow_tier, suppressed, fixable, problems, code_flows, related_locations, properties, rule,
        snippet, suppressions, sarif_fixes)
      select
        r.id, ${scan.repositoryId}, r.fingerprint, ${scan.id}, ${scan.id}, r.tool, r.category,
        r.rule_id, r.message, r.uri, r.start_line, r.start_column, r.end_line, r.end_column,
        r.level, r.severity, r.dataflow_tier, r.suppressed, r.fixable, r.problems,
        coalesce(r.code_flows, '[]'), coalesce(r.related_locations, '[]'),
        coalesce(r.properties, '{}'), coalesce(r.rule, '{}'), r.snippet,
        coalesce(r.suppressions, '[]'), coalesce(r.sarif_fixes, '[]')
      from jsonb_to_recordset(${rows}::jsonb) as ${RECORD_TYPE}
      on conflict (repository_id, fingerprint) do update set ${UPDATE_SET}
      returning id
    ), seen as (
      insert into scan_findings (scan_id, finding_id)
      select ${scan.id}, id from up
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from seen`.execute(trx);
  return result.rows[0]?.n ?? 0;
};

/**
 * Marks resolved the open findings of the tools and categories this scan covered that the scan
 * did not see. Only findings last seen by an older scan are touched, so a late older scan
 * cannot resolve what a newer one saw.
 */
export const resolveAbsent = async (
  trx: DbOrTx,
  scan: { id: string; repositoryId: string },
  runs: readonly RunSummary[],
): Promise<number> => {
  if (runs.length === 0) return 0;
  const tools = runs.map((r) => r.tool);
  const categories = runs.map((r) => r.category ?? '');
  const result = await sql`
    update findings set resolved = true, updated_at = now()
    where repository_id = ${scan.repositoryId}
      and not resolved
      and last_seen_scan_id < ${scan.id}
      and (tool, coalesce(category, '')) in (
        select * from unnest(${tools}::text[], ${categories}::text[]))`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
};
