import { effectiveSettings, type RepositorySettings } from '@remediation/contracts';
import type { Db, FindingRow, ScanBatchRow, TriageResultRow } from '@remediation/db';

/** The scan a batch belongs to, with its repository and where its events go. */
export interface BatchScan {
  id: string;
  state: string;
  commitSha: string | null;
  repositoryId: string;
  repositoryName: string;
  cloneUrl: string;
  organizationId: string;
  organizationSlug: string;
  settings: RepositorySettings;
}

export const loadBatchScan = async (db: Db, scanId: string): Promise<BatchScan | undefined> => {
  const row = await db
    .selectFrom('scans as s')
    .innerJoin('repositories as r', 'r.id', 's.repository_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .select([
      's.id',
      's.state',
      's.commit_sha',
      'r.id as repository_id',
      'r.name as repository_name',
      'r.clone_url',
      'r.settings',
      'o.id as organization_id',
      'o.slug as organization_slug',
    ])
    .where('s.id', '=', scanId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        state: row.state,
        commitSha: row.commit_sha,
        repositoryId: row.repository_id,
        repositoryName: row.repository_name,
        cloneUrl: row.clone_url,
        organizationId: row.organization_id,
        organizationSlug: row.organization_slug,
        settings: effectiveSettings(row.settings),
      }
    : undefined;
};

export const loadFindings = (db: Db, ids: readonly string[]): Promise<FindingRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('findings').selectAll().where('id', 'in', ids).orderBy('id').execute();

/** What earlier triage left for each finding: this scan's verdict, the latest one, an override. */
export interface Prior {
  /** A verdict this scan already has (a retried batch): nothing to do. */
  thisScan: boolean;
  latest: TriageResultRow | undefined;
  override:
    { classification: TriageResultRow['classification']; justification: string } | undefined;
}

export const loadPriors = async (
  db: Db,
  scanId: string,
  ids: readonly string[],
): Promise<Map<string, Prior>> => {
  const priors = new Map<string, Prior>(
    ids.map((id) => [id, { thisScan: false, latest: undefined, override: undefined }]),
  );
  if (ids.length === 0) return priors;
  const [latest, done, overrides] = await Promise.all([
    db
      .selectFrom('triage_results')
      .selectAll()
      .distinctOn('finding_id')
      .where('finding_id', 'in', ids)
      .where('scan_id', '<>', scanId)
      .orderBy('finding_id')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('triage_results')
      .select('finding_id')
      .where('finding_id', 'in', ids)
      .where('scan_id', '=', scanId)
      .execute(),
    db
      .selectFrom('triage_overrides')
      .select(['finding_id', 'classification', 'justification'])
      .where('finding_id', 'in', ids)
      .execute(),
  ]);
  for (const row of latest) priors.get(row.finding_id)!.latest = row;
  for (const row of done) priors.get(row.finding_id)!.thisScan = true;
  for (const row of overrides)
    priors.get(row.finding_id)!.override = {
      classification: row.classification,
      justification: row.justification,
    };
  return priors;
};

export type { ScanBatchRow };
