import * as client from 'openid-client';
import type { OidcSettings } from './session-settings.js';

/** What the dashboard needs of an OpenID Connect provider. */
export interface OidcClient {
  /** The provider's authorization URL for a new sign-in, and what the callback must check. */
  begin(redirectUri: string): Promise<{ url: string; transaction: OidcTransaction }>;
  /** Exchanges the callback's code (PKCE, state and nonce checked) for the verified identity. */
  finish(
    callbackUrl: URL,
    transaction: OidcTransaction,
  ): Promise<{ issuer: string; subject: string; email?: string; emailVerified: boolean }>;
}

/** Kept sealed in a short-lived cookie between the redirect to the provider and the callback. */
export interface OidcTransaction {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

/**
 * `openid-client` behind a small interface. The provider's metadata is discovered on first
 * use (not at startup, so an unreachable provider does not stop the API) and kept.
 */
export const createOidcClient = (settings: OidcSettings): OidcClient => {
  let configuration: Promise<client.Configuration> | undefined;
  const config = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        settings.allowInsecureIssuer ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        configuration = undefined;
        throw err;
      });
    return configuration;
  };
  return {
    begin: async (redirectUri) => {
      const verifier = client.randomPKCECodeVerifier();
      const transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        redirectUri,
      };
      const url = client.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      return { url: url.href, transaction };
    },
    finish: async (callbackUrl, transaction) => {
      const cfg = await config();
      const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      // Conforming providers may keep scope claims (email) out of the ID token: ask UserInfo.
      const profile =
        typeof claims['email'] === 'string'
          ? claims
          : await client.fetchUserInfo(cfg, tokens.access_token, claims.sub);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        ...(typeof profile['email'] === 'string' ? { email: profile['email'] } : {}),
        emailVerified: profile['email_verified'] === true,
      };
    },
  };
};
