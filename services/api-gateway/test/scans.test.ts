import { readFileSync } from 'node:fs';
import { gzipSync, gunzipSync } from 'node:zlib';
import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@remediation/contracts';
import {
  createHarness,
  createRepo,
  createTenant,
  createToken,
  expectError,
  type Harness,
  unreachableProducer,
} from './harness.js';

const CORPUS = new URL('../../../../shared/sarif-corpus/', import.meta.url);
const corpus = (name: string) => readFileSync(new URL(name, CORPUS));

let h: Harness;
let queue: Queue;
beforeAll(async () => {
  h = await createHarness();
  queue = new Queue('sarif-ingest', { connection: h.redis, prefix: h.prefix });
});
afterAll(async () => {
  await queue.close();
  await h.close();
});

/** Sends bytes as they are (supertest would JSON-encode a Buffer). */
const identity = (body: unknown) => body as string;

const upload = (repoId: string, auth: string, body: Buffer | string, type = 'application/json') =>
  request(h.app)
    .post(`/v1/repositories/${repoId}/sarif`)
    .set('Authorization', auth)
    .set('Content-Type', type)
    .serialize(identity)
    .send(body);

const counts = async (repositoryId: string) => ({
  scans: (
    await h.db.selectFrom('scans').select('id').where('repository_id', '=', repositoryId).execute()
  ).length,
  documents: (
    await h.db
      .selectFrom('sarif_documents')
      .select('id')
      .where('repository_id', '=', repositoryId)
      .execute()
  ).length,
});

describe('POST /v1/repositories/{id}/sarif', () => {
  it('when a real SARIF file is uploaded, then 202 {scan_id, state: queued}, the document is stored compressed and an ingest job is enqueued', async () => {
    const { repo, auth } = await createTenant(h.db);
    const body = corpus('codeql__cqa_valid-sarif.sarif');
    const res = await upload(repo.id, auth, body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ scan_id: expect.any(String), state: 'queued', warnings_count: 0 });
    expect(res.headers['location']).toBe(`/v1/repositories/${repo.id}/scans/${res.body.scan_id}`);

    const scan = await h.db
      .selectFrom('scans')
      .selectAll()
      .where('id', '=', res.body.scan_id)
      .executeTakeFirstOrThrow();
    expect(scan).toMatchObject({ state: 'queued', source: 'upload', repository_id: repo.id });
    const doc = await h.db
      .selectFrom('sarif_documents')
      .selectAll()
      .where('id', '=', scan.sarif_document_id!)
      .executeTakeFirstOrThrow();
    expect(gunzipSync(doc.content_gzip).equals(body)).toBe(true);

    const job = await queue.getJob(`scan-${scan.id}`);
    expect(job?.data).toEqual({ scanId: scan.id });
    expect(job?.opts.attempts).toBe(3);
  });

  it('when the body is gzip-compressed and has a BOM, then it is accepted and stored decompressed-equal', async () => {
    const { repo, auth } = await createTenant(h.db);
    const body = corpus('spam__sdk_elfie-arriba-utf8-bom.sarif');
    const res = await request(h.app)
      .post(`/v1/repositories/${repo.id}/sarif`)
      .set('Authorization', auth)
      .set('Content-Type', 'application/sarif+json')
      .set('Content-Encoding', 'gzip')
      .serialize(identity)
      .send(gzipSync(body));
    expect(res.status).toBe(202);
  });

  it('when commit_sha and ref are given, then the scan records them; else they come from versionControlProvenance', async () => {
    const { repo, auth } = await createTenant(h.db);
    const sha = 'a'.repeat(40);
    const res = await request(h.app)
      .post(`/v1/repositories/${repo.id}/sarif?commit_sha=${sha}&ref=refs/heads/main`)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .serialize(identity)
      .send(corpus('eslint__tut_simple-example.sarif'));
    const scan = await request(h.app)
      .get(`/v1/repositories/${repo.id}/scans/${res.body.scan_id}`)
      .set('Authorization', auth);
    expect(scan.body).toMatchObject({
      commit_sha: sha,
      ref: 'refs/heads/main',
      state: 'queued',
      tools: ['ESLint'],
      fixes_generated: 0,
    });

    const vcs = JSON.stringify({
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'CodeQL' } },
          results: [],
          versionControlProvenance: [
            {
              repositoryUri: 'https://github.com/a/b',
              revisionId: 'B'.repeat(40),
              branch: 'refs/heads/dev',
            },
          ],
        },
      ],
    });
    const fromVcs = await upload(repo.id, auth, vcs);
    const row = await h.db
      .selectFrom('scans')
      .selectAll()
      .where('id', '=', fromVcs.body.scan_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ commit_sha: 'b'.repeat(40), ref: 'refs/heads/dev' });
  });

  it('when the same Idempotency-Key is reused with the same document, then the first scan is answered and nothing new is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const body = corpus('eslint__tut_simple-example.sarif');
    const send = (doc: Buffer) =>
      request(h.app)
        .post(`/v1/repositories/${repo.id}/sarif`)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .set('Idempotency-Key', 'build-77')
        .serialize(identity)
        .send(doc);
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.scan_id).toBe(a.body.scan_id);
    expect(await counts(repo.id)).toEqual({ scans: 1, documents: 1 });
    const other = await send(corpus('codeql__cqa_valid-sarif.sarif'));
    expectError(other, 409, 'conflict');
  });

  it('when the document is not SARIF (bad JSON, trailing commas, no runs, wrong version), then 400 invalid_sarif with problem paths and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const cases: [string | Buffer, string][] = [
      ['{"version": "2.1.0", ', '/'],
      [corpus('binskim__sdk_MixedMode_MissingPdb_v2.0.0_trailing_comma.sarif'), '/'],
      [corpus('none__dd_no_runs.sarif'), '/runs'],
      ['{"version": "2.0.0", "runs": [{"tool": {"driver": {"name": "x"}}}]}', '/version'],
      ['{"version": "2.1.0", "runs": []}', '/runs'],
      ['{"version": "2.1.0", "runs": [{"tool": {}}]}', '/runs/0/tool/driver'],
      ['[1, 2]', '/'],
    ];
    for (const [body, path] of cases) {
      const res = await upload(repo.id, auth, body);
      const error = expectError(res, 400, 'invalid_sarif');
      expect(error.problems?.map((p) => p.path)).toContain(path);
    }
    expect(await counts(repo.id)).toEqual({ scans: 0, documents: 0 });
  });

  it('when the upload exceeds the size limit (as sent or decompressed), then 413 and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    const big = Buffer.alloc(3 * 1024 * 1024, 0x20);
    expectError(await upload(repo.id, auth, big), 413, 'payload_too_large');
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    const res = await request(h.app)
      .post(`/v1/repositories/${repo.id}/sarif`)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize(identity)
      .send(bomb);
    expectError(res, 413, 'payload_too_large');
    expect(await counts(repo.id)).toEqual({ scans: 0, documents: 0 });
  });

  it('when the content type or encoding is unsupported, then 415', async () => {
    const { repo, auth } = await createTenant(h.db);
    expectError(await upload(repo.id, auth, 'x', 'text/plain'), 415, 'unsupported_media_type');
    const res = await request(h.app)
      .post(`/v1/repositories/${repo.id}/sarif`)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'br')
      .serialize(identity)
      .send('{}');
    expectError(res, 415, 'unsupported_media_type');
  });

  it('when Redis is unreachable, then 503 service_unavailable with Retry-After and nothing is stored', async () => {
    const { repo, auth } = await createTenant(h.db);
    // A real client pointed at a closed port: producers fail fast instead of queueing offline.
    const dead = await unreachableProducer(QUEUES.sarifIngest, h.prefix);
    const deadIngest = dead.producer;
    const appWithoutQueue = h.makeApp({}, { ingest: deadIngest });
    try {
      const res = await request(appWithoutQueue)
        .post(`/v1/repositories/${repo.id}/sarif`)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .serialize(identity)
        .send(corpus('eslint__tut_simple-example.sarif'));
      expectError(res, 503, 'service_unavailable');
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await dead.close();
    }
    expect(await counts(repo.id)).toEqual({ scans: 0, documents: 0 });
  });

  it('when a repository token uploads to its own repository, then 202; to another repository, then 403', async () => {
    const { org, repo } = await createTenant(h.db);
    const other = await createRepo(h.db, org.id);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    const body = corpus('eslint__tut_simple-example.sarif');
    expect((await upload(repo.id, scoped.bearer, body)).status).toBe(202);
    expectError(await upload(other.id, scoped.bearer, body), 403, 'forbidden');
  });
});

describe('scans', () => {
  it('when scans exist, then the history lists them newest first and each can be fetched', async () => {
    const { repo, auth } = await createTenant(h.db);
    const first = await upload(repo.id, auth, corpus('eslint__tut_simple-example.sarif'));
    const second = await upload(repo.id, auth, corpus('codeql__cqa_valid-sarif.sarif'));
    const list = await request(h.app)
      .get(`/v1/repositories/${repo.id}/scans`)
      .set('Authorization', auth);
    expect(list.body.data.map((s: { scan_id: string }) => s.scan_id)).toEqual([
      second.body.scan_id,
      first.body.scan_id,
    ]);
    const missing = await request(h.app)
      .get(`/v1/repositories/${repo.id}/scans/01a1f000-0000-7000-8000-000000000000`)
      .set('Authorization', auth);
    expectError(missing, 404, 'not_found');
  });

  it('when POST /scans is called, then a rescan of the latest document is queued (202); without any upload, then 409', async () => {
    const { org, auth } = await createTenant(h.db);
    const repo = await createRepo(h.db, org.id);
    expectError(
      await request(h.app).post(`/v1/repositories/${repo.id}/scans`).set('Authorization', auth),
      409,
      'conflict',
    );
    const sha = 'c'.repeat(40);
    await request(h.app)
      .post(`/v1/repositories/${repo.id}/sarif?commit_sha=${sha}`)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .serialize(identity)
      .send(corpus('eslint__tut_simple-example.sarif'));
    const res = await request(h.app)
      .post(`/v1/repositories/${repo.id}/scans`)
      .set('Authorization', auth);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      state: 'queued',
      source: 'rescan',
      commit_sha: sha,
      repository_id: repo.id,
    });
    expect(await queue.getJob(`scan-${res.body.scan_id}`)).toBeDefined();
    const bad = await request(h.app)
      .post(`/v1/repositories/${repo.id}/scans`)
      .set('Authorization', auth)
      .send({ commit_sha: 'nope' });
    expectError(bad, 400, 'validation_failed');
  });
});
