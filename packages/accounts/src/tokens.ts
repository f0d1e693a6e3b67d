import { isId, newId, type DbOrTx } from '@remediation/db';
import { generateToken } from '@remediation/security';
import { sql } from 'kysely';
import { AccountError } from './errors.js';

/** What a listing shows of a token: never its value or hash. */
export interface TokenSummary {
  id: string;
  name: string;
  display_prefix: string;
  scope: 'organization' | 'repository';
  repository_id: string | null;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

export const TOKEN_NAME_MAX = 100;

const SUMMARY_COLUMNS = [
  'id',
  'name',
  'display_prefix',
  'scope',
  'repository_id',
  'created_at',
  'last_used_at',
  'expires_at',
] as const;

/** The repository `id` when `organizationId` owns it, else undefined. */
export const findOrganizationRepository = async (
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<{ id: string; name: string } | undefined> =>
  isId(id)
    ? db
        .selectFrom('repositories')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
    : undefined;

/**
 * Creates a token of `organizationId`, organization-wide or for one of its repositories.
 * Returns the value (to be shown once) and the stored summary; only the SHA-256 is stored.
 */
export const issueToken = async (
  db: DbOrTx,
  input: {
    organizationId: string;
    name: string;
    repositoryId?: string | null | undefined;
    expiresAt?: Date | null | undefined;
  },
): Promise<{ token: string; summary: TokenSummary }> => {
  const name = input.name.trim();
  if (name.length === 0 || name.length > TOKEN_NAME_MAX)
    throw new AccountError('invalid', `name must be 1 to ${TOKEN_NAME_MAX} characters`, '/name');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
    throw new AccountError('invalid', 'expiry must be in the future', '/expires_at');
  let repositoryId: string | null = null;
  if (input.repositoryId != null) {
    const repo = await findOrganizationRepository(db, input.organizationId, input.repositoryId);
    if (!repo)
      throw new AccountError(
        'invalid',
        `repository '${input.repositoryId}' does not exist in this organization`,
        '/repository_id',
      );
    repositoryId = repo.id;
  }
  const generated = generateToken();
  const summary = await db
    .insertInto('api_tokens')
    .values({
      id: newId(),
      organization_id: input.organizationId,
      name,
      token_hash: generated.hash,
      display_prefix: generated.displayPrefix,
      scope: repositoryId ? 'repository' : 'organization',
      repository_id: repositoryId,
      expires_at: input.expiresAt ?? null,
    })
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
  return { token: generated.token, summary };
};

/** The organization's tokens that are not revoked (expired ones included), for `paginate`. */
export const activeTokensOf = (db: DbOrTx, organizationId: string) =>
  db
    .selectFrom('api_tokens')
    .select(SUMMARY_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null);

/**
 * Revokes a token (idempotent: an already revoked token keeps its first revocation time).
 * With `organizationId`, only that organization's token is found. Undefined when not found.
 */
export const revokeToken = async (
  db: DbOrTx,
  id: string,
  organizationId?: string,
): Promise<{ id: string; revoked_at: Date } | undefined> => {
  if (!isId(id)) return undefined;
  let q = db
    .updateTable('api_tokens')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` as never })
    .where('id', '=', id);
  if (organizationId !== undefined) q = q.where('organization_id', '=', organizationId);
  const row = await q.returning(['id', 'revoked_at']).executeTakeFirst();
  return row ? { id: row.id, revoked_at: new Date(row.revoked_at!) } : undefined;
};
