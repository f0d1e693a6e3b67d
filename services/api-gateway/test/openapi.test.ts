import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, type Harness } from './harness.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown;
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
      }
    >
  >;
};

let h: Harness;
let doc: Doc;
let auth: string;
beforeAll(async () => {
  h = await createHarness();
  ({ auth } = await createTenant(h.db));
  const res = await request(h.app).get('/v1/openapi.json').set('Authorization', auth);
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});
afterAll(async () => h.close());

/** Every `METHOD /path` the Express app serves under /v1, read from its router. */
const servedRoutes = (): string[] => {
  const router = (
    h.app as unknown as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    }
  ).router;
  return router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route!.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`),
    );
};

describe('GET /v1/openapi.json', () => {
  it('when fetched, then it is a valid OpenAPI 3.0 document per swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('when compared with the app, then it documents exactly the routes the app serves', () => {
    const served = servedRoutes()
      .map((r) => r.replace(/:([A-Za-z_]+)/g, '{$1}'))
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} /v1${path}`))
      .sort();
    expect(served.length).toBeGreaterThanOrEqual(16);
    expect(documented).toEqual(served);
  });

  it('when any operation is read, then it requires bearer auth (or a dashboard session) and documents 401, 429 and 500 in the error shape', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      // Signing in and out happen before and after there is anything to authenticate with.
      if (path.startsWith('/session')) continue;
      // Inbound forge webhooks and signed SARIF uploads authenticate with signatures (sarif-integrations.test.ts).
      if (path.startsWith('/integrations/')) continue;
      for (const op of Object.values(ops)) {
        expect(op.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
        for (const status of ['401', '429', '500']) expect(op.responses[status]).toBeDefined();
      }
    }
  });

  it('when real responses are checked against the documented schemas, then they conform', async () => {
    const dereferenced = (await SwaggerParser.dereference(
      structuredClone(doc) as never,
    )) as unknown as Doc;
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const schemaOf = (path: string, method: string, status: string) =>
      dereferenced.paths[path]![method]!.responses[status]!.content!['application/json']!.schema;
    const { repo } = await createTenant(h.db);
    void repo;
    const list = await request(h.app).get('/v1/repositories').set('Authorization', auth);
    expect(ajv.validate(schemaOf('/repositories', 'get', '200'), list.body)).toBe(true);
    const notFound = await request(h.app)
      .get('/v1/repositories/00000000-0000-7000-8000-000000000000')
      .set('Authorization', auth);
    expect(ajv.validate(schemaOf('/repositories/{id}', 'get', '404'), notFound.body)).toBe(true);
    const created = await request(h.app)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .send({ url: 'https://x.example.com', events: ['*'] });
    expect(
      ajv.validate(schemaOf('/webhooks', 'post', '201'), created.body),
      JSON.stringify(ajv.errors),
    ).toBe(true);
  });

  it('when no token is sent, then the document is refused like every endpoint (spec: all endpoints require a token)', async () => {
    expect((await request(h.app).get('/v1/openapi.json')).status).toBe(401);
  });
});
