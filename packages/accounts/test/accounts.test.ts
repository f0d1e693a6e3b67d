import { insertOrganization, newId, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { hashToken, verifyPassword } from '@remediation/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountError,
  createUser,
  issueToken,
  membershipsOf,
  resolveOidcUser,
  revokeToken,
  setPassword,
} from '../src/index.js';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => t.destroy());

const org = (slug = `o-${newId().slice(-8)}`) => insertOrganization(db, { slug, tier: 'standard' });

const refused = async (p: Promise<unknown>, kind: AccountError['kind'], field?: string) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AccountError);
  expect((err as AccountError).kind).toBe(kind);
  if (field) expect((err as AccountError).field).toBe(field);
};

describe('users', () => {
  it('when created without a password, then a one-time password is returned, stored hashed, and must be changed', async () => {
    const o = await org();
    const u = await createUser(db, {
      organizationId: o.id,
      email: ' Ada@Example.COM ',
      role: 'admin',
    });
    expect(u.email).toBe('ada@example.com');
    expect(u.one_time_password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.password_must_change).toBe(true);
    expect(row.password_hash).not.toContain(u.one_time_password);
    expect(await verifyPassword(u.one_time_password!, row.password_hash!)).toBe(true);

    await setPassword(db, u.id, 'a much better passphrase');
    const after = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(after.password_must_change).toBe(false);
    expect(await verifyPassword('a much better passphrase', after.password_hash!)).toBe(true);
    await refused(setPassword(db, u.id, 'short'), 'invalid', '/new_password');
  });

  it('when the user exists, then another organization adds a membership and the same one is a conflict', async () => {
    const a = await org();
    const b = await org();
    const first = await createUser(db, {
      organizationId: a.id,
      email: 'bo@example.com',
      role: 'member',
      password: 'long enough password',
    });
    expect(first.one_time_password).toBeUndefined();
    const second = await createUser(db, {
      organizationId: b.id,
      email: 'BO@example.com',
      role: 'admin',
    });
    expect(second).toMatchObject({ id: first.id, created: false });
    expect(second.one_time_password).toBeUndefined();
    expect((await membershipsOf(db, first.id)).map((m) => [m.organization_slug, m.role])).toEqual([
      [a.slug, 'member'],
      [b.slug, 'admin'],
    ]);
    await refused(
      createUser(db, { organizationId: a.id, email: 'bo@example.com', role: 'admin' }),
      'conflict',
    );
  });

  it('when the email or chosen password is bad, then the field is named', async () => {
    const o = await org();
    await refused(
      createUser(db, { organizationId: o.id, email: 'not-an-email', role: 'admin' }),
      'invalid',
      '/email',
    );
    await refused(
      createUser(db, {
        organizationId: o.id,
        email: 'c@example.com',
        role: 'admin',
        password: 'short',
      }),
      'invalid',
      '/password',
    );
  });
});

describe('OIDC users', () => {
  it('when an identity signs in first with a verified email of an existing user, then it is bound to that user and found by subject later', async () => {
    const o = await org();
    const u = await createUser(db, {
      organizationId: o.id,
      email: 'dee@example.com',
      role: 'member',
    });
    const identity = {
      issuer: 'https://idp.test',
      subject: 'sub-1',
      email: 'Dee@example.com',
      emailVerified: true,
    };
    expect((await resolveOidcUser(db, identity))?.id).toBe(u.id);
    expect((await resolveOidcUser(db, { ...identity, email: 'other@example.com' }))?.id).toBe(u.id);
  });

  it('when the email is unverified or unknown, then nobody is signed in unless provisioning is configured', async () => {
    const o = await org();
    await createUser(db, { organizationId: o.id, email: 'eve@example.com', role: 'admin' });
    expect(
      await resolveOidcUser(db, {
        issuer: 'https://idp.test',
        subject: 'sub-2',
        email: 'eve@example.com',
        emailVerified: false,
      }),
    ).toBeUndefined();
    const stranger = {
      issuer: 'https://idp.test',
      subject: 'sub-3',
      email: 'new@example.com',
      emailVerified: true,
    };
    expect(await resolveOidcUser(db, stranger)).toBeUndefined();
    const made = await resolveOidcUser(db, stranger, { organizationId: o.id, role: 'member' });
    expect(made).toMatchObject({ email: 'new@example.com', password_hash: null });
    expect(await membershipsOf(db, made!.id)).toEqual([
      { organization_id: o.id, organization_slug: o.slug, role: 'member' },
    ]);
  });
});

describe('tokens', () => {
  it('when issued for a repository of the organization, then only the hash is stored and the scope is repository', async () => {
    const o = await org();
    const repo = await db
      .insertInto('repositories')
      .values({
        id: newId(),
        organization_id: o.id,
        name: 'a/b',
        provider: 'git',
        clone_url: '/tmp/x',
        credentials_ref: null,
        default_branch: 'main',
        settings: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token, summary } = await issueToken(db, {
      organizationId: o.id,
      name: ' ci ',
      repositoryId: repo.id,
    });
    expect(summary).toMatchObject({
      name: 'ci',
      scope: 'repository',
      repository_id: repo.id,
      expires_at: null,
    });
    const row = await db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', summary.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash.equals(hashToken(token))).toBe(true);
    expect(token.startsWith(summary.display_prefix)).toBe(true);
  });

  it('when the repository belongs to another organization, the name is empty or the expiry is past, then the field is named', async () => {
    const a = await org();
    const b = await org();
    const other = await db
      .insertInto('repositories')
      .values({
        id: newId(),
        organization_id: b.id,
        name: 'x/y',
        provider: 'git',
        clone_url: '/tmp/y',
        credentials_ref: null,
        default_branch: 'main',
        settings: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused(
      issueToken(db, { organizationId: a.id, name: 'n', repositoryId: other.id }),
      'invalid',
      '/repository_id',
    );
    await refused(issueToken(db, { organizationId: a.id, name: '  ' }), 'invalid', '/name');
    await refused(
      issueToken(db, { organizationId: a.id, name: 'n', expiresAt: new Date(Date.now() - 1000) }),
      'invalid',
      '/expires_at',
    );
  });

  it('when revoked within another organization, then it is not found; revoking twice keeps the first time', async () => {
    const a = await org();
    const b = await org();
    const { summary } = await issueToken(db, { organizationId: a.id, name: 'n' });
    expect(await revokeToken(db, summary.id, b.id)).toBeUndefined();
    const first = await revokeToken(db, summary.id, a.id);
    const again = await revokeToken(db, summary.id);
    expect(again?.revoked_at.getTime()).toBe(first?.revoked_at.getTime());
    expect(await revokeToken(db, 'nope')).toBeUndefined();
  });
});
