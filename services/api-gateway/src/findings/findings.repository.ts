import type { Database, Db } from '@remediation/db';
import type { ExpressionBuilder } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';

const latestTriage = (eb: ExpressionBuilder<Database, 'findings'>) =>
  eb
    .selectFrom('triage_results as t')
    .select(['t.classification', 't.severity', 't.confidence', 't.justification', 't.evidence'])
    .whereRef('t.finding_id', '=', 'findings.id')
    .orderBy('t.id', 'desc')
    .limit(1);

export interface FindingFilter {
  classification?: string | undefined;
  severity?: string | undefined;
  rule_id?: string | undefined;
  scan_id?: string | undefined;
}

export const findingsOf = (db: Db, repositoryId: string, filter: FindingFilter) => {
  let q = db
    .selectFrom('findings')
    .selectAll('findings')
    .select((eb) => jsonObjectFrom(latestTriage(eb)).as('triage'))
    .where('findings.repository_id', '=', repositoryId);
  if (filter.severity) q = q.where('findings.severity', '=', filter.severity as never);
  if (filter.rule_id) q = q.where('findings.rule_id', '=', filter.rule_id);
  if (filter.scan_id) {
    const scanId = filter.scan_id;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('scan_findings')
          .select('scan_findings.finding_id')
          .whereRef('scan_findings.finding_id', '=', 'findings.id')
          .where('scan_findings.scan_id', '=', scanId),
      ),
    );
  }
  if (filter.classification) {
    const classification = filter.classification;
    q = q.where((eb) =>
      eb(latestTriage(eb).clearSelect().select('t.classification'), '=', classification as never),
    );
  }
  return q;
};

export type FindingWithTriage = Awaited<
  ReturnType<ReturnType<typeof findingsOf>['executeTakeFirstOrThrow']>
>;

/** A finding by id when it belongs to the organization. */
export const findFinding = (db: Db, organizationId: string, id: string) =>
  db
    .selectFrom('findings')
    .innerJoin('repositories', 'repositories.id', 'findings.repository_id')
    .selectAll('findings')
    .select((eb) => jsonObjectFrom(latestTriage(eb)).as('triage'))
    .where('findings.id', '=', id)
    .where('repositories.organization_id', '=', organizationId)
    .executeTakeFirst();
