import type { Role } from '@remediation/db';
import type { AuthContext } from '../auth/auth-context.js';

/** The signed-in person behind a session-authenticated request. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  email: string;
  role: Role;
  csrfToken: string;
  expiresAt: Date;
  /** Signed in with a one-time password that must be replaced before anything else. */
  passwordChangeRequired: boolean;
}

/**
 * A session's auth context: the bearer shape (organization scope, the organization's limits)
 * plus the person. `tokenId` holds `session:<id>` so nothing mistakes it for an API token.
 */
export type SessionAuthContext = AuthContext & { session: SessionUser };

export const sessionOf = (auth: AuthContext): SessionUser | undefined =>
  (auth as Partial<SessionAuthContext>).session;

/** The caller's role: a person's membership role; an organization token acts as admin, a repository token as member. */
export const roleOf = (auth: AuthContext): Role =>
  sessionOf(auth)?.role ?? (auth.scope === 'organization' ? 'admin' : 'member');
