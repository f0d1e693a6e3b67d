import { createUser } from '@remediation/accounts';
import type { Db, Role } from '@remediation/db';
import type { Express } from 'express';
import request from 'supertest';

export const PASSWORD = 'correct horse battery staple';

/** A local user with a known password (no change required) in `organizationId`. */
export const createPerson = async (
  db: Db,
  organizationId: string,
  role: Role,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
) => createUser(db, { organizationId, email, role, password: PASSWORD });

/** The `name=value` of the session cookie set by a response. */
export const sessionCookieOf = (res: { headers: Record<string, unknown> }): string => {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const c = cookies.find((x) => x.startsWith('rmd_session='));
  if (!c) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return c.split(';')[0]!;
};

/** Signs in and returns what a browser holds: the cookie, and the CSRF token from the body. */
export const signIn = async (app: Express, email: string, password = PASSWORD) => {
  const res = await request(app).post('/v1/session').send({ email, password });
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    cookie: sessionCookieOf(res),
    csrf: (res.body as { csrf_token: string }).csrf_token,
    body: res.body as Record<string, unknown>,
  };
};
