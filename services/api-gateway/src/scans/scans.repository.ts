import { effectiveSettings, type RepositorySettings } from '@remediation/contracts';
import type { Db, DbOrTx, NewScan } from '@remediation/db';

export const scansOf = (db: Db, repositoryId: string) =>
  db.selectFrom('scans').selectAll().where('repository_id', '=', repositoryId);

export const findScan = (db: Db, repositoryId: string, scanId: string) =>
  scansOf(db, repositoryId).where('id', '=', scanId).executeTakeFirst();

export const findScanByIdempotencyKey = (db: Db, repositoryId: string, key: string) =>
  db
    .selectFrom('scans')
    .leftJoin('sarif_documents', 'sarif_documents.id', 'scans.sarif_document_id')
    .select(['scans.id', 'scans.state', 'scans.warnings_count', 'sarif_documents.content_sha256'])
    .where('scans.repository_id', '=', repositoryId)
    .where('scans.idempotency_key', '=', key)
    .executeTakeFirst();

/** The newest stored SARIF document of a repository and the commit of the scan that brought it. */
export const findLatestDocument = (db: Db, repositoryId: string) =>
  db
    .selectFrom('sarif_documents as d')
    .leftJoin('scans as s', (join) =>
      join.onRef('s.sarif_document_id', '=', 'd.id').on('s.source', '=', 'upload'),
    )
    .select(['d.id', 's.commit_sha', 's.ref', 's.checkout_uri', 's.warnings', 's.warnings_count'])
    .where('d.repository_id', '=', repositoryId)
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const insertScan = (trx: DbOrTx, scan: NewScan) =>
  trx.insertInto('scans').values(scan).returningAll().executeTakeFirstOrThrow();

/** The repository's settings over the defaults (the caller has checked access). */
export const repositorySettings = async (
  db: Db,
  repositoryId: string,
): Promise<RepositorySettings> => {
  const row = await db
    .selectFrom('repositories')
    .select('settings')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return effectiveSettings(row.settings);
};
