import {
  SarifUploadQuery,
  TIER_LIMITS,
  validateCoerced,
  type QUEUES,
} from '@remediation/contracts';
import type { Db } from '@remediation/db';
import type { Producer } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import { Type } from '@sinclair/typebox';
import type { Express, Request, RequestHandler } from 'express';
import { AppError, validationFailed } from '../http/app-error.js';
import { contentEncoding, decodeBody, mediaType, readRawBody } from '../http/body.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { TokenBucket } from '../rate-limit/token-bucket.js';
import type { SarifInspector } from '../scans/sarif-inspector.js';
import { acceptSarifUpload } from '../scans/sarif-upload.js';
import { IDEMPOTENCY_KEY } from '../scans/scans.routes.js';
import { repositorySettings } from '../scans/scans.repository.js';
import { openIntegrationSecret } from './sarif-integrations.routes.js';
import { findIntegrationTarget, touchIntegration } from './sarif-integrations.repository.js';
import { headerProblem, signatureMatches } from './sarif-signature.js';

export const SARIF_INTEGRATION_PATH = '/v1/integrations/sarif/:integration_id';

const SARIF_TYPES = new Set(['application/json', 'application/sarif+json']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUERY = Type.Object(SarifUploadQuery, { additionalProperties: false });
/** One answer for an unknown integration and a wrong signature: neither is revealed. */
const REFUSED = 'unknown integration or invalid X-Remediation-Signature';

export interface SarifIntegrationUploadDeps {
  db: Db;
  ingest: Producer<typeof QUEUES.sarifIngest>;
  inspector: SarifInspector;
  secretBox: SecretBox;
  bucket: TokenBucket;
  limits: { sarifMaxBytes: number; sarifMaxDecodedBytes: number; replayWindowMs: number };
}

const unauthorized = (req: Request, message: string) => {
  req.resume();
  return new AppError('unauthorized', message);
};

/** Everything checked from the request line and headers alone: the same answer for any id. */
const checkRequest = (req: Request, windowMs: number) => {
  const id = String(req.params['integration_id']);
  const signature = req.get('x-remediation-signature');
  const timestamp = req.get('x-remediation-timestamp');
  const problem = headerProblem(signature, timestamp, Date.now(), windowMs);
  if (problem) throw unauthorized(req, problem);
  if (!UUID.test(id)) throw unauthorized(req, REFUSED);
  const type = mediaType(req);
  if (!type || !SARIF_TYPES.has(type))
    throw new AppError(
      'unsupported_media_type',
      'SARIF uploads must be application/json or application/sarif+json',
    );
  const encoding = contentEncoding(req);
  if (encoding !== 'identity' && encoding !== 'gzip')
    throw new AppError('unsupported_media_type', `Content-Encoding '${encoding}' is not supported`);
  for (const [k, v] of Object.entries(req.query))
    if (Array.isArray(v)) throw validationFailed(`query parameter '${k}' was given more than once`);
  const query = validateCoerced(QUERY, { ...req.query });
  if (!query.ok) throw validationFailed('invalid query parameters', query.problems);
  const key = req.get('idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
    throw validationFailed('Idempotency-Key must be 1 to 255 printable ASCII characters');
  return { id, signature: signature!, timestamp, encoding, query: query.value, key };
};

/**
 * `POST /v1/integrations/sarif/{integration_id}` (decision 0022): no bearer token; the body is
 * authenticated by its HMAC signature, then rate-limited as a call of the repository's
 * organization and accepted exactly as `POST /v1/repositories/{id}/sarif` (scan source
 * `integration`). The body is read (capped as sent) before the signature is checked, and
 * decompressed only after.
 */
export const mountSarifIntegrationUpload = (app: Express, deps: SarifIntegrationUploadDeps) => {
  const handler: RequestHandler = async (req, res, next) => {
    try {
      const request = checkRequest(req, deps.limits.replayWindowMs);
      const raw = await readRawBody(req, deps.limits.sarifMaxBytes);
      const target = await findIntegrationTarget(deps.db, request.id);
      const secret = target && openIntegrationSecret(deps.secretBox, target.secret_ciphertext);
      if (!secret || !signatureMatches(secret, raw, request.signature, request.timestamp))
        throw new AppError('unauthorized', REFUSED);

      const defaults = TIER_LIMITS[target.tier];
      const limits = {
        rpm: target.rate_limit_rpm ?? defaults.rpm,
        burst: target.rate_limit_burst ?? defaults.burst,
      };
      const decision = await deps.bucket.take(`org:${target.organization_id}`, limits);
      const headers = rateLimitHeaders(decision, limits);
      if (!decision.allowed)
        throw new AppError(
          'rate_limited',
          'rate limit exceeded; retry after the number of seconds in Retry-After',
          { headers },
        );
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);

      const body = await decodeBody(raw, request.encoding, deps.limits.sarifMaxDecodedBytes);
      const repoId = target.repository_id;
      const result = await acceptSarifUpload(deps, {
        repositoryId: repoId,
        mode: (await repositorySettings(deps.db, repoId)).sarif_validation,
        body,
        commitSha: request.query.commit_sha,
        ref: request.query.ref,
        checkoutUri: request.query.checkout_uri,
        idempotencyKey: request.key,
        source: 'integration',
      });
      await touchIntegration(deps.db, request.id);
      res.setHeader('Location', `/v1/repositories/${repoId}/scans/${result.scanId}`);
      if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(202).json({
        scan_id: result.scanId,
        state: result.state,
        warnings_count: result.warningsCount,
      });
    } catch (err) {
      next(err);
    }
  };
  app.post(SARIF_INTEGRATION_PATH, handler);
};
