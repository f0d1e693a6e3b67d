import type { Db } from '@remediation/db';
import { sql } from 'kysely';

/** At most this many repositories on the overview (newest first). */
export const OVERVIEW_REPOSITORIES = 100;

/** The organization's newest repositories with their last scan. */
export const overviewRepositories = (db: Db, organizationId: string) =>
  db
    .selectFrom('repositories as r')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('scans')
          .select(['id', 'state', 'created_at', 'completed_at'])
          .whereRef('scans.repository_id', '=', 'r.id')
          .orderBy('scans.id', 'desc')
          .limit(1)
          .as('s'),
      (j) => j.onTrue(),
    )
    .select([
      'r.id',
      'r.name',
      's.id as scan_id',
      's.state',
      's.created_at as scan_created_at',
      's.completed_at',
    ])
    .where('r.organization_id', '=', organizationId)
    .orderBy('r.id', 'desc')
    .limit(OVERVIEW_REPOSITORIES)
    .execute();

/** Open (unresolved, unsuppressed) findings per repository and severity. */
export const openFindingCounts = (db: Db, repositoryIds: string[]) =>
  db
    .selectFrom('findings')
    .select(['repository_id', 'severity', sql<number>`count(*)::int`.as('n')])
    .where('repository_id', 'in', repositoryIds)
    .where('resolved', '=', false)
    .where('suppressed', '=', false)
    .groupBy(['repository_id', 'severity'])
    .execute();

export const fixCounts = (db: Db, repositoryIds: string[]) =>
  db
    .selectFrom('fixes')
    .select(['repository_id', 'status', sql<number>`count(*)::int`.as('n')])
    .where('repository_id', 'in', repositoryIds)
    .groupBy(['repository_id', 'status'])
    .execute();

export const openPullRequestCounts = (db: Db, repositoryIds: string[]) =>
  db
    .selectFrom('pull_requests as p')
    .innerJoin('fixes as f', 'f.id', 'p.fix_id')
    .select(['f.repository_id', sql<number>`count(*)::int`.as('n')])
    .where('f.repository_id', 'in', repositoryIds)
    .where('p.state', '=', 'open')
    .groupBy('f.repository_id')
    .execute();
