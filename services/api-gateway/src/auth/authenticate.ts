import { TIER_LIMITS } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { hashToken, isWellFormedToken } from '@remediation/security';
import { AppError } from '../http/app-error.js';
import type { AuthContext } from './auth-context.js';
import type { CachedToken, TokenCache } from './token-cache.js';
import { findActiveToken, touchToken } from './token.repository.js';

/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const unauthorized = (message: string) =>
  new AppError('unauthorized', message, {
    headers: { 'WWW-Authenticate': 'Bearer realm="remediation"' },
  });

const INVALID = 'invalid, revoked or expired token';

const lookup = async (db: Db, hash: Buffer): Promise<CachedToken | undefined> => {
  const row = await findActiveToken(db, hash);
  if (!row) return undefined;
  const defaults = TIER_LIMITS[row.tier];
  const context: AuthContext = {
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
  return {
    context,
    expiresAt: row.expires_at?.getTime() ?? null,
    touchedAt: row.last_used_at?.getTime() ?? 0,
  };
};

/** Resolves an `Authorization` header to the caller, or throws 401. */
export const authenticate = async (
  deps: { db: Db; cache?: TokenCache | undefined },
  header: string | undefined,
  now = Date.now(),
): Promise<AuthContext> => {
  if (!header) throw unauthorized('missing bearer token');
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authorization header must be "Bearer <token>"');
  const token = match[1];
  // Checksum first: random strings never reach the database.
  if (!isWellFormedToken(token)) throw unauthorized(INVALID);
  const hash = hashToken(token);
  const key = hash.toString('hex');
  let entry = deps.cache?.get(key);
  if (!entry) {
    entry = await lookup(deps.db, hash);
    if (!entry) throw unauthorized(INVALID);
    deps.cache?.set(key, entry);
  }
  if (entry.expiresAt !== null && entry.expiresAt <= now) {
    deps.cache?.delete(key);
    throw unauthorized(INVALID);
  }
  if (now - entry.touchedAt > TOUCH_INTERVAL_MS) {
    entry.touchedAt = now;
    await touchToken(deps.db, entry.context.tokenId);
  }
  return entry.context;
};
