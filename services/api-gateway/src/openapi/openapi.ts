import { ERROR_STATUS, ErrorResponse, type ErrorCode } from '@remediation/contracts';
import type { TProperties } from '@sinclair/typebox';
import type { RouteDef } from '../http/route.js';
import { toOpenApiSchema } from './to-openapi-schema.js';

type Json = Record<string, unknown>;

/** Every route can answer these besides its own. */
export const COMMON_ERRORS: ErrorCode[] = [
  'unauthorized',
  'rate_limited',
  'internal_error',
  'service_unavailable',
];

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: body or parameters invalid',
  401: 'Missing, invalid, revoked or expired API token',
  403: 'The token lacks permission for the resource',
  404: 'Resource not found',
  409: 'Conflict with the current state',
  413: 'Payload too large',
  415: 'Unsupported media type or content encoding',
  429: 'Rate limit exceeded; see Retry-After',
  500: 'Internal error; retry with exponential backoff',
  503: 'A dependency is unavailable; retry later',
};

const header = (description: string, type = 'string'): Json => ({ description, schema: { type } });

const RATE_HEADERS: Json = {
  'RateLimit-Limit': header("Bucket capacity (the tier's burst)", 'integer'),
  'RateLimit-Remaining': header('Requests left in the bucket', 'integer'),
  'RateLimit-Reset': header('Seconds until the bucket is full again', 'integer'),
  'RateLimit-Policy': header("The organization's policy"),
};

const parameters = (location: 'path' | 'query', props: TProperties | undefined): Json[] =>
  Object.entries(props ?? {}).map(([name, schema]) => {
    const { description, ...rest } = toOpenApiSchema(schema);
    return {
      name,
      in: location,
      required: location === 'path',
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });

const errorResponses = (codes: ErrorCode[]): Json => {
  const statuses = [...new Set([...codes, ...COMMON_ERRORS].map((c) => ERROR_STATUS[c]))].sort();
  return Object.fromEntries(
    statuses.map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }]),
  );
};

const sarifBody: Json = {
  required: true,
  description: 'A SARIF 2.1.0 document; send `Content-Encoding: gzip` to upload it compressed.',
  content: {
    'application/json': { schema: { type: 'object', description: 'SARIF 2.1.0 log' } },
    'application/sarif+json': { schema: { type: 'object', description: 'SARIF 2.1.0 log' } },
  },
};

const operation = (route: RouteDef): Json => {
  const params = [...parameters('path', route.params), ...parameters('query', route.query)];
  if (route.body?.kind === 'sarif') {
    params.push(
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Repeat-safe upload key (1 to 255 printable ASCII characters)',
        schema: { type: 'string', maxLength: 255 },
      },
      {
        name: 'Content-Encoding',
        in: 'header',
        required: false,
        schema: { type: 'string', enum: ['gzip', 'identity'] },
      },
    );
  }
  const success: Json = {
    description: route.success.description,
    headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...RATE_HEADERS },
    ...(route.success.schema
      ? { content: { 'application/json': { schema: toOpenApiSchema(route.success.schema) } } }
      : {}),
  };
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    security: [{ bearerAuth: [] }],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.body?.kind === 'json'
      ? {
          requestBody: {
            required: route.body.required,
            content: { 'application/json': { schema: toOpenApiSchema(route.body.schema) } },
          },
        }
      : route.body?.kind === 'sarif'
        ? { requestBody: sarifBody }
        : {}),
    responses: { [String(route.success.status)]: success, ...errorResponses(route.errors) },
  };
};

/** The OpenAPI 3.0 document of `routes`, served at `/v1/openapi.json`. */
export const buildOpenApi = (
  routes: readonly RouteDef[],
  info: { version: string; serverUrl: string },
): Json => {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method]: operation(route) };
  }
  const statuses = [...new Set(Object.values(ERROR_STATUS))].sort();
  return {
    openapi: '3.0.3',
    info: {
      title: 'Remediation Service API',
      version: info.version,
      description:
        'Vulnerability triage and remediation: SARIF ingestion, findings, fixes, scans and signed webhooks. ' +
        'Errors have the shape `{error: {code, message, request_id}}`; every response carries `X-Request-Id`.',
    },
    servers: [{ url: info.serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Organization or repository API token (`rmd_…`)',
        },
      },
      headers: {
        'X-Request-Id': header('Identifier of this request; quote it in support requests'),
      },
      schemas: { ErrorResponse: toOpenApiSchema(ErrorResponse) },
      responses: Object.fromEntries(
        statuses.map((s) => [
          `Error${s}`,
          {
            description: `${STATUS_TEXT[s] ?? 'Error'} (code: ${Object.entries(ERROR_STATUS)
              .filter(([, v]) => v === s)
              .map(([k]) => k)
              .join(', ')})`,
            headers: {
              'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
              ...(s === 429 || s === 503
                ? { 'Retry-After': header('Seconds to wait before retrying', 'integer') }
                : {}),
              ...(s === 401 ? { 'WWW-Authenticate': header('Bearer challenge') } : {}),
            },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
            },
          },
        ]),
      ),
    },
  };
};
