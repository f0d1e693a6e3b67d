import { DEFAULT_REPOSITORY_SETTINGS } from '@remediation/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createRepo, createTenant, expectError, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('GET /v1/repositories/{id}', () => {
  it('when the repository exists, then its configuration, default settings and status are returned', async () => {
    const { repo, auth } = await createTenant(h.db);
    const res = await request(h.app).get(`/v1/repositories/${repo.id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: repo.id,
      name: repo.name,
      provider: 'github',
      default_branch: 'main',
      settings: DEFAULT_REPOSITORY_SETTINGS,
      status: { last_scan: null, open_findings: 0, open_fixes: 0 },
    });
  });

  it('when the clone URL holds credentials, then they are never returned', async () => {
    const { org, auth } = await createTenant(h.db);
    const repo = await createRepo(h.db, org.id);
    await h.db
      .updateTable('repositories')
      .set({ clone_url: 'https://x-access-token:s3cr3t@github.com/acme/web.git' })
      .where('id', '=', repo.id)
      .execute();
    const res = await request(h.app).get(`/v1/repositories/${repo.id}`).set('Authorization', auth);
    expect(res.body.clone_url).toBe('https://github.com/acme/web.git');
    expect(JSON.stringify(res.body)).not.toContain('s3cr3t');
  });

  it('when the id is not a valid id or unknown, then 404 not_found', async () => {
    const { auth } = await createTenant(h.db);
    expectError(
      await request(h.app).get('/v1/repositories/not-an-id').set('Authorization', auth),
      404,
      'not_found',
    );
    expectError(
      await request(h.app)
        .get('/v1/repositories/01a1f000-0000-7000-8000-000000000000')
        .set('Authorization', auth),
      404,
      'not_found',
    );
  });
});

describe('PATCH /v1/repositories/{id}', () => {
  it('when valid settings are sent, then they are merged into the stored settings and returned', async () => {
    const { repo, auth } = await createTenant(h.db);
    const first = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ settings: { auto_pr: true, labels: ['security'] } });
    expect(first.status).toBe(200);
    expect(first.body.settings).toMatchObject({
      auto_pr: true,
      labels: ['security'],
      auto_fix: true,
    });
    const second = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ settings: { min_severity: 'high' } });
    expect(second.body.settings).toMatchObject({
      auto_pr: true,
      labels: ['security'],
      min_severity: 'high',
    });
    const stored = await request(h.app)
      .get(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth);
    expect(stored.body.settings).toEqual(second.body.settings);
  });

  it('when a field is unknown or a value is invalid, then 400 with a problem per field and nothing is changed', async () => {
    const { repo, auth } = await createTenant(h.db);
    const res = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ settings: { auto_pr: 'yes', colour: 'blue', min_severity: 'urgent' } });
    const error = expectError(res, 400, 'validation_failed');
    const paths = error.problems?.map((p) => p.path) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(['/settings/auto_pr', '/settings/colour', '/settings/min_severity']),
    );
    const unknownTop = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ name: 'renamed', settings: { auto_pr: true } });
    expect(expectError(unknownTop, 400, 'validation_failed').problems).toContainEqual({
      path: '/name',
      message: 'unknown field',
    });
    const empty = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .send({ settings: {} });
    expectError(empty, 400, 'validation_failed');
    const row = await h.db
      .selectFrom('repositories')
      .select('settings')
      .where('id', '=', repo.id)
      .executeTakeFirstOrThrow();
    expect(row.settings).toEqual({});
  });
});

describe('GET /v1/repositories', () => {
  it('when an organization has repositories, then only its own are listed, newest first', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const newer = await createRepo(h.db, org.id);
    await createTenant(h.db);
    const res = await request(h.app).get('/v1/repositories').set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([newer.id, repo.id]);
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('when limit is out of range or not a number, or the cursor is forged, then 400', async () => {
    const { auth } = await createTenant(h.db);
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1&limit=2',
      'cursor=not-ours',
      'unknown=1',
    ]) {
      expectError(
        await request(h.app).get(`/v1/repositories?${q}`).set('Authorization', auth),
        400,
        'validation_failed',
      );
    }
  });
});
