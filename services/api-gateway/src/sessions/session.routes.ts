import { SignInBody, validate } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { createHash } from 'node:crypto';
import type { Express, Request, RequestHandler } from 'express';
import { AppError, validationFailed } from '../http/app-error.js';
import { parseJsonBody, type BodyLimits } from '../http/body.js';
import type { TokenBucket } from '../rate-limit/token-bucket.js';
import { describeCaller } from '../users/me.js';
import { clearSessionCookie, readCookie, setSessionCookie } from './cookies.js';
import { csrfRefusal } from './session-policy.js';
import { purgeEndedSessions, markSignedIn, revokeSession } from './session.repository.js';
import { resolveSession, startSession } from './session-service.js';
import { CSRF_HEADER, SESSION_COOKIE, type SessionSettings } from './session-settings.js';
import { checkPassword } from './sign-in.js';

/** Sign-in attempts per email: 10 at once, then one every 6 seconds. */
const SIGN_IN_LIMITS = { rpm: 10, burst: 10 };

export interface SessionRouteDeps {
  db: Db;
  bucket: TokenBucket;
  settings: SessionSettings;
  jsonLimits: BodyLimits;
  /** Display name of the single sign-on button, when OIDC is configured. */
  oidcName?: string | undefined;
}

const wrap =
  (fn: (req: Request, res: Parameters<RequestHandler>[1]) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    fn(req, res).catch(next);
  };

/** Builds the auth context a fresh session has, for the sign-in answer. */
const signedIn = async (deps: SessionRouteDeps, cookieValue: string) => {
  const auth = await resolveSession(deps.db, deps.settings, cookieValue);
  if (!auth) throw new Error('a session just created was not found');
  return describeCaller(deps.db, auth);
};

/** `POST /v1/session` (sign in), `DELETE /v1/session` (sign out), `GET /v1/session/providers`. */
export const mountSessionRoutes = (router: Express, deps: SessionRouteDeps): void => {
  router.get('/v1/session/providers', (_req, res) => {
    res.json({ password: true, oidc: deps.oidcName ? { name: deps.oidcName } : null });
  });

  router.post(
    '/v1/session',
    wrap(async (req, res) => {
      // Login CSRF: a JSON body cannot be sent cross-site without a CORS preflight we never allow.
      if (req.get('sec-fetch-site') === 'cross-site')
        throw new AppError('forbidden', 'cross-site requests are refused');
      const parsed = await parseJsonBody(req, deps.jsonLimits);
      if (parsed === undefined) throw validationFailed('request body is required');
      const checked = validate(SignInBody, parsed);
      if (!checked.ok) throw validationFailed('request body is invalid', checked.problems);
      const body = checked.value;
      const key = createHash('sha256').update(body.email.trim().toLowerCase()).digest('hex');
      const decision = await deps.bucket.take(`signin:${key}`, SIGN_IN_LIMITS);
      if (!decision.allowed)
        throw new AppError('rate_limited', 'too many sign-in attempts; retry later', {
          headers: { 'Retry-After': String(Math.ceil(decision.retryAfterMs / 1000)) },
        });
      const { userId, membership } = await checkPassword(deps.db, body);
      const started = await startSession(deps.db, deps.settings, {
        userId,
        organizationId: membership.organization_id,
        method: 'password',
        ip: req.ip,
        userAgent: req.get('user-agent'),
      });
      await purgeEndedSessions(deps.db, userId);
      await markSignedIn(deps.db, userId);
      setSessionCookie(res, started.cookieValue, started.expiresAt);
      res.status(200).json(await signedIn(deps, started.cookieValue));
    }),
  );

  router.delete(
    '/v1/session',
    wrap(async (req, res) => {
      const cookie = readCookie(req, SESSION_COOKIE);
      const auth = cookie ? await resolveSession(deps.db, deps.settings, cookie) : undefined;
      if (auth) {
        const refusal = csrfRefusal(auth.session, req.get(CSRF_HEADER), req.get('sec-fetch-site'));
        if (refusal) throw new AppError('forbidden', refusal);
        await revokeSession(deps.db, auth.session.sessionId);
      }
      clearSessionCookie(res);
      res.status(204).end();
    }),
  );
};

export { signedIn };
