import type { Db, FindingRow, TriageResultRow } from '@remediation/db';

export type { BatchScan } from '@remediation/db';

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
