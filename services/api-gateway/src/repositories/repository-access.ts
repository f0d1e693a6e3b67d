import type { Db } from '@remediation/db';
import { canAccessRepository, type AuthContext } from '../auth/auth-context.js';
import { forbidden, notFound } from '../http/app-error.js';
import { findRepository } from './repositories.repository.js';

/**
 * The repository `id` names, when the caller's organization owns it (else 404) and the
 * token's scope covers it (else 403).
 */
export const loadRepositoryInScope = async (db: Db, auth: AuthContext, id: string) => {
  const repo = await findRepository(db, auth.organizationId, id);
  if (!repo) throw notFound('repository');
  if (!canAccessRepository(auth, repo.id)) throw forbidden('token is scoped to another repository');
  return repo;
};

/** Same check for a resource that belongs to a repository (a fix, a finding). */
export const assertRepositoryInScope = (auth: AuthContext, repositoryId: string): void => {
  if (!canAccessRepository(auth, repositoryId))
    throw forbidden('token is scoped to another repository');
};
