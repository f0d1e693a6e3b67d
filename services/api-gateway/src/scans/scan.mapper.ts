import type { Scan } from '@remediation/contracts';
import type { ScanRow } from '@remediation/db';

export const toScan = (row: ScanRow): Scan => {
  const completed = row.completed_at ? new Date(row.completed_at) : null;
  return {
    scan_id: row.id,
    repository_id: row.repository_id,
    state: row.state,
    source: row.source,
    tools: row.tools,
    commit_sha: row.commit_sha,
    ref: row.ref,
    findings_count: row.findings_count,
    fixes_generated: row.fixes_generated,
    error: row.error,
    warnings: row.warnings,
    warnings_count: row.warnings_count,
    created_at: row.created_at.toISOString(),
    completed_at: completed ? completed.toISOString() : null,
    duration_ms: completed ? Math.max(0, completed.getTime() - row.created_at.getTime()) : null,
  };
};
