import { safeEqual } from '@remediation/security';
import type { SessionUser } from './session-context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a `member` may change: triage overrides, and their own password. */
const MEMBER_MAY_CHANGE = new Set(['PATCH /v1/findings/:id', 'POST /v1/me/password']);
/** Reads that are an admin's business (token listings). */
const ADMIN_ONLY_READS = new Set(['GET /v1/tokens']);
/** All a person signed in with a one-time password may do until they choose a password. */
const WHILE_PASSWORD_CHANGE_REQUIRED = new Set(['GET /v1/me', 'POST /v1/me/password']);

export const isStateChanging = (method: string): boolean => !SAFE_METHODS.has(method);

/**
 * Why this session may not call `method routePath` (Express route pattern), or undefined when
 * it may. Roles: `admin` may do everything an organization token may; `member` may read
 * and override triage.
 */
export const sessionRefusal = (
  session: SessionUser,
  method: string,
  routePath: string,
): string | undefined => {
  const key = `${method === 'HEAD' ? 'GET' : method} ${routePath}`;
  if (session.passwordChangeRequired && !WHILE_PASSWORD_CHANGE_REQUIRED.has(key))
    return 'choose a new password first (POST /v1/me/password)';
  if (session.role === 'admin') return undefined;
  if (ADMIN_ONLY_READS.has(key)) return 'organization admins only';
  if (isStateChanging(method) && !MEMBER_MAY_CHANGE.has(key))
    return 'members may read and override triage; this needs an organization admin';
  return undefined;
};

/**
 * CSRF check for a state-changing session request: the `X-CSRF-Token` header must equal the
 * session's token (which only same-origin script can read, from `GET /v1/me`), and a browser
 * that says the request is cross-site is refused outright.
 */
export const csrfRefusal = (
  session: SessionUser,
  header: string | undefined,
  fetchSite: string | undefined,
): string | undefined => {
  if (fetchSite === 'cross-site') return 'cross-site requests are refused';
  if (!header || !safeEqual(header, session.csrfToken))
    return 'missing or invalid X-CSRF-Token (the csrf_token of GET /v1/me)';
  return undefined;
};
