import { TIER_LIMITS } from '@remediation/contracts';
import { newId, type Db } from '@remediation/db';
import {
  generateCsrfToken,
  generateSessionId,
  hashSessionId,
  isWellFormedSessionId,
} from '@remediation/security';
import type { SessionAuthContext } from './session-context.js';
import { findLiveSession, insertSession, touchSession } from './session.repository.js';
import type { SessionSettings } from './session-settings.js';

/** `last_seen_at` is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export interface StartedSession {
  /** The cookie value: shown to the browser only, stored as its SHA-256. */
  cookieValue: string;
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** Creates a session for a user acting in one of their organizations. */
export const startSession = async (
  db: Db,
  settings: SessionSettings,
  input: {
    userId: string;
    organizationId: string;
    method: 'password' | 'oidc';
    ip?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<StartedSession> => {
  const { id: cookieValue, hash } = generateSessionId();
  const sessionId = newId();
  const csrfToken = generateCsrfToken();
  const expiresAt = new Date(Date.now() + settings.maxAgeMs);
  await insertSession(db, {
    id: sessionId,
    session_hash: hash,
    user_id: input.userId,
    organization_id: input.organizationId,
    csrf_token: csrfToken,
    auth_method: input.method,
    expires_at: expiresAt,
    last_seen_at: new Date(),
    ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 512) ?? null,
  });
  return { cookieValue, sessionId, csrfToken, expiresAt };
};

/** The auth context of a live session cookie, or undefined (unknown, expired, idle, revoked). */
export const resolveSession = async (
  db: Db,
  settings: SessionSettings,
  cookieValue: string,
  now = Date.now(),
): Promise<SessionAuthContext | undefined> => {
  if (!isWellFormedSessionId(cookieValue)) return undefined;
  const row = await findLiveSession(db, hashSessionId(cookieValue), settings.idleTimeoutMs);
  if (!row) return undefined;
  if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) await touchSession(db, row.id);
  const defaults = TIER_LIMITS[row.tier];
  return {
    tokenId: `session:${row.id}`,
    organizationId: row.organization_id,
    organizationSlug: row.slug,
    tier: row.tier,
    scope: 'organization',
    repositoryId: null,
    limits: {
      rpm: row.rate_limit_rpm ?? defaults.rpm,
      burst: row.rate_limit_burst ?? defaults.burst,
    },
    session: {
      sessionId: row.id,
      userId: row.user_id,
      email: row.email,
      role: row.role,
      csrfToken: row.csrf_token,
      expiresAt: row.expires_at,
      passwordChangeRequired: row.password_must_change && row.auth_method === 'password',
    },
  };
};
