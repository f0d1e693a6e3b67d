import { TIER_LIMITS } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { hashToken, isWellFormedToken } from '@remediation/security';
import { AppError } from '../http/app-error.js';
import type { AuthContext } from './auth-context.js';
import { findActiveToken, touchToken } from './token.repository.js';

/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const unauthorized = (message: string) =>
  new AppError('unauthorized', message, {
    headers: { 'WWW-Authenticate': 'Bearer realm="remediation"' },
  });

/** Resolves an `Authorization` header to the caller, or throws 401. */
export const authenticate = async (
  db: Db,
  header: string | undefined,
  now = Date.now(),
): Promise<AuthContext> => {
  if (!header) throw unauthorized('missing bearer token');
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authorization header must be "Bearer <token>"');
  const token = match[1];
  // Checksum first: random strings never reach the database.
  if (!isWellFormedToken(token)) throw unauthorized('invalid, revoked or expired token');
  const row = await findActiveToken(db, hashToken(token));
  if (!row) throw unauthorized('invalid, revoked or expired token');
  if (!row.last_used_at || now - row.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    await touchToken(db, row.id);
  }
  const defaults = TIER_LIMITS[row.tier];
  return {
    tokenId: row.id,
    organizationId: row.organization_id,
    organizationSlug: row.slug,
    tier: row.tier,
    scope: row.scope,
    repositoryId: row.repository_id,
    limits: {
      rpm: row.rate_limit_rpm ?? defaults.rpm,
      burst: row.rate_limit_burst ?? defaults.burst,
    },
  };
};
