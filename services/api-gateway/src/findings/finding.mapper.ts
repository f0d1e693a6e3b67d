import type { Finding, FindingDetail, FindingProblem, FindingRule } from '@remediation/contracts';
import type { FindingWithTriage } from './findings.repository.js';

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
  triage: row.triage
    ? {
        classification: row.triage.classification,
        severity: row.triage.severity as Finding['severity'],
        confidence: row.triage.confidence,
        justification: row.triage.justification,
        evidence: row.triage.evidence,
      }
    : null,
  fix_id: row.fix_id,
  created_at: row.created_at.toISOString(),
});

export const toFindingDetail = (row: FindingWithTriage): FindingDetail => ({
  ...toFinding(row),
  rule: Object.keys(row.rule).length === 0 ? null : (row.rule as FindingRule),
  code_flows: row.code_flows,
  related_locations: row.related_locations,
  properties: row.properties,
});
