import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { MAX_SCAN_WARNINGS, type ScanWarning } from '@remediation/contracts';
import type { Db, DbOrTx } from '@remediation/db';
import { sql } from 'kysely';

const gunzipAsync = promisify(gunzip);

export interface ScanToIngest {
  id: string;
  state: 'queued' | 'processing' | 'completed' | 'failed';
  repositoryId: string;
  repositoryName: string;
  organizationId: string;
  organizationSlug: string;
  documentId: string | null;
  checkoutUri: string | null;
  createdAt: Date;
  /** Set once the findings are written and the triage batches created. */
  ingestedAt: Date | null;
}

export const findScan = async (db: Db, scanId: string): Promise<ScanToIngest | undefined> => {
  const row = await db
    .selectFrom('scans')
    .innerJoin('repositories', 'repositories.id', 'scans.repository_id')
    .innerJoin('organizations', 'organizations.id', 'repositories.organization_id')
    .select([
      'scans.id',
      'scans.state',
      'scans.repository_id',
      'scans.sarif_document_id',
      'scans.checkout_uri',
      'scans.created_at',
      'scans.ingested_at',
      'repositories.name as repository_name',
      'organizations.id as organization_id',
      'organizations.slug as organization_slug',
    ])
    .where('scans.id', '=', scanId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        state: row.state,
        repositoryId: row.repository_id,
        repositoryName: row.repository_name,
        organizationId: row.organization_id,
        organizationSlug: row.organization_slug,
        documentId: row.sarif_document_id,
        checkoutUri: row.checkout_uri,
        createdAt: row.created_at,
        ingestedAt: row.ingested_at === null ? null : new Date(row.ingested_at),
      }
    : undefined;
};

/** The scan's triage batches still pending (to enqueue again after a crash: same job ids). */
export const pendingTriageBatches = (db: Db, scanId: string) =>
  db
    .selectFrom('scan_batches')
    .select('id')
    .where('scan_id', '=', scanId)
    .where('stage', '=', 'triage')
    .where('state', '=', 'pending')
    .execute();

/** `queued → processing` (a retry finds it `processing` already and keeps `started_at`). */
export const markProcessing = async (db: Db, scanId: string): Promise<boolean> => {
  const res = await db
    .updateTable('scans')
    .set((eb) => ({
      state: 'processing',
      started_at: eb.fn.coalesce('started_at', eb.fn<Date>('now', [])),
    }))
    .where('id', '=', scanId)
    .where('state', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
};

/** The stored document's text (it is kept gzip-compressed). */
export const loadDocument = async (db: Db, documentId: string): Promise<Buffer | undefined> => {
  const row = await db
    .selectFrom('sarif_documents')
    .select('content_gzip')
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row ? gunzipAsync(row.content_gzip) : undefined;
};

/**
 * Records the ingestion on the scan (counts, tools, warnings, `ingested_at`) unless the scan
 * has ended already; completion waits for its batches (`completeScanIfSettled`).
 */
export const recordIngestion = async (
  trx: DbOrTx,
  scanId: string,
  fields: { findingsCount: number; tools: string[]; warnings: ScanWarning[] },
): Promise<boolean> => {
  const res = await trx
    .updateTable('scans')
    .set((eb) => ({
      // The clock when the findings are written, not `now()`: that is the transaction's start,
      // before every upsert of a large document (which made ingestion look seconds shorter).
      ingested_at: eb.fn<Date>('clock_timestamp', []),
      findings_count: fields.findingsCount,
      tools: fields.tools,
      ...(fields.warnings.length === 0 ? {} : appendWarnings(fields.warnings)),
    }))
    .where('id', '=', scanId)
    .where('state', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
};

/** Appended to the acceptance warnings, the list capped, the total counted. */
const appendWarnings = (warnings: ScanWarning[]) => ({
  warnings: sql<string>`jsonb_path_query_array(warnings || ${JSON.stringify(warnings)}::jsonb, ${`$[0 to ${MAX_SCAN_WARNINGS - 1}]`}::jsonpath)`,
  warnings_count: sql<number>`warnings_count + ${warnings.length}`,
});

/** Fails the scan unless it has ended already; resolves with what `scan.completed` needs. */
export const failScanRow = async (
  trx: DbOrTx,
  scanId: string,
  error: string,
): Promise<
  { createdAt: Date; completedAt: Date; tools: string[]; fixesGenerated: number } | undefined
> => {
  const row = await trx
    .updateTable('scans')
    .set((eb) => ({ state: 'failed', completed_at: eb.fn<Date>('now', []), error }))
    .where('id', '=', scanId)
    .where('state', 'in', ['queued', 'processing'])
    .returning(['created_at', 'completed_at', 'tools', 'fixes_generated'])
    .executeTakeFirst();
  return row?.completed_at
    ? {
        createdAt: row.created_at,
        completedAt: new Date(row.completed_at),
        tools: row.tools,
        fixesGenerated: row.fixes_generated,
      }
    : undefined;
};
