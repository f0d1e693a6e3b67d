import type { Db, RepositoryRow } from '@remediation/db';
import { LRUCache } from 'lru-cache';
import { canAccessRepository, type AuthContext } from '../auth/auth-context.js';
import { forbidden, notFound } from '../http/app-error.js';
import { findRepository } from './repositories.repository.js';

/** Same check for a resource that belongs to a repository (a fix, a finding). */
export const assertRepositoryInScope = (auth: AuthContext, repositoryId: string): void => {
  if (!canAccessRepository(auth, repositoryId))
    throw forbidden('token is scoped to another repository');
};

export interface RepositoryAccess {
  /**
   * The id of the repository `id` names when the caller's organization owns it (else 404)
   * and the token's scope covers it (else 403). Cached: a repository never changes owner.
   */
  check(auth: AuthContext, id: string): Promise<string>;
  /** The same checks, returning the current row (uncached), for changes. */
  load(auth: AuthContext, id: string): Promise<RepositoryRow>;
}

export const createRepositoryAccess = (
  db: Db,
  options = { max: 10_000, ttlMs: 5 * 60_000 },
): RepositoryAccess => {
  const owners = new LRUCache<string, string>({ max: options.max, ttl: options.ttlMs });
  return {
    check: async (auth, id) => {
      let owner = owners.get(id);
      if (owner === undefined) {
        const row = await db
          .selectFrom('repositories')
          .select('organization_id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw notFound('repository');
        owner = row.organization_id;
        owners.set(id, owner);
      }
      if (owner !== auth.organizationId) throw notFound('repository');
      assertRepositoryInScope(auth, id);
      return id;
    },
    load: async (auth, id) => {
      const repo = await findRepository(db, auth.organizationId, id);
      if (!repo) throw notFound('repository');
      assertRepositoryInScope(auth, repo.id);
      return repo;
    },
  };
};
