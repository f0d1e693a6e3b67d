import { newId, type DbOrTx, type Role, type UserRow } from '@remediation/db';
import { generatePassword, hashPassword, passwordProblems } from '@remediation/security';
import { sql } from 'kysely';
import { AccountError, isUniqueViolation } from './errors.js';

// Deliberately loose (one @, a dot in the domain, no spaces): the identity provider or the
// operator is the authority on addresses; this only catches typos and pasted junk.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** Lower-cased, trimmed email, or throws `invalid`. */
export const normalizeEmail = (email: string): string => {
  const e = email.trim().toLowerCase();
  if (e.length > 254 || !EMAIL.test(e))
    throw new AccountError('invalid', 'email is not a valid address', '/email');
  return e;
};

export interface CreatedUser {
  id: string;
  email: string;
  organization_id: string;
  role: Role;
  /** The generated one-time password, when none was given: shown once, must be changed at first sign-in. */
  one_time_password?: string;
  /** False when the user existed and only the membership was added. */
  created: boolean;
}

/**
 * Creates a local user in `organizationId` with `role`. Without `password` a one-time password
 * is generated (returned once; the user must choose a new one at first sign-in). A user who
 * already exists is given the membership instead (their password is left alone); one who is
 * already a member is a conflict.
 */
export const createUser = async (
  db: DbOrTx,
  input: { organizationId: string; email: string; role: Role; password?: string | undefined },
): Promise<CreatedUser> => {
  const email = normalizeEmail(input.email);
  if (input.password !== undefined) {
    const problems = passwordProblems(input.password);
    if (problems.length > 0)
      throw new AccountError('invalid', `password ${problems.join(', ')}`, '/password');
  }
  const existing = await db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', email)
    .executeTakeFirst();
  let userId = existing?.id;
  let oneTime: string | undefined;
  if (!userId) {
    oneTime = input.password === undefined ? generatePassword() : undefined;
    const password = input.password ?? oneTime!;
    userId = newId();
    await db
      .insertInto('users')
      .values({
        id: userId,
        email,
        password_hash: await hashPassword(password),
        password_must_change: oneTime !== undefined,
        password_changed_at: new Date(),
      })
      .execute();
  } else if (input.password !== undefined) {
    throw new AccountError('conflict', `user '${email}' already exists; their password is kept`);
  }
  try {
    await db
      .insertInto('memberships')
      .values({ user_id: userId, organization_id: input.organizationId, role: input.role })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AccountError('conflict', `user '${email}' is already a member`);
    throw err;
  }
  return {
    id: userId,
    email,
    organization_id: input.organizationId,
    role: input.role,
    created: existing === undefined,
    ...(oneTime !== undefined ? { one_time_password: oneTime } : {}),
  };
};

/** The enabled user with this email, or undefined. */
export const findUserByEmail = (db: DbOrTx, email: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .where('disabled_at', 'is', null)
    .executeTakeFirst();

export interface Membership {
  organization_id: string;
  organization_slug: string;
  role: Role;
}

/** The user's organizations, oldest membership first. */
export const membershipsOf = (db: DbOrTx, userId: string): Promise<Membership[]> =>
  db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.organization_id', 'o.slug as organization_slug', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('o.slug')
    .execute();

/** Sets a password the user chose (checked), clearing the must-change flag. */
export const setPassword = async (db: DbOrTx, userId: string, password: string): Promise<void> => {
  const problems = passwordProblems(password);
  if (problems.length > 0)
    throw new AccountError('invalid', `password ${problems.join(', ')}`, '/new_password');
  await db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(password),
      password_must_change: false,
      password_changed_at: sql<Date>`now()` as never,
    })
    .where('id', '=', userId)
    .execute();
};
