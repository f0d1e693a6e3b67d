import type { Db, DbOrTx } from '@remediation/db';
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '@remediation/db';

const OPEN_FIX_STATUSES = ['generated', 'pr_open'] as const;

const withStatus = (eb: ExpressionBuilder<Database, 'repositories'>) => [
  jsonObjectFrom(
    eb
      .selectFrom('scans')
      .select(['scans.id as scan_id', 'scans.state', 'scans.created_at', 'scans.completed_at'])
      .whereRef('scans.repository_id', '=', 'repositories.id')
      .orderBy('scans.id', 'desc')
      .limit(1),
  ).as('last_scan'),
  eb
    .selectFrom('findings')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('findings.repository_id', '=', 'repositories.id')
    .where('findings.resolved', '=', false)
    .where('findings.suppressed', '=', false)
    .as('open_findings'),
  eb
    .selectFrom('fixes')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('fixes.repository_id', '=', 'repositories.id')
    .where('fixes.status', 'in', OPEN_FIX_STATUSES)
    .as('open_fixes'),
];

/** Repositories of an organization with their status columns, for listing. */
export const repositoriesWithStatus = (db: Db, organizationId: string) =>
  db
    .selectFrom('repositories')
    .selectAll('repositories')
    .select(withStatus)
    .where('repositories.organization_id', '=', organizationId);

export type RepositoryWithStatus = Awaited<
  ReturnType<ReturnType<typeof repositoriesWithStatus>['executeTakeFirstOrThrow']>
>;

export const findRepositoryWithStatus = (db: Db, organizationId: string, id: string) =>
  repositoriesWithStatus(db, organizationId).where('repositories.id', '=', id).executeTakeFirst();

/** The bare repository row when it belongs to the organization. */
export const findRepository = (db: DbOrTx, organizationId: string, id: string) =>
  db
    .selectFrom('repositories')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();

export const updateRepositorySettings = async (
  db: DbOrTx,
  id: string,
  settings: Record<string, unknown>,
) => {
  await db
    .updateTable('repositories')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', id)
    .execute();
};
