import { effectiveSettings, type Repository } from '@remediation/contracts';
import type { RepositoryWithStatus } from './repositories.repository.js';

/** Credentials never leave the service, even if an operator put them in the clone URL. */
export const redactCloneUrl = (raw: string): string => {
  try {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return raw.replace(/\/\/[^@/]+@/, '//');
  }
};

const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

export const toRepository = (row: RepositoryWithStatus): Repository => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  default_branch: row.default_branch,
  clone_url: redactCloneUrl(row.clone_url),
  settings: effectiveSettings(row.settings),
  status: {
    last_scan: row.last_scan
      ? {
          scan_id: row.last_scan.scan_id,
          state: row.last_scan.state,
          created_at: iso(row.last_scan.created_at)!,
          completed_at: iso(row.last_scan.completed_at),
        }
      : null,
    open_findings: row.open_findings ?? 0,
    open_fixes: row.open_fixes ?? 0,
  },
  created_at: row.created_at.toISOString(),
});
