import { resolveOidcUser } from '@remediation/accounts';
import { findOrganizationBySlug, type Db } from '@remediation/db';
import type { Logger } from '@remediation/runtime';
import type { SecretBox } from '@remediation/security';
import type { Express, Response } from 'express';
import { readCookie, setSessionCookie } from './cookies.js';
import type { OidcClient, OidcTransaction } from './oidc-client.js';
import { chooseMembership } from './sign-in.js';
import { purgeEndedSessions, markSignedIn } from './session.repository.js';
import { startSession } from './session-service.js';
import { OIDC_COOKIE, type OidcSettings, type SessionSettings } from './session-settings.js';

const TRANSACTION_TTL_MS = 10 * 60_000;
const COOKIE_PATH = '/v1/session/oidc';

export interface OidcRouteDeps {
  db: Db;
  client: OidcClient;
  oidc: OidcSettings;
  sessions: SessionSettings;
  secretBox: SecretBox;
  logger: Logger;
  /** Base URL people reach the service at; the callback URL is built from it, never from Host. */
  publicUrl: string;
}

const failed = (res: Response, reason: string) => {
  res.clearCookie(OIDC_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
  });
  res.redirect(302, `/sign-in?error=${encodeURIComponent(reason)}`);
};

/**
 * `GET /v1/session/oidc/start` redirects to the provider (authorization code + PKCE, state,
 * nonce; the transaction sealed with AES-GCM in a 10-minute cookie); `GET …/callback`
 * checks it all, finds the person, starts a session and redirects to the dashboard.
 */
export const mountOidcRoutes = (router: Express, deps: OidcRouteDeps): void => {
  const base = deps.publicUrl.replace(/\/$/, '');
  const redirectUri = `${base}/v1/session/oidc/callback`;

  router.get(`${COOKIE_PATH}/start`, (_req, res, next) => {
    deps.client
      .begin(redirectUri)
      .then(({ url, transaction }) => {
        const sealed = deps.secretBox
          .seal(JSON.stringify({ ...transaction, exp: Date.now() + TRANSACTION_TTL_MS }))
          .toString('base64url');
        // Lax: the provider's redirect back is a cross-site top-level navigation.
        res.cookie(OIDC_COOKIE, sealed, {
          httpOnly: true,
          secure: true,
          sameSite: 'lax',
          path: COOKIE_PATH,
          maxAge: TRANSACTION_TTL_MS,
        });
        res.redirect(302, url);
      })
      .catch(next);
  });

  router.get(`${COOKIE_PATH}/callback`, (req, res, next) => {
    const run = async () => {
      const sealed = readCookie(req, OIDC_COOKIE);
      let transaction: (OidcTransaction & { exp: number }) | undefined;
      try {
        transaction = sealed
          ? (JSON.parse(
              deps.secretBox.open(Buffer.from(sealed, 'base64url')),
            ) as typeof transaction)
          : undefined;
      } catch {
        transaction = undefined;
      }
      if (!transaction || transaction.exp < Date.now()) return failed(res, 'sign_in_expired');
      let identity;
      try {
        identity = await deps.client.finish(new URL(req.originalUrl, `${base}/`), transaction);
      } catch (err) {
        deps.logger.warn({ err: (err as Error).message }, 'oidc sign-in refused');
        return failed(res, 'sso_failed');
      }
      const provisionOrg = deps.oidc.provision
        ? await findOrganizationBySlug(deps.db, deps.oidc.provision.organizationSlug)
        : undefined;
      const user = await resolveOidcUser(
        deps.db,
        identity,
        provisionOrg && deps.oidc.provision
          ? { organizationId: provisionOrg.id, role: deps.oidc.provision.role }
          : undefined,
      );
      if (!user) return failed(res, 'no_account');
      const membership = await chooseMembership(deps.db, user.id).catch(() => undefined);
      if (!membership) return failed(res, 'no_organization');
      const started = await startSession(deps.db, deps.sessions, {
        userId: user.id,
        organizationId: membership.organization_id,
        method: 'oidc',
        ip: req.ip,
        userAgent: req.get('user-agent'),
      });
      await purgeEndedSessions(deps.db, user.id);
      await markSignedIn(deps.db, user.id);
      res.clearCookie(OIDC_COOKIE, {
        path: COOKIE_PATH,
        httpOnly: true,
        secure: true,
        sameSite: 'lax',
      });
      setSessionCookie(res, started.cookieValue, started.expiresAt);
      res.redirect(302, '/');
    };
    run().catch(next);
  });
};
