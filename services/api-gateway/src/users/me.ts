import { membershipsOf } from '@remediation/accounts';
import type { Me } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import type { AuthContext } from '../auth/auth-context.js';
import { roleOf, sessionOf } from '../sessions/session-context.js';

/** `GET /v1/me`: the person and their organizations for a session, the token's reach otherwise. */
export const describeCaller = async (db: Db, auth: AuthContext): Promise<Me> => {
  const session = sessionOf(auth);
  const organization = { id: auth.organizationId, slug: auth.organizationSlug };
  if (!session) {
    return {
      kind: 'token',
      organization,
      role: roleOf(auth),
      scope: auth.scope,
      repository_id: auth.repositoryId,
      user: null,
      memberships: [],
      csrf_token: null,
      session_expires_at: null,
      password_change_required: false,
    };
  }
  const memberships = await membershipsOf(db, session.userId);
  return {
    kind: 'session',
    organization,
    role: session.role,
    scope: 'organization',
    repository_id: null,
    user: { id: session.userId, email: session.email },
    memberships: memberships.map((m) => ({
      organization: { id: m.organization_id, slug: m.organization_slug },
      role: m.role,
    })),
    csrf_token: session.csrfToken,
    session_expires_at: session.expiresAt.toISOString(),
    password_change_required: session.passwordChangeRequired,
  };
};
