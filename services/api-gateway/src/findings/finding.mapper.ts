import type { Finding, FindingDetail, FindingProblem, FindingRule } from '@remediation/contracts';
import type { FindingWithTriage } from './findings.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The finding's current triage: a person's override wins over the latest verdict. */
const triageOf = (row: FindingWithTriage): Finding['triage'] => {
  const t = row.triage;
  const o = row.override;
  if (o) {
    return {
      classification: o.classification,
      severity: (t?.severity ?? row.severity) as Finding['severity'],
      confidence: 1,
      justification: o.justification,
      evidence: [
        {
          signal: 'override',
          effect: 'neutral',
          detail: `set by ${o.actor}${t ? `; the latest verdict was ${t.classification} (${t.justification})` : ''}`,
        },
        ...(t?.evidence ?? []),
      ],
      provider: 'override',
      ai_generated: false,
      scan_id: t?.scan_id ?? null,
      overridden_by: o.actor,
      overridden_at: iso(o.updated_at),
    };
  }
  if (!t) return null;
  return {
    classification: t.classification,
    severity: t.severity as Finding['severity'],
    confidence: t.confidence,
    justification: t.justification,
    evidence: t.evidence,
    provider: t.provider,
    ai_generated: t.ai_generated,
    scan_id: t.scan_id,
    overridden_by: null,
    overridden_at: null,
  };
};

export const toFinding = (row: FindingWithTriage): Finding => ({
  id: row.id,
  repository_id: row.repository_id,
  scan_id: row.last_seen_scan_id,
  first_seen_scan_id: row.first_seen_scan_id,
  rule_id: row.rule_id,
  tool: row.tool,
  message: row.message,
  location:
    row.uri === null
      ? null
      : {
          uri: row.uri,
          start_line: row.start_line,
          start_column: row.start_column,
          end_line: row.end_line,
          end_column: row.end_column,
        },
  level: row.level,
  severity: row.severity,
  dataflow_tier: row.dataflow_tier as Finding['dataflow_tier'],
  fingerprint: row.fingerprint,
  suppressed: row.suppressed,
  resolved: row.resolved,
  fixable: row.fixable,
  problems: row.problems as FindingProblem[],
  triage: triageOf(row),
  triage_error: row.triage_error,
  fix_id: row.fix_id,
  fix_note: row.fix_note,
  created_at: row.created_at.toISOString(),
});

export const toFindingDetail = (row: FindingWithTriage): FindingDetail => ({
  ...toFinding(row),
  rule: Object.keys(row.rule).length === 0 ? null : (row.rule as FindingRule),
  code_flows: row.code_flows,
  related_locations: row.related_locations,
  properties: row.properties,
});
