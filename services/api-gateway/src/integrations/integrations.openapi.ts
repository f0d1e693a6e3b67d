import {
  ForgeEventReceived,
  SARIF_INTEGRATION_HEADERS,
  SarifAccepted,
  SarifUploadQuery,
} from '@remediation/contracts';
import { toOpenApiSchema } from '../openapi/to-openapi-schema.js';

type Json = Record<string, unknown>;

const error = (status: number): Json => ({ $ref: `#/components/responses/Error${status}` });
const errors = (...statuses: number[]): Json =>
  Object.fromEntries(statuses.map((s) => [String(s), error(s)]));
const header = (name: string, description: string, required = true): Json => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});
const json = (schema: Json): Json => ({ 'application/json': { schema } });

const forgeOperation = (forge: 'GitHub' | 'GitLab', scheme: string, headers: Json[]): Json => ({
  operationId: `receive${forge}Event`,
  summary: `${forge} webhook receiver: pull/merge request merged or closed, code scanning analyses. No API token: authenticated by the ${forge === 'GitHub' ? 'signature' : 'secret token'} (404 until the gateway has the secret). Events nothing acts on are acknowledged and not stored; a redelivery is acknowledged as a duplicate`,
  tags: ['Integrations'],
  security: [{ [scheme]: [] }],
  parameters: headers,
  requestBody: {
    required: true,
    content: json({ type: 'object', description: `The ${forge} webhook payload` }),
  },
  responses: {
    '202': {
      description: 'Received (and queued for pr-publisher unless ignored)',
      content: json(toOpenApiSchema(ForgeEventReceived)),
    },
    ...errors(400, 401, 404, 413, 415, 500, 503),
  },
});

const paths = (replayWindowMs: number): Record<string, Json> => ({
  '/integrations/github/events': {
    post: forgeOperation('GitHub', 'githubSignature', [
      header(
        'X-GitHub-Event',
        'Event name (`pull_request`, `code_scanning_alert`, `workflow_run`)',
      ),
      header('X-GitHub-Delivery', 'Delivery id; redeliveries repeat it'),
    ]),
  },
  '/integrations/gitlab/events': {
    post: forgeOperation('GitLab', 'gitlabToken', [
      header('X-Gitlab-Event', 'Event name (`Merge Request Hook`)'),
      header('Idempotency-Key', 'Delivery id, the same on retries (GitLab 17.4+)', false),
      header('X-Gitlab-Event-UUID', 'Delivery id when Idempotency-Key is absent', false),
    ]),
  },
  '/integrations/sarif/{integration_id}': {
    post: {
      operationId: 'uploadSarifToIntegration',
      summary:
        "Generic SARIF integration: upload a SARIF 2.1.0 document (optionally gzip-compressed) signed with the integration secret instead of an API token; accepted exactly as `POST /repositories/{id}/sarif` (same validation, limits, query parameters and Idempotency-Key) and rate-limited as a call of the repository's organization. An unknown integration and a wrong signature are the same 401",
      tags: ['Integrations'],
      security: [{ sarifIntegrationSignature: [] }],
      parameters: [
        {
          name: 'integration_id',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
        ...Object.entries(SarifUploadQuery).map(([name, schema]) => {
          const { description, ...rest } = toOpenApiSchema(schema);
          return { name, in: 'query', required: false, description, schema: rest };
        }),
        header(
          SARIF_INTEGRATION_HEADERS.timestamp,
          `Unix seconds; when sent, it is signed with the body and must be within ${Math.round(replayWindowMs / 1000)} s of the server clock`,
          false,
        ),
        header(
          'Idempotency-Key',
          'Repeat-safe upload key (1 to 255 printable ASCII characters)',
          false,
        ),
        {
          name: 'Content-Encoding',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['gzip', 'identity'] },
        },
      ],
      requestBody: {
        required: true,
        description: 'A SARIF 2.1.0 document; the signature covers the bytes as sent',
        content: {
          'application/json': { schema: { type: 'object', description: 'SARIF 2.1.0 log' } },
          'application/sarif+json': { schema: { type: 'object', description: 'SARIF 2.1.0 log' } },
        },
      },
      responses: {
        '202': {
          description: 'Accepted; a queued scan',
          content: json(toOpenApiSchema(SarifAccepted)),
        },
        ...errors(400, 401, 409, 413, 415, 429, 500, 503),
      },
    },
  },
});

const SCHEMES: Record<string, Json> = {
  githubSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Hub-Signature-256',
    description:
      '`sha256=<hex HMAC-SHA256 of the raw body>` keyed with the webhook secret (GITHUB_WEBHOOK_SECRET)',
  },
  gitlabToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Gitlab-Token',
    description: "The webhook's secret token (GITLAB_WEBHOOK_TOKEN)",
  },
  sarifIntegrationSignature: {
    type: 'apiKey',
    in: 'header',
    name: SARIF_INTEGRATION_HEADERS.signature,
    description:
      "`sha256=<hex HMAC-SHA256>` keyed with the integration's secret, of the raw body as sent, or of `<X-Remediation-Timestamp>.<raw body>` when the timestamp header is sent",
  },
};

/**
 * Adds the inbound integration endpoints (served outside the bearer guard, authenticated by
 * signatures) and their security schemes; run after `withSessionDocs`, which sets bearer or
 * session security on every operation it finds.
 */
export const withIntegrationDocs = (doc: Json, options: { replayWindowMs: number }): Json => {
  Object.assign(doc['paths'] as Json, paths(options.replayWindowMs));
  const components = doc['components'] as { securitySchemes: Json };
  Object.assign(components.securitySchemes, SCHEMES);
  return doc;
};
