import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { QUEUES, SarifValidationMode } from '@remediation/contracts';
import { storeSarifScan, type Db } from '@remediation/db';
import type { Producer } from '@remediation/runtime';
import type { Inspection } from '@remediation/sarif';
import { AppError } from '../http/app-error.js';
import type { EncodedBody } from '../http/body.js';
import { InspectionTooLargeError, type SarifInspector } from './sarif-inspector.js';
import { findScanByIdempotencyKey } from './scans.repository.js';

const gzipAsync = promisify(gzip);
const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export interface UploadInput {
  repositoryId: string;
  /** The repository's `sarif_validation` setting. */
  mode: SarifValidationMode;
  /** The document as decoded, and as sent when it came gzip-compressed. */
  body: EncodedBody;
  commitSha?: string | undefined;
  ref?: string | undefined;
  checkoutUri?: string | undefined;
  idempotencyKey?: string | undefined;
  /** `upload` (default) or `integration` (the signed generic SARIF endpoint). */
  source?: 'upload' | 'integration';
}

export interface UploadDeps {
  db: Db;
  ingest: Producer<typeof QUEUES.sarifIngest>;
  inspector: SarifInspector;
}

const inspect = async (
  inspector: SarifInspector,
  text: Buffer,
  mode: SarifValidationMode,
): Promise<Inspection> => {
  try {
    return await inspector.inspect(text, mode);
  } catch (err) {
    if (err instanceof InspectionTooLargeError)
      throw new AppError('payload_too_large', err.message);
    throw err;
  }
};

const invalid = (problems: { path: string; message: string }[]) =>
  new AppError('invalid_sarif', 'the document is not valid SARIF 2.1.0', { problems });

/**
 * Validates an uploaded SARIF document on a worker thread in the repository's mode (400
 * `invalid_sarif` with problems, 413 above the run and result limits; repairs as warnings), stores it gzip-compressed with a `queued` scan, and
 * enqueues its ingestion inside the same transaction: if Redis refuses the job, nothing is
 * kept. A repeated `Idempotency-Key` with the same document answers the first scan.
 */
export const acceptSarifUpload = async (
  deps: UploadDeps,
  input: UploadInput,
): Promise<{ scanId: string; state: string; warningsCount: number; replayed: boolean }> => {
  const text = input.body.decoded;
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (input.idempotencyKey) {
    const previous = await findScanByIdempotencyKey(
      deps.db,
      input.repositoryId,
      input.idempotencyKey,
    );
    if (previous) {
      if (previous.content_sha256 !== sha256) {
        throw new AppError(
          'conflict',
          'Idempotency-Key was already used with a different document',
        );
      }
      return {
        scanId: previous.id,
        state: previous.state,
        warningsCount: previous.warnings_count,
        replayed: true,
      };
    }
  }
  const inspection = await inspect(deps.inspector, text, input.mode);
  if (inspection.kind === 'invalid') throw invalid(inspection.problems);
  if (inspection.kind === 'too_large') throw new AppError('payload_too_large', inspection.message);
  const { envelope, warnings, warningsCount } = inspection;

  const vcsCommit = envelope.commitSha?.toLowerCase();
  const commitSha = input.commitSha ?? (vcsCommit && COMMIT.test(vcsCommit) ? vcsCommit : null);
  const compressed = input.body.gzip ?? (await gzipAsync(text));
  let scanId: string;
  try {
    scanId = await deps.db.transaction().execute(async (trx) => {
      const stored = await storeSarifScan(trx, {
        repositoryId: input.repositoryId,
        gzip: compressed,
        sha256,
        size: text.length,
        source: input.source ?? 'upload',
        tools: envelope.tools,
        commitSha,
        ref: input.ref ?? envelope.ref ?? null,
        checkoutUri: input.checkoutUri ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        warnings,
        warningsCount,
      });
      await deps.ingest.add({ scanId: stored.scanId });
      return stored.scanId;
    });
  } catch (err) {
    // Two concurrent uploads with one Idempotency-Key: the loser answers the winner's scan.
    if (input.idempotencyKey && (err as { code?: string }).code === '23505') {
      const winner = await findScanByIdempotencyKey(
        deps.db,
        input.repositoryId,
        input.idempotencyKey,
      );
      if (winner && winner.content_sha256 === sha256)
        return {
          scanId: winner.id,
          state: winner.state,
          warningsCount: winner.warnings_count,
          replayed: true,
        };
      throw new AppError('conflict', 'Idempotency-Key was already used with a different document');
    }
    throw err;
  }
  return { scanId, state: 'queued', warningsCount, replayed: false };
};
