import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  createOrg,
  createRepo,
  createTenant,
  createToken,
  expectError,
  type Harness,
} from './harness.js';
import { createPerson, signIn } from './session-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const adminSession = async () => {
  const { org, repo } = await createTenant(h.db);
  const admin = await createPerson(h.db, org.id, 'admin');
  const s = await signIn(h.app, admin.email);
  const as = <T extends request.Test>(r: T) =>
    r.set('Cookie', s.cookie).set('X-CSRF-Token', s.csrf);
  return { org, repo, as };
};

describe('API token management', () => {
  it('when an admin creates a repository token, then its value is returned once, works with the API for that repository only, and is listed without its value', async () => {
    const { org, repo, as } = await adminSession();
    const other = await createRepo(h.db, org.id);
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await as(request(h.app).post('/v1/tokens')).send({
      name: 'ci',
      scope: 'repository',
      repository_id: repo.id,
      expires_at: expires,
    });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.body as { id: string; token: string; display_prefix: string };
    expect(created.body).toMatchObject({
      name: 'ci',
      scope: 'repository',
      repository_id: repo.id,
      expires_at: expires,
      last_used_at: null,
    });
    expect(body.token.startsWith(body.display_prefix)).toBe(true);

    const bearer = `Bearer ${body.token}`;
    expect(
      (await request(h.app).get(`/v1/repositories/${repo.id}`).set('Authorization', bearer)).status,
    ).toBe(200);
    expectError(
      await request(h.app).get(`/v1/repositories/${other.id}`).set('Authorization', bearer),
      403,
      'forbidden',
    );

    const list = await as(request(h.app).get('/v1/tokens'));
    expect(list.status).toBe(200);
    const listed = (list.body as { data: Record<string, unknown>[] }).data.find(
      (t) => t['id'] === body.id,
    )!;
    expect(listed).toMatchObject({
      display_prefix: body.display_prefix,
      scope: 'repository',
      last_used_at: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain(body.token);
    expect(listed['token']).toBeUndefined();
  });

  it('when a token is revoked, then it stops working at once and leaves the list', async () => {
    const { org, as } = await adminSession();
    const t = await createToken(h.db, org.id);
    expect(
      (await request(h.app).get('/v1/repositories').set('Authorization', t.bearer)).status,
    ).toBe(200);
    expect((await as(request(h.app).delete(`/v1/tokens/${t.id}`))).status).toBe(204);
    expectError(
      await request(h.app).get('/v1/repositories').set('Authorization', t.bearer),
      401,
      'unauthorized',
    );
    const list = await as(request(h.app).get('/v1/tokens'));
    expect((list.body as { data: { id: string }[] }).data.map((x) => x.id)).not.toContain(t.id);
  });

  it('when the repository is missing, belongs to another organization or is given for an organization token, then 400 names the field', async () => {
    const { repo, as } = await adminSession();
    const foreign = await createRepo(h.db, (await createOrg(h.db)).id);
    const post = (b: object) => as(request(h.app).post('/v1/tokens')).send(b);
    expect(
      expectError(await post({ name: 'x', scope: 'repository' }), 400, 'validation_failed')
        .problems?.[0]?.path,
    ).toBe('/repository_id');
    expect(
      expectError(
        await post({ name: 'x', scope: 'repository', repository_id: foreign.id }),
        400,
        'validation_failed',
      ).problems?.[0]?.path,
    ).toBe('/repository_id');
    expect(
      expectError(
        await post({ name: 'x', scope: 'organization', repository_id: repo.id }),
        400,
        'validation_failed',
      ).problems?.[0]?.path,
    ).toBe('/repository_id');
    expect(
      expectError(
        await post({ name: 'x', scope: 'organization', expires_at: '2001-01-01T00:00:00Z' }),
        400,
        'validation_failed',
      ).problems?.[0]?.path,
    ).toBe('/expires_at');
    expectError(await post({ name: '', scope: 'organization' }), 400, 'validation_failed');
    expectError(await post({ name: 'x', scope: 'everything' }), 400, 'validation_failed');
  });

  it("when another organization's token is revoked, then 404 and it keeps working", async () => {
    const { as } = await adminSession();
    const other = await createTenant(h.db);
    expectError(await as(request(h.app).delete(`/v1/tokens/${other.token.id}`)), 404, 'not_found');
    expect(
      (await request(h.app).get('/v1/repositories').set('Authorization', other.auth)).status,
    ).toBe(200);
  });

  it('when a repository token manages tokens, then 403; an organization token may (it acts as admin)', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const repoToken = await createToken(h.db, org.id, { repositoryId: repo.id });
    expectError(
      await request(h.app).get('/v1/tokens').set('Authorization', repoToken.bearer),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app)
        .post('/v1/tokens')
        .set('Authorization', repoToken.bearer)
        .send({ name: 'x', scope: 'organization' }),
      403,
      'forbidden',
    );
    const made = await request(h.app)
      .post('/v1/tokens')
      .set('Authorization', auth)
      .send({ name: 'rotation', scope: 'organization' });
    expect(made.status).toBe(201);
  });
});
