import type { Role } from '@remediation/db';

/** How long dashboard sessions last. */
export interface SessionSettings {
  /** Absolute lifetime of a session, ms (it ends then, however active). */
  maxAgeMs: number;
  /** A session unused this long ends, ms. */
  idleTimeoutMs: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  maxAgeMs: 12 * 60 * 60_000,
  idleTimeoutMs: 2 * 60 * 60_000,
};

/** OpenID Connect single sign-on (authorization code + PKCE). */
export interface OidcSettings {
  /** Issuer URL; its `/.well-known/openid-configuration` is read on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the sign-in button. */
  displayName: string;
  /** Space-separated scopes requested. */
  scopes: string;
  /** Create unknown people (verified email) in this organization with this role; else they are refused. */
  provision?: { organizationSlug: string; role: Role } | undefined;
  /** Allow an `http:` issuer (tests and local development only). */
  allowInsecureIssuer?: boolean;
}

/** Cookie names: the session, and the short-lived OIDC transaction (state, nonce, PKCE verifier). */
export const SESSION_COOKIE = 'rmd_session';
export const OIDC_COOKIE = 'rmd_oidc';
export const CSRF_HEADER = 'x-csrf-token';
