import type { DataflowTier, FindingProblem, RepositorySettings } from '@remediation/contracts';
import type { TriageFinding, TriageSettings } from '@remediation/triage-engine';
import type { TriageFindingRow } from './batch.repository.js';

/** What the engine reads of a stored finding. */
export const toTriageFinding = (row: TriageFindingRow): TriageFinding => ({
  id: row.id,
  ruleId: row.rule_id,
  tool: row.tool,
  message: row.message,
  location:
    row.uri === null
      ? null
      : {
          uri: row.uri,
          startLine: row.start_line,
          startColumn: row.start_column,
          endLine: row.end_line,
          endColumn: row.end_column,
        },
  level: row.level,
  severity: row.severity,
  dataflowTier: row.dataflow_tier as DataflowTier,
  suppressed: row.suppressed,
  suppressions: row.suppressions,
  problems: row.problems as FindingProblem[],
  snippet: row.snippet,
  codeFlows: row.code_flows,
  properties: row.properties,
  rule: Object.keys(row.rule).length === 0 ? null : (row.rule as unknown as TriageFinding['rule']),
});

export const toTriageSettings = (settings: RepositorySettings): TriageSettings => ({
  sensitivity: settings.sensitivity,
  minSeverity: settings.min_severity,
  excludedPaths: settings.excluded_paths,
});
