import { ROLES, type Role } from '@remediation/db';
import { ConfigError } from '@remediation/runtime';
import type { OidcSettings } from './session-settings.js';

export interface OidcEnv {
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_DISPLAY_NAME: string;
  OIDC_SCOPES: string;
  OIDC_PROVISION_ORG?: string | undefined;
  OIDC_PROVISION_ROLE: string;
}

/**
 * Single sign-on settings from the gateway's configuration: none when no OIDC variable is
 * set, else all three of issuer, client id and secret are required.
 */
export const oidcFromConfig = (env: OidcEnv): OidcSettings | undefined => {
  const required = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const set = required.filter((k) => env[k] !== undefined);
  if (set.length === 0) return undefined;
  const problems = required
    .filter((k) => env[k] === undefined)
    .map((k) => `${k} is required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set`);
  let issuer: URL | undefined;
  try {
    issuer = env.OIDC_ISSUER ? new URL(env.OIDC_ISSUER) : undefined;
  } catch {
    problems.push('OIDC_ISSUER must be a URL');
  }
  if (issuer && issuer.protocol !== 'https:') problems.push('OIDC_ISSUER must use https');
  if (!(ROLES as readonly string[]).includes(env.OIDC_PROVISION_ROLE))
    problems.push(`OIDC_PROVISION_ROLE must be one of: ${ROLES.join(', ')}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    issuer: env.OIDC_ISSUER!,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    displayName: env.OIDC_DISPLAY_NAME,
    scopes: env.OIDC_SCOPES,
    provision: env.OIDC_PROVISION_ORG
      ? { organizationSlug: env.OIDC_PROVISION_ORG, role: env.OIDC_PROVISION_ROLE as Role }
      : undefined,
  };
};
