import { newId, type Db, type Role, type UserRow } from '@remediation/db';
import { normalizeEmail } from './users.js';

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
}

/**
 * The user an OpenID Connect sign-in belongs to: the one bound to this issuer and subject;
 * else, on a first sign-in, the existing user with the same verified email (whom it binds);
 * else, when `provision` is given, a new user (no password) in that organization and role.
 * Undefined when none applies: the person has no account here.
 */
export const resolveOidcUser = async (
  db: Db,
  identity: OidcIdentity,
  provision?: { organizationId: string; role: Role },
): Promise<UserRow | undefined> => {
  const bound = await db
    .selectFrom('users')
    .selectAll()
    .where('oidc_issuer', '=', identity.issuer)
    .where('oidc_subject', '=', identity.subject)
    .executeTakeFirst();
  if (bound) return bound.disabled_at === null ? bound : undefined;
  if (!identity.email || !identity.emailVerified) return undefined;
  const email = normalizeEmail(identity.email);
  const linked = await db
    .updateTable('users')
    .set({ oidc_issuer: identity.issuer, oidc_subject: identity.subject })
    .where('email', '=', email)
    .where('oidc_subject', 'is', null)
    .where('disabled_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (linked) return linked;
  if (!provision) return undefined;
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        id: newId(),
        email,
        password_hash: null,
        oidc_issuer: identity.issuer,
        oidc_subject: identity.subject,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!user) return undefined;
    await trx
      .insertInto('memberships')
      .values({ user_id: user.id, organization_id: provision.organizationId, role: provision.role })
      .execute();
    return user;
  });
};
