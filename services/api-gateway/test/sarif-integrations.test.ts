import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { QUEUES } from '@remediation/contracts';
import { Queue } from 'bullmq';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  createTenant,
  createToken,
  expectError,
  unreachableProducer,
  type Harness,
} from './harness.js';

const CORPUS = new URL('../../../../shared/sarif-corpus/', import.meta.url);
/** A real export with one repairable deviation (duplicate newlineSequences). */
const DOCUMENT = readFileSync(new URL('lgtm__dd_defectdojo_export.sarif', CORPUS));

let h: Harness;
let queue: Queue;
beforeAll(async () => {
  h = await createHarness();
  queue = new Queue(QUEUES.sarifIngest.name, { connection: h.redis, prefix: h.prefix });
});
afterAll(async () => {
  await queue.close();
  await h.close();
});

interface Created {
  id: string;
  name: string;
  secret: string;
  upload_url: string;
}

const createIntegration = async (repoId: string, auth: string, name = 'semgrep in CI') => {
  const res = await request(h.app)
    .post(`/v1/repositories/${repoId}/integrations`)
    .set('Authorization', auth)
    .send({ name });
  expect(res.status).toBe(201);
  return res.body as Created;
};

const sign = (secret: string, body: Buffer, timestamp?: string) => {
  const hmac = createHmac('sha256', secret);
  if (timestamp) hmac.update(`${timestamp}.`);
  return `sha256=${hmac.update(body).digest('hex')}`;
};

/** Sends the bytes as they are (supertest would JSON-encode a Buffer). */
const identity = (body: unknown) => body as string;

const upload = (
  integrationId: string,
  body: Buffer,
  headers: Record<string, string | undefined>,
  query = '',
  target: Express = h.app,
) => {
  let req = request(target)
    .post(`/v1/integrations/sarif/${integrationId}${query}`)
    .set('Content-Type', 'application/sarif+json');
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) req = req.set(k, v);
  return req.serialize(identity).send(body);
};

const scansOf = (repositoryId: string) =>
  h.db.selectFrom('scans').selectAll().where('repository_id', '=', repositoryId).execute();

describe('generic SARIF integrations: management', () => {
  it('when an integration is created, then its secret is returned once, stored sealed, and never listed', async () => {
    const { repo, auth } = await createTenant(h.db);
    const res = await request(h.app)
      .post(`/v1/repositories/${repo.id}/integrations`)
      .set('Authorization', auth)
      .send({ name: 'semgrep in CI' });
    expect(res.status).toBe(201);
    const created = res.body as Created;
    expect(created).toEqual({
      id: expect.any(String) as string,
      repository_id: repo.id,
      name: 'semgrep in CI',
      upload_url: `https://remediation.test/v1/integrations/sarif/${created.id}`,
      created_at: expect.any(String) as string,
      rotated_at: null,
      last_used_at: null,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
    });
    expect(res.headers['location']).toBe(`/v1/repositories/${repo.id}/integrations/${created.id}`);

    const row = await h.db
      .selectFrom('sarif_integrations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(created.secret);
    expect(h.secretBox.open(Buffer.from(row.secret_ciphertext, 'base64'))).toBe(created.secret);

    const list = await request(h.app)
      .get(`/v1/repositories/${repo.id}/integrations`)
      .set('Authorization', auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [{ id: created.id }], has_more: false });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body.data[0]).not.toHaveProperty('secret');
  });

  it('when the secret is rotated, then the old one is refused and the new one accepted', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const rotated = await request(h.app)
      .post(`/v1/repositories/${repo.id}/integrations/${created.id}/rotate`)
      .set('Authorization', auth);
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body as Created).secret;
    expect(fresh).not.toBe(created.secret);
    expect(rotated.body).toMatchObject({ id: created.id, rotated_at: expect.any(String) });

    const old = await upload(created.id, DOCUMENT, {
      'X-Remediation-Signature': sign(created.secret, DOCUMENT),
    });
    expectError(old, 401, 'unauthorized');
    const ok = await upload(created.id, DOCUMENT, {
      'X-Remediation-Signature': sign(fresh, DOCUMENT),
    });
    expect(ok.status).toBe(202);
  });

  it('when an integration is deleted, then 204, its endpoint refuses uploads and a second delete is 404', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const path = `/v1/repositories/${repo.id}/integrations/${created.id}`;
    expect((await request(h.app).delete(path).set('Authorization', auth)).status).toBe(204);
    const res = await upload(created.id, DOCUMENT, {
      'X-Remediation-Signature': sign(created.secret, DOCUMENT),
    });
    expectError(res, 401, 'unauthorized');
    expectError(await request(h.app).delete(path).set('Authorization', auth), 404, 'not_found');
  });

  it('when a repository token manages integrations, then 403; another organization gets 404', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    const base = `/v1/repositories/${repo.id}/integrations`;
    const calls = (bearer: string) => [
      request(h.app).post(base).set('Authorization', bearer).send({ name: 'x' }),
      request(h.app).get(base).set('Authorization', bearer),
      request(h.app).post(`${base}/${created.id}/rotate`).set('Authorization', bearer),
      request(h.app).delete(`${base}/${created.id}`).set('Authorization', bearer),
    ];
    for (const res of await Promise.all(calls(scoped.bearer))) expectError(res, 403, 'forbidden');
    const other = await createTenant(h.db);
    for (const res of await Promise.all(calls(other.auth))) expectError(res, 404, 'not_found');
    // The integration is untouched: its secret still signs.
    const ok = await upload(created.id, DOCUMENT, {
      'X-Remediation-Signature': sign(created.secret, DOCUMENT),
    });
    expect(ok.status).toBe(202);
  });

  it('when the name is missing or blank, then 400', async () => {
    const { repo, auth } = await createTenant(h.db);
    for (const body of [{}, { name: '   ' }, { name: 'x', extra: 1 }]) {
      const res = await request(h.app)
        .post(`/v1/repositories/${repo.id}/integrations`)
        .set('Authorization', auth)
        .send(body);
      expectError(res, 400, 'validation_failed');
    }
  });
});

describe('POST /v1/integrations/sarif/{integration_id}', () => {
  it('when a corpus document is signed with the secret, then 202 with warnings_count, a queued integration scan and its ingest job', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const sha = 'c'.repeat(40);
    const res = await upload(
      created.id,
      DOCUMENT,
      { 'X-Remediation-Signature': sign(created.secret, DOCUMENT) },
      `?commit_sha=${sha}&ref=refs/heads/main`,
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      scan_id: expect.any(String) as string,
      state: 'queued',
      warnings_count: 1,
    });
    expect(res.headers['ratelimit-remaining']).toBeDefined();
    const [scan] = await scansOf(repo.id);
    expect(scan).toMatchObject({
      id: res.body.scan_id,
      source: 'integration',
      state: 'queued',
      commit_sha: sha,
      ref: 'refs/heads/main',
      warnings_count: 1,
    });
    expect((await queue.getJob(`scan-${scan!.id}`))?.data).toEqual({ scanId: scan!.id });
    const row = await h.db
      .selectFrom('sarif_integrations')
      .select('last_used_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
  });

  it('when the document is gzip-compressed and signed as sent with a fresh timestamp, then 202; a repeated Idempotency-Key answers the same scan', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const gz = gzipSync(DOCUMENT);
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = {
      'Content-Encoding': 'gzip',
      'X-Remediation-Timestamp': ts,
      'X-Remediation-Signature': sign(created.secret, gz, ts),
      'Idempotency-Key': 'pipeline-42',
    };
    const first = await upload(created.id, gz, headers);
    expect(first.status).toBe(202);
    const again = await upload(created.id, gz, headers);
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.scan_id).toBe(first.body.scan_id);
    expect(await scansOf(repo.id)).toHaveLength(1);
  });

  it('when the signature is wrong, the integration unknown, or the timestamp stale, then 401 and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const wrong = await upload(created.id, DOCUMENT, {
      'X-Remediation-Signature': sign('not-the-secret', DOCUMENT),
    });
    const unknown = await upload('01900000-0000-7000-8000-000000000000', DOCUMENT, {
      'X-Remediation-Signature': sign(created.secret, DOCUMENT),
    });
    // The same message either way: whether an integration exists is not revealed.
    expect(expectError(wrong, 401, 'unauthorized').message).toBe(
      expectError(unknown, 401, 'unauthorized').message,
    );
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    expectError(
      await upload(created.id, DOCUMENT, {
        'X-Remediation-Timestamp': stale,
        'X-Remediation-Signature': sign(created.secret, DOCUMENT, stale),
      }),
      401,
      'unauthorized',
    );
    expectError(await upload(created.id, DOCUMENT, {}), 401, 'unauthorized');
    // Signed without the timestamp that is sent: the timestamp is part of what is signed.
    expectError(
      await upload(created.id, DOCUMENT, {
        'X-Remediation-Timestamp': String(Math.floor(Date.now() / 1000)),
        'X-Remediation-Signature': sign(created.secret, DOCUMENT),
      }),
      401,
      'unauthorized',
    );
    expect(await scansOf(repo.id)).toHaveLength(0);
    expect(
      await h.db
        .selectFrom('sarif_documents')
        .select('id')
        .where('repository_id', '=', repo.id)
        .execute(),
    ).toHaveLength(0);
  });

  it('when the repository asks for strict validation, then a document with deviations is refused 400 invalid_sarif', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    await h.db
      .updateTable('repositories')
      .set({ settings: JSON.stringify({ sarif_validation: 'strict' }) })
      .where('id', '=', repo.id)
      .execute();
    const res = await upload(created.id, DOCUMENT, {
      'X-Remediation-Signature': sign(created.secret, DOCUMENT),
    });
    expectError(res, 400, 'invalid_sarif');
    expect(await scansOf(repo.id)).toHaveLength(0);
  });

  it("when the organization's bucket is empty, then 429 with Retry-After", async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    await h.db
      .updateTable('organizations')
      .set({ rate_limit_rpm: 1, rate_limit_burst: 1 })
      .where('id', '=', org.id)
      .execute();
    const headers = { 'X-Remediation-Signature': sign(created.secret, DOCUMENT) };
    expect((await upload(created.id, DOCUMENT, headers)).status).toBe(202);
    const limited = await upload(created.id, DOCUMENT, headers);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await scansOf(repo.id)).toHaveLength(1);
  });

  it('when Redis is unreachable, then 503 and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const created = await createIntegration(repo.id, auth);
    const dead = await unreachableProducer(QUEUES.sarifIngest, h.prefix);
    const deadIngest = dead.producer;
    try {
      const res = await upload(
        created.id,
        DOCUMENT,
        { 'X-Remediation-Signature': sign(created.secret, DOCUMENT) },
        '',
        h.makeApp({}, { ingest: deadIngest }),
      );
      expectError(res, 503, 'service_unavailable');
    } finally {
      await dead.close();
    }
    expect(await scansOf(repo.id)).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('when the document is read, then the inbound endpoints are there with signature security, not bearer', async () => {
    const { auth } = await createTenant(h.db);
    const doc = (await request(h.app).get('/v1/openapi.json').set('Authorization', auth)).body as {
      paths: Record<string, Record<string, { security: unknown; responses: object }>>;
      components: { securitySchemes: Record<string, { in: string; name: string }> };
    };
    const expected = {
      '/integrations/github/events': ['githubSignature', 'X-Hub-Signature-256'],
      '/integrations/gitlab/events': ['gitlabToken', 'X-Gitlab-Token'],
      '/integrations/sarif/{integration_id}': [
        'sarifIntegrationSignature',
        'X-Remediation-Signature',
      ],
    };
    for (const [path, [scheme, header]] of Object.entries(expected)) {
      const op = doc.paths[path]!['post']!;
      expect(op.security).toEqual([{ [scheme!]: [] }]);
      expect(op.responses).toHaveProperty('401');
      expect(doc.components.securitySchemes[scheme!]).toMatchObject({ in: 'header', name: header });
    }
    for (const method of ['get', 'post'])
      expect(doc.paths['/repositories/{id}/integrations']![method]!.security).toEqual([
        { bearerAuth: [] },
        { sessionCookie: [] },
      ]);
  });
});
