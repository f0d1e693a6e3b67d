import type { DbOrTx } from '../database.js';
import { newId } from '../ids.js';
import type { ScansTable } from '../tables/scans.js';

/** A SARIF document accepted by one of the three routes, and the scan it starts. */
export interface AcceptedSarif {
  repositoryId: string;
  /** The document as stored (gzip-compressed bytes) and the SHA-256 of its decoded text. */
  gzip: Buffer;
  sha256: string;
  size: number;
  source: ScansTable['source'];
  tools: string[];
  commitSha: string | null;
  ref: string | null;
  checkoutUri: string | null;
  idempotencyKey: string | null;
  warnings: { path: string; message: string; action: 'dropped' | 'marked' | 'ignored' }[];
  warningsCount: number;
}

/**
 * Stores the document and its `queued` scan; call it in the transaction that also enqueues the
 * scan's ingestion, so a refused enqueue keeps nothing.
 */
export const storeSarifScan = async (
  trx: DbOrTx,
  input: AcceptedSarif,
): Promise<{ documentId: string; scanId: string }> => {
  const documentId = newId();
  const scanId = newId();
  await trx
    .insertInto('sarif_documents')
    .values({
      id: documentId,
      repository_id: input.repositoryId,
      content_gzip: input.gzip,
      content_sha256: input.sha256,
      size_bytes: input.size,
    })
    .execute();
  await trx
    .insertInto('scans')
    .values({
      id: scanId,
      repository_id: input.repositoryId,
      sarif_document_id: documentId,
      state: 'queued',
      source: input.source,
      tools: input.tools,
      commit_sha: input.commitSha,
      ref: input.ref,
      checkout_uri: input.checkoutUri,
      idempotency_key: input.idempotencyKey,
      error: null,
      warnings: JSON.stringify(input.warnings),
      warnings_count: input.warningsCount,
    })
    .execute();
  return { documentId, scanId };
};
