import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PREFIX } from '@remediation/security';
import {
  createHarness,
  createRepo,
  createTenant,
  createToken,
  expectError,
  type Harness,
} from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('authentication', () => {
  it('when the Authorization header is missing, then 401 unauthorized with a Bearer challenge', async () => {
    const res = await request(h.app).get('/v1/repositories');
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('when the scheme is not Bearer, then 401', async () => {
    const { token } = await createTenant(h.db);
    expectError(
      await request(h.app).get('/v1/repositories').set('Authorization', `Basic ${token.token}`),
      401,
      'unauthorized',
    );
  });

  it('when the token checksum is wrong, then 401 without a database match', async () => {
    const { token } = await createTenant(h.db);
    const last = token.token.at(-1) === 'a' ? 'b' : 'a';
    const typo = `${token.token.slice(0, -1)}${last}`;
    expectError(
      await request(h.app).get('/v1/repositories').set('Authorization', `Bearer ${typo}`),
      401,
      'unauthorized',
    );
  });

  it('when a well-formed token is unknown, then 401', async () => {
    const { generateToken } = await import('@remediation/security');
    const res = await request(h.app)
      .get('/v1/repositories')
      .set('Authorization', `Bearer ${generateToken().token}`);
    expectError(res, 401, 'unauthorized');
  });

  it('when the token is revoked or expired, then 401', async () => {
    const { org } = await createTenant(h.db);
    const revoked = await createToken(h.db, org.id, { revoked: true });
    const expired = await createToken(h.db, org.id, { expiresAt: new Date(Date.now() - 1000) });
    expectError(
      await request(h.app).get('/v1/repositories').set('Authorization', revoked.bearer),
      401,
      'unauthorized',
    );
    expectError(
      await request(h.app).get('/v1/repositories').set('Authorization', expired.bearer),
      401,
      'unauthorized',
    );
  });

  it('when a token is used, then last_used_at is recorded and the token is never echoed', async () => {
    const { token, auth } = await createTenant(h.db);
    const res = await request(h.app).get('/v1/repositories').set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(TOKEN_PREFIX);
    const row = await h.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
  });

  it('when any response is sent, then it carries X-Request-Id, keeping a well-formed incoming one', async () => {
    const res = await request(h.app)
      .get('/v1/repositories')
      .set('X-Request-Id', 'ci-run-42.step-3');
    expect(res.headers['x-request-id']).toBe('ci-run-42.step-3');
    const generated = await request(h.app)
      .get('/v1/repositories')
      .set('X-Request-Id', 'bad id with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  });
});

describe('scopes', () => {
  it("when an organization token reads another organization's repository, then 404 (existence is not revealed)", async () => {
    const a = await createTenant(h.db);
    const b = await createTenant(h.db);
    expectError(
      await request(h.app).get(`/v1/repositories/${b.repo.id}`).set('Authorization', a.auth),
      404,
      'not_found',
    );
  });

  it('when a repository token reads its own repository, then 200; another repository of its organization, then 403', async () => {
    const { org, repo } = await createTenant(h.db);
    const other = await createRepo(h.db, org.id);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    expect(
      (await request(h.app).get(`/v1/repositories/${repo.id}`).set('Authorization', scoped.bearer))
        .status,
    ).toBe(200);
    expect(
      (
        await request(h.app)
          .get(`/v1/repositories/${repo.id}/scans`)
          .set('Authorization', scoped.bearer)
      ).status,
    ).toBe(200);
    expectError(
      await request(h.app).get(`/v1/repositories/${other.id}`).set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app)
        .get(`/v1/repositories/${other.id}/fixes`)
        .set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
  });

  it('when a repository token calls organization-wide endpoints, then 403', async () => {
    const { org, repo } = await createTenant(h.db);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    expectError(
      await request(h.app).get('/v1/repositories').set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app).get('/v1/webhooks').set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app)
        .post('/v1/webhooks')
        .set('Authorization', scoped.bearer)
        .send({ url: 'https://example.com', events: ['*'] }),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app)
        .patch(`/v1/repositories/${repo.id}`)
        .set('Authorization', scoped.bearer)
        .send({ settings: { auto_pr: true } }),
      403,
      'forbidden',
    );
  });
});

describe('token cache', () => {
  /** Polls (bounded, no fixed sleep) until the request answers `status`. */
  const untilStatus = async (auth: string, status: number, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await request(h.app).get('/v1/repositories').set('Authorization', auth);
      if (res.status === status || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('when a cached token is revoked in the database, then the next requests are refused (NOTIFY evicts it)', async () => {
    const { token, auth } = await createTenant(h.db);
    expect((await request(h.app).get('/v1/repositories').set('Authorization', auth)).status).toBe(
      200,
    );
    expect(h.tokenCache.size).toBeGreaterThan(0);
    await h.db
      .updateTable('api_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', token.id)
      .execute();
    expectError(await untilStatus(auth, 401), 401, 'unauthorized');
  });

  it('when a cached token reaches its expiry, then it is refused without a database change', async () => {
    const { org } = await createTenant(h.db);
    const soon = await createToken(h.db, org.id, { expiresAt: new Date(Date.now() + 1_500) });
    expect(
      (await request(h.app).get('/v1/repositories').set('Authorization', soon.bearer)).status,
    ).toBe(200);
    expectError(await untilStatus(soon.bearer, 401), 401, 'unauthorized');
  });

  it('when the change channel is down, then nothing is served from the cache', async () => {
    const { TokenCache } = await import('../src/auth/token-cache.js');
    const cache = new TokenCache({ max: 10, ttlMs: 60_000 });
    const entry = { context: { tokenId: 't' } as never, expiresAt: null, touchedAt: 0 };
    cache.set('h', entry);
    expect(cache.get('h')).toBeUndefined();
    cache.setLive(true);
    cache.set('h', entry);
    expect(cache.get('h')).toBe(entry);
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('h')).toBeUndefined();
  });
});
