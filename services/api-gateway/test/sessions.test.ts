import { createUser } from '@remediation/accounts';
import { hashSessionId } from '@remediation/security';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createRepo, createTenant, expectError, type Harness } from './harness.js';
import { createPerson, PASSWORD, sessionCookieOf, signIn } from './session-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('POST /v1/session (sign-in)', () => {
  it('when the password is right, then an HttpOnly, Secure, SameSite=Strict cookie is set and the body names the person, role and CSRF token', async () => {
    const { org } = await createTenant(h.db);
    const person = await createPerson(h.db, org.id, 'admin');
    const res = await request(h.app)
      .post('/v1/session')
      .send({ email: person.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('rmd_session='),
    )!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(res.body).toMatchObject({
      kind: 'session',
      organization: { id: org.id, slug: org.slug },
      role: 'admin',
      user: { email: person.email },
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      password_change_required: false,
    });
    // Only the hash of the cookie's value is stored.
    const value = sessionCookieOf(res).split('=')[1]!;
    const row = await h.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.session_hash.equals(hashSessionId(value))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(value);
  });

  it('when the password is wrong or the email unknown, then 401 with the same message and no cookie', async () => {
    const { org } = await createTenant(h.db);
    const person = await createPerson(h.db, org.id, 'member');
    const wrong = await request(h.app)
      .post('/v1/session')
      .send({ email: person.email, password: 'not the password' });
    const unknown = await request(h.app)
      .post('/v1/session')
      .send({ email: 'nobody@example.com', password: PASSWORD });
    expect(expectError(wrong, 401, 'unauthorized').message).toBe(
      expectError(unknown, 401, 'unauthorized').message,
    );
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('when the body is not JSON, misses fields or comes from another site, then it is refused', async () => {
    expectError(
      await request(h.app).post('/v1/session').type('form').send('email=a&password=b'),
      415,
      'unsupported_media_type',
    );
    const missing = expectError(
      await request(h.app).post('/v1/session').send({ email: 'a@example.com' }),
      400,
      'validation_failed',
    );
    expect(missing.problems?.length).toBeGreaterThan(0);
    expectError(
      await request(h.app)
        .post('/v1/session')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ email: 'a@example.com', password: 'x' }),
      403,
      'forbidden',
    );
  });

  it('when one email is tried too often, then 429 with Retry-After', async () => {
    const email = `brute-${Date.now()}@example.com`;
    const statuses: number[] = [];
    // A burst of 10, then one attempt every 6 s: on a loaded machine a slow burst earns a token
    // or two back, so the refusal may come a few attempts later, but it comes.
    let last = await request(h.app).post('/v1/session').send({ email, password: 'guess-guess' });
    while (last.status === 401 && statuses.length < 40) {
      statuses.push(last.status);
      last = await request(h.app).post('/v1/session').send({ email, password: 'guess-guess' });
    }
    expect(statuses.length).toBeGreaterThanOrEqual(10);
    expect(statuses.length).toBeLessThan(40);
    expectError(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('session-authenticated API calls', () => {
  it('when the cookie is sent, then the API answers as the organization; without it, 401 as before', async () => {
    const { org, repo } = await createTenant(h.db);
    const person = await createPerson(h.db, org.id, 'member');
    const { cookie } = await signIn(h.app, person.email);
    const res = await request(h.app).get(`/v1/repositories/${repo.id}`).set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeDefined();
    expectError(await request(h.app).get(`/v1/repositories/${repo.id}`), 401, 'unauthorized');
    expectError(
      await request(h.app).get(`/v1/repositories/${repo.id}`).set('Cookie', 'rmd_session=forged'),
      401,
      'unauthorized',
    );
  });

  it("when another organization's repository is asked for, then 404 as for its tokens", async () => {
    const a = await createTenant(h.db);
    const b = await createTenant(h.db);
    const person = await createPerson(h.db, a.org.id, 'admin');
    const { cookie } = await signIn(h.app, person.email);
    expectError(
      await request(h.app).get(`/v1/repositories/${b.repo.id}`).set('Cookie', cookie),
      404,
      'not_found',
    );
  });

  it('when a state-changing call lacks the CSRF token or carries a wrong one, then 403; with it, it succeeds', async () => {
    const { org, repo } = await createTenant(h.db);
    const admin = await createPerson(h.db, org.id, 'admin');
    const { cookie, csrf } = await signIn(h.app, admin.email);
    const patch = () =>
      request(h.app)
        .patch(`/v1/repositories/${repo.id}`)
        .set('Cookie', cookie)
        .send({ settings: { auto_pr: true } });
    expect(expectError(await patch(), 403, 'forbidden').message).toMatch(/CSRF/);
    expectError(await patch().set('X-CSRF-Token', 'x'.repeat(43)), 403, 'forbidden');
    expectError(
      await patch().set('X-CSRF-Token', csrf).set('Sec-Fetch-Site', 'cross-site'),
      403,
      'forbidden',
    );
    const ok = await patch().set('X-CSRF-Token', csrf);
    expect(ok.status).toBe(200);
    expect((ok.body as { settings: { auto_pr: boolean } }).settings.auto_pr).toBe(true);
  });

  it('when a bearer token is sent along with a session cookie, then the token alone decides and no CSRF token is needed', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const member = await createPerson(h.db, org.id, 'member');
    const { cookie } = await signIn(h.app, member.email);
    const res = await request(h.app)
      .patch(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth)
      .set('Cookie', cookie)
      .send({ settings: { draft_prs: false } });
    expect(res.status).toBe(200);
  });
});

describe('roles', () => {
  it('when a member reads, then it works; when a member changes settings, webhooks or tokens, then 403', async () => {
    const { org, repo } = await createTenant(h.db);
    const member = await createPerson(h.db, org.id, 'member');
    const { cookie, csrf } = await signIn(h.app, member.email);
    const as = <T extends request.Test>(r: T) => r.set('Cookie', cookie).set('X-CSRF-Token', csrf);
    expect((await as(request(h.app).get('/v1/repositories'))).status).toBe(200);
    expect((await as(request(h.app).get(`/v1/repositories/${repo.id}/findings`))).status).toBe(200);
    expect((await as(request(h.app).get('/v1/webhooks'))).status).toBe(200);
    expectError(
      await as(request(h.app).patch(`/v1/repositories/${repo.id}`)).send({
        settings: { auto_pr: true },
      }),
      403,
      'forbidden',
    );
    expectError(
      await as(request(h.app).post('/v1/webhooks')).send({
        url: 'https://x.example.com',
        events: ['*'],
      }),
      403,
      'forbidden',
    );
    expectError(
      await as(request(h.app).post('/v1/tokens')).send({ name: 'n', scope: 'organization' }),
      403,
      'forbidden',
    );
    expectError(await as(request(h.app).get('/v1/tokens')), 403, 'forbidden');
    const overview = await as(request(h.app).get('/v1/overview'));
    expect(overview.status).toBe(200);
    expect((overview.body as { queues: unknown }).queues).toBeNull();
  });

  it('when an admin is demoted, then the next request already has member rights', async () => {
    const { org, repo } = await createTenant(h.db);
    const admin = await createPerson(h.db, org.id, 'admin');
    const { cookie, csrf } = await signIn(h.app, admin.email);
    await h.db
      .updateTable('memberships')
      .set({ role: 'member' })
      .where('user_id', '=', admin.id)
      .execute();
    expectError(
      await request(h.app)
        .patch(`/v1/repositories/${repo.id}`)
        .set('Cookie', cookie)
        .set('X-CSRF-Token', csrf)
        .send({ settings: { auto_pr: true } }),
      403,
      'forbidden',
    );
  });
});

describe('expiry and sign-out', () => {
  it('when the absolute lifetime or the idle timeout has passed, then 401 and the cookie is cleared', async () => {
    const { org } = await createTenant(h.db);
    const person = await createPerson(h.db, org.id, 'admin');
    const first = await signIn(h.app, person.email);
    await h.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` as never })
      .where('user_id', '=', person.id)
      .execute();
    const expired = await request(h.app).get('/v1/repositories').set('Cookie', first.cookie);
    expectError(expired, 401, 'unauthorized');
    expect(String(expired.headers['set-cookie'])).toMatch(/rmd_session=;/);

    const second = await signIn(h.app, person.email);
    expect((await request(h.app).get('/v1/me').set('Cookie', second.cookie)).status).toBe(200);
    await h.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '3 hours'` as never })
      .where('user_id', '=', person.id)
      .execute();
    expectError(
      await request(h.app).get('/v1/me').set('Cookie', second.cookie),
      401,
      'unauthorized',
    );
  });

  it('when signing out, then the CSRF token is required, the session ends and the cookie is cleared', async () => {
    const { org } = await createTenant(h.db);
    const person = await createPerson(h.db, org.id, 'member');
    const { cookie, csrf } = await signIn(h.app, person.email);
    expectError(await request(h.app).delete('/v1/session').set('Cookie', cookie), 403, 'forbidden');
    const out = await request(h.app)
      .delete('/v1/session')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrf);
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/rmd_session=;/);
    expectError(await request(h.app).get('/v1/me').set('Cookie', cookie), 401, 'unauthorized');
  });
});

describe('one-time passwords', () => {
  it('when signed in with a one-time password, then only /me and a password change work; after the change, everything does', async () => {
    const { org, repo } = await createTenant(h.db);
    const created = await createUser(h.db, {
      organizationId: org.id,
      email: `otp-${Date.now()}@example.com`,
      role: 'admin',
    });
    const { cookie, csrf, body } = await signIn(h.app, created.email, created.one_time_password);
    expect(body['password_change_required']).toBe(true);
    expectError(
      await request(h.app).get(`/v1/repositories/${repo.id}`).set('Cookie', cookie),
      403,
      'forbidden',
    );
    const change = (current: string, next: string) =>
      request(h.app)
        .post('/v1/me/password')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', csrf)
        .send({ current_password: current, new_password: next });
    const bad = expectError(
      await change('wrong password!', 'a brand new passphrase'),
      400,
      'validation_failed',
    );
    expect(bad.problems).toEqual([{ path: '/current_password', message: 'is incorrect' }]);
    expect(
      expectError(await change(created.one_time_password!, 'short'), 400, 'validation_failed')
        .problems?.[0]?.path,
    ).toBe('/new_password');
    const ok = await change(created.one_time_password!, 'a brand new passphrase');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ password_change_required: false });
    expect(
      (await request(h.app).get(`/v1/repositories/${repo.id}`).set('Cookie', cookie)).status,
    ).toBe(200);
    await signIn(h.app, created.email, 'a brand new passphrase');
  });

  it('when a bearer token asks to change a password, then 403', async () => {
    const { auth } = await createTenant(h.db);
    expectError(
      await request(h.app)
        .post('/v1/me/password')
        .set('Authorization', auth)
        .send({ current_password: 'x', new_password: 'y' }),
      403,
      'forbidden',
    );
  });
});

describe('GET /v1/me with a token', () => {
  it('when called with a repository token, then it describes the token and its reach', async () => {
    const { org } = await createTenant(h.db);
    const repo = await createRepo(h.db, org.id);
    const { createToken } = await import('./harness.js');
    const token = await createToken(h.db, org.id, { repositoryId: repo.id });
    const me = await request(h.app).get('/v1/me').set('Authorization', token.bearer);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      kind: 'token',
      role: 'member',
      scope: 'repository',
      repository_id: repo.id,
      user: null,
      csrf_token: null,
    });
  });
});
