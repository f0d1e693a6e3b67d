import { findUserByEmail, membershipsOf, type Membership } from '@remediation/accounts';
import type { Db } from '@remediation/db';
import { verifyDecoyPassword, verifyPassword } from '@remediation/security';
import { AppError } from '../http/app-error.js';

const WRONG = 'email or password is incorrect';

/**
 * Checks an email and password; answers the user and the membership the session will act in
 * (`organization` slug, else the first). Unknown emails cost the same work as wrong passwords.
 */
export const checkPassword = async (
  db: Db,
  input: { email: string; password: string; organization?: string | undefined },
): Promise<{ userId: string; membership: Membership }> => {
  const user = await findUserByEmail(db, input.email);
  const ok = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyDecoyPassword(input.password);
  if (!user || !ok) throw new AppError('unauthorized', WRONG);
  const membership = await chooseMembership(db, user.id, input.organization);
  return { userId: user.id, membership };
};

/** The membership named by slug, or the first one; 403 when the person has none. */
export const chooseMembership = async (
  db: Db,
  userId: string,
  slug?: string,
): Promise<Membership> => {
  const memberships = await membershipsOf(db, userId);
  const chosen =
    slug === undefined ? memberships[0] : memberships.find((m) => m.organization_slug === slug);
  if (!chosen)
    throw new AppError(
      'forbidden',
      slug === undefined
        ? 'this account belongs to no organization'
        : `this account is not a member of '${slug}'`,
    );
  return chosen;
};
