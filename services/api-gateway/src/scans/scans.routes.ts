import {
  CreateScanBody,
  Id,
  PageQuery,
  SarifAccepted,
  SarifUploadQuery,
  Scan,
  ScanList,
  type QUEUES,
} from '@remediation/contracts';
import { newId, paginate, type Db } from '@remediation/db';
import type { Producer } from '@remediation/runtime';
import { AppError, notFound, validationFailed } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter, RepoParams } from '../repositories/repositories.routes.js';
import type { RepositoryAccess } from '../repositories/repository-access.js';
import type { SarifInspector } from './sarif-inspector.js';
import { acceptSarifUpload } from './sarif-upload.js';
import { toScan } from './scan.mapper.js';
import {
  findLatestDocument,
  findScan,
  insertScan,
  repositorySettings,
  scansOf,
} from './scans.repository.js';

/** What `Idempotency-Key` may hold on SARIF uploads. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

export const scanRoutes = (deps: {
  db: Db;
  ingest: Producer<typeof QUEUES.sarifIngest>;
  inspector: SarifInspector;
  access: RepositoryAccess;
}): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/repositories/{id}/scans',
    operationId: 'listScans',
    summary: 'Scan history, newest first',
    tag: 'Scans',
    access: 'repository',
    params: RepoParams,
    query: PageQuery,
    success: { status: 200, description: 'A page of scans', schema: ScanList },
    errors: ['validation_failed', 'forbidden', 'not_found'],
    handle: async ({ auth, params, query }) => {
      const repoId = await deps.access.check(auth, params.id);
      const page = await paginate(scansOf(deps.db, repoId), 'id', {
        limit: query.limit ?? 20,
        after: cursorAfter(query.cursor),
      });
      return { status: 200, body: { ...page, data: page.data.map(toScan) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/repositories/{id}/scans/{scan_id}',
    operationId: 'getScan',
    summary: 'One scan; poll until `state` is `completed` or `failed`',
    tag: 'Scans',
    access: 'repository',
    params: { ...RepoParams, scan_id: Id },
    success: { status: 200, description: 'The scan', schema: Scan },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      const repoId = await deps.access.check(auth, params.id);
      const scan = await findScan(deps.db, repoId, params.scan_id);
      if (!scan) throw notFound('scan');
      return { status: 200, body: toScan(scan) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/repositories/{id}/scans',
    operationId: 'createScan',
    summary: "Re-analyze the repository's latest SARIF document",
    tag: 'Scans',
    access: 'repository',
    params: RepoParams,
    body: { kind: 'json', schema: CreateScanBody, required: false },
    success: { status: 202, description: 'The queued scan', schema: Scan },
    errors: [
      'validation_failed',
      'forbidden',
      'not_found',
      'conflict',
      'unsupported_media_type',
      'payload_too_large',
    ],
    handle: async ({ auth, params, body }) => {
      const repoId = await deps.access.check(auth, params.id);
      const latest = await findLatestDocument(deps.db, repoId);
      if (!latest)
        throw new AppError('conflict', 'the repository has no SARIF upload to re-analyze yet');
      const scan = await deps.db.transaction().execute(async (trx) => {
        const row = await insertScan(trx, {
          id: newId(),
          repository_id: repoId,
          sarif_document_id: latest.id,
          state: 'queued',
          source: 'rescan',
          commit_sha: body.commit_sha ?? latest.commit_sha ?? null,
          ref: body.ref ?? latest.ref ?? null,
          checkout_uri: latest.checkout_uri ?? null,
          idempotency_key: null,
          error: null,
          // The same document was accepted with these repairs; ingestion repeats them.
          warnings: JSON.stringify(latest.warnings ?? []),
          warnings_count: latest.warnings_count ?? 0,
        });
        await deps.ingest.add({ scanId: row.id });
        return row;
      });
      return {
        status: 202,
        body: toScan(scan),
        headers: { Location: `/v1/repositories/${repoId}/scans/${scan.id}` },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/repositories/{id}/sarif',
    operationId: 'uploadSarif',
    summary:
      "Upload a SARIF 2.1.0 document (optionally gzip-compressed); validated against the SARIF 2.1.0 schema before it is stored and creates a queued scan. Only a document that cannot be processed is refused (400 `invalid_sarif` with problems: not JSON, `version` not 2.1.0, `runs` missing or empty, a run without a string `tool.driver.name`, `results` not an array); any other schema violation is repaired or set aside, counted in `warnings_count` and listed in the scan's `warnings`, unless the repository's `sarif_validation` setting is `strict`, which refuses it. 413 above 10 MiB as sent, 20 runs or 25,000 results per run by default",
    tag: 'Scans',
    access: 'repository',
    params: RepoParams,
    query: SarifUploadQuery,
    body: { kind: 'sarif' },
    success: { status: 202, description: 'Accepted; poll the scan', schema: SarifAccepted },
    errors: [
      'validation_failed',
      'invalid_sarif',
      'forbidden',
      'not_found',
      'conflict',
      'payload_too_large',
      'unsupported_media_type',
    ],
    handle: async ({ auth, params, query, body, header }) => {
      const repoId = await deps.access.check(auth, params.id);
      const key = header('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw validationFailed('Idempotency-Key must be 1 to 255 printable ASCII characters');
      }
      const result = await acceptSarifUpload(deps, {
        repositoryId: repoId,
        mode: (await repositorySettings(deps.db, repoId)).sarif_validation,
        body,
        commitSha: query.commit_sha,
        ref: query.ref,
        checkoutUri: query.checkout_uri,
        idempotencyKey: key,
      });
      return {
        status: 202,
        body: {
          scan_id: result.scanId,
          state: result.state,
          warnings_count: result.warningsCount,
        },
        headers: {
          Location: `/v1/repositories/${repoId}/scans/${result.scanId}`,
          ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
        },
      };
    },
  }),
];
