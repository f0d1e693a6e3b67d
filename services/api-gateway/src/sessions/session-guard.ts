import type { Db } from '@remediation/db';
import type { RequestHandler } from 'express';
import { AppError } from '../http/app-error.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { TokenBucket } from '../rate-limit/token-bucket.js';
import { clearSessionCookie, readCookie } from './cookies.js';
import { csrfRefusal, isStateChanging, sessionRefusal } from './session-policy.js';
import { resolveSession } from './session-service.js';
import { CSRF_HEADER, SESSION_COOKIE, type SessionSettings } from './session-settings.js';

/**
 * Puts session authentication in front of the bearer guard without touching its path: a
 * request with an `Authorization` header (or without any cookie) goes straight to `bearer`,
 * unchanged. Only a cookie-carrying request without `Authorization` is resolved as a session:
 * role policy, CSRF on state-changing calls, then the organization's rate limit as for tokens.
 */
export const withSessions =
  (
    bearer: RequestHandler,
    deps: { db: Db; bucket: TokenBucket; settings: SessionSettings },
  ): RequestHandler =>
  async (req, res, next) => {
    if (req.headers.authorization !== undefined || req.headers.cookie === undefined)
      return bearer(req, res, next);
    const cookie = readCookie(req, SESSION_COOKIE);
    if (cookie === undefined) return bearer(req, res, next);
    try {
      const auth = await resolveSession(deps.db, deps.settings, cookie);
      if (!auth) {
        clearSessionCookie(res);
        throw new AppError('unauthorized', 'session expired or ended; sign in again');
      }
      const routePath = (req.route as { path?: string } | undefined)?.path ?? req.path;
      const refusal =
        sessionRefusal(auth.session, req.method, routePath) ??
        (isStateChanging(req.method)
          ? csrfRefusal(auth.session, req.get(CSRF_HEADER), req.get('sec-fetch-site'))
          : undefined);
      if (refusal) throw new AppError('forbidden', refusal);
      res.locals['auth'] = auth;
      const decision = await deps.bucket.take(`org:${auth.organizationId}`, auth.limits);
      const headers = rateLimitHeaders(decision, auth.limits);
      if (!decision.allowed) {
        throw new AppError(
          'rate_limited',
          'rate limit exceeded; retry after the number of seconds in Retry-After',
          { headers },
        );
      }
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      next();
    } catch (err) {
      next(err);
    }
  };
