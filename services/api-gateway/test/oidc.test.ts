import { createUser } from '@remediation/accounts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, type Harness } from './harness.js';
import { authorize, startIdp, type TestIdp } from './oidc-provider.js';
import { sessionCookieOf } from './session-helpers.js';

const PUBLIC_URL = 'https://remediation.test';
let h: Harness;
let idp: TestIdp;
let org: { id: string; slug: string };
let provisionOrg: { id: string; slug: string };

beforeAll(async () => {
  idp = await startIdp({
    clientId: 'dashboard',
    clientSecret: 'a-client-secret-for-tests',
    redirectUri: `${PUBLIC_URL}/v1/session/oidc/callback`,
    accounts: {
      'sub-known': { email: 'Known@Example.com', verified: true },
      'sub-unverified': { email: 'unverified@example.com', verified: false },
      'sub-new': { email: 'newcomer@example.com', verified: true },
    },
  });
  h = await createHarness();
  ({ org } = await createTenant(h.db));
  ({ org: provisionOrg } = await createTenant(h.db));
  await createUser(h.db, { organizationId: org.id, email: 'known@example.com', role: 'admin' });
  await createUser(h.db, {
    organizationId: org.id,
    email: 'unverified@example.com',
    role: 'admin',
  });
});
afterAll(async () => {
  await h.close();
  await idp.close();
});

const appWith = (provision?: { organizationSlug: string; role: 'member' }) =>
  h.makeApp({
    publicUrl: PUBLIC_URL,
    oidc: {
      issuer: idp.issuer,
      clientId: 'dashboard',
      clientSecret: 'a-client-secret-for-tests',
      displayName: 'Test IdP',
      scopes: 'openid email',
      provision,
      allowInsecureIssuer: true,
    },
  });

/** Start at the gateway, sign in at the provider as `subject`, come back to the callback. */
const signInVia = async (app: ReturnType<typeof appWith>, subject: string) => {
  const start = await request(app).get('/v1/session/oidc/start');
  expect(start.status).toBe(302);
  const authorizationUrl = new URL(start.headers['location'] as string);
  expect(authorizationUrl.origin).toBe(idp.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
  const transaction = (start.headers['set-cookie'] as unknown as string[]).find((c) =>
    c.startsWith('rmd_oidc='),
  )!;
  expect(transaction).toMatch(/HttpOnly/);
  expect(transaction).toMatch(/SameSite=Lax/);
  const back = await authorize(authorizationUrl.href, subject);
  expect(back.origin).toBe(PUBLIC_URL);
  return request(app)
    .get(`${back.pathname}${back.search}`)
    .set('Cookie', transaction.split(';')[0]!);
};

describe('OpenID Connect sign-in against a real provider', () => {
  it('when a known person signs in with a verified email, then a session starts for their organization and the browser goes to the dashboard', async () => {
    const app = appWith();
    const providers = await request(app).get('/v1/session/providers');
    expect(providers.body).toEqual({ password: true, oidc: { name: 'Test IdP' } });
    const callback = await signInVia(app, 'sub-known');
    expect(callback.status).toBe(302);
    expect(callback.headers['location']).toBe('/');
    const cookie = sessionCookieOf(callback);
    const me = await request(app).get('/v1/me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    // A one-time password does not apply to single sign-on sessions.
    expect(me.body).toMatchObject({
      kind: 'session',
      organization: { id: org.id },
      role: 'admin',
      user: { email: 'known@example.com' },
      password_change_required: false,
    });
    const row = await h.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'known@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ oidc_issuer: idp.issuer, oidc_subject: 'sub-known' });
  });

  it('when the email is not verified or the person is unknown, then no session starts and the sign-in page says why', async () => {
    const app = appWith();
    const unverified = await signInVia(app, 'sub-unverified');
    expect(unverified.status).toBe(302);
    expect(unverified.headers['location']).toBe('/sign-in?error=no_account');
    expect(String(unverified.headers['set-cookie'])).not.toContain('rmd_session=');
    const unknown = await signInVia(app, 'sub-new');
    expect(unknown.headers['location']).toBe('/sign-in?error=no_account');
  });

  it('when provisioning is configured, then an unknown person with a verified email becomes a member of that organization', async () => {
    const app = appWith({ organizationSlug: provisionOrg.slug, role: 'member' });
    const callback = await signInVia(app, 'sub-new');
    expect(callback.headers['location']).toBe('/');
    const me = await request(app).get('/v1/me').set('Cookie', sessionCookieOf(callback));
    expect(me.body).toMatchObject({ organization: { id: provisionOrg.id }, role: 'member' });
  });

  it('when the callback comes without the transaction cookie or with a forged state, then it is refused', async () => {
    const app = appWith();
    const start = await request(app).get('/v1/session/oidc/start');
    const back = await authorize(start.headers['location'] as string, 'sub-known');
    const noCookie = await request(app).get(`${back.pathname}${back.search}`);
    expect(noCookie.headers['location']).toBe('/sign-in?error=sign_in_expired');
    const transaction = (start.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('rmd_oidc='))!
      .split(';')[0]!;
    back.searchParams.set('state', 'forged');
    const forged = await request(app)
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', transaction);
    expect(forged.headers['location']).toBe('/sign-in?error=sso_failed');
  });

  it('when OIDC is not configured, then its endpoints do not exist', async () => {
    expect((await request(h.app).get('/v1/session/oidc/start')).status).toBe(404);
    expect((await request(h.app).get('/v1/session/providers')).body).toEqual({
      password: true,
      oidc: null,
    });
  });
});
