import type { Tier } from '@remediation/contracts';

/** Who is calling, resolved from the bearer token. */
export interface AuthContext {
  tokenId: string;
  organizationId: string;
  organizationSlug: string;
  tier: Tier;
  scope: 'organization' | 'repository';
  /** Set for repository-scoped tokens: the only repository they may touch. */
  repositoryId: string | null;
  limits: { rpm: number; burst: number };
}

/** True when the token may act on resources of `repositoryId` (already known to be in its org). */
export const canAccessRepository = (auth: AuthContext, repositoryId: string): boolean =>
  auth.scope === 'organization' || auth.repositoryId === repositoryId;
