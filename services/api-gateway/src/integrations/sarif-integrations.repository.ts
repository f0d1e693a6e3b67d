import type { Db, DbOrTx } from '@remediation/db';
import type { Tier } from '@remediation/contracts';
import { sql } from 'kysely';

/** What an integration shows: never `secret_ciphertext`. */
export const INTEGRATION_COLUMNS = [
  'id',
  'repository_id',
  'name',
  'created_at',
  'rotated_at',
  'last_used_at',
] as const;

export const integrationsOf = (db: Db, repositoryId: string) =>
  db
    .selectFrom('sarif_integrations')
    .select(INTEGRATION_COLUMNS)
    .where('repository_id', '=', repositoryId);

export const countIntegrations = async (db: DbOrTx, repositoryId: string): Promise<number> => {
  const row = await db
    .selectFrom('sarif_integrations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('repository_id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return row.n;
};

export const insertIntegration = (
  db: DbOrTx,
  values: { id: string; repository_id: string; name: string; secret_ciphertext: string },
) =>
  db
    .insertInto('sarif_integrations')
    .values(values)
    .returning(INTEGRATION_COLUMNS)
    .executeTakeFirstOrThrow();

/** Replaces the secret; undefined when the repository has no such integration. */
export const rotateIntegration = (
  db: DbOrTx,
  repositoryId: string,
  id: string,
  secretCiphertext: string,
) =>
  db
    .updateTable('sarif_integrations')
    .set({ secret_ciphertext: secretCiphertext, rotated_at: sql<Date>`now()` as never })
    .where('id', '=', id)
    .where('repository_id', '=', repositoryId)
    .returning(INTEGRATION_COLUMNS)
    .executeTakeFirst();

export const deleteIntegration = async (
  db: DbOrTx,
  repositoryId: string,
  id: string,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('sarif_integrations')
    .where('id', '=', id)
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
};

/** What a signed upload needs: the sealed secret, the repository and its organization's limits. */
export interface IntegrationTarget {
  secret_ciphertext: string;
  repository_id: string;
  organization_id: string;
  tier: Tier;
  rate_limit_rpm: number | null;
  rate_limit_burst: number | null;
}

export const findIntegrationTarget = (db: Db, id: string): Promise<IntegrationTarget | undefined> =>
  db
    .selectFrom('sarif_integrations as i')
    .innerJoin('repositories as r', 'r.id', 'i.repository_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .select([
      'i.secret_ciphertext',
      'i.repository_id',
      'o.id as organization_id',
      'o.tier',
      'o.rate_limit_rpm',
      'o.rate_limit_burst',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();

export const touchIntegration = async (db: Db, id: string): Promise<void> => {
  await db
    .updateTable('sarif_integrations')
    .set({ last_used_at: sql<Date>`now()` as never })
    .where('id', '=', id)
    .execute();
};
