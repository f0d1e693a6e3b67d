import { newId, type Database, type Db } from '@remediation/db';
import type { ExpressionBuilder } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';

const latestTriage = (eb: ExpressionBuilder<Database, 'findings'>) =>
  eb
    .selectFrom('triage_results as t')
    .select([
      't.classification',
      't.severity',
      't.confidence',
      't.justification',
      't.evidence',
      't.provider',
      't.ai_generated',
      't.scan_id',
    ])
    .whereRef('t.finding_id', '=', 'findings.id')
    .orderBy('t.id', 'desc')
    .limit(1);

const override = (eb: ExpressionBuilder<Database, 'findings'>) =>
  eb
    .selectFrom('triage_overrides as o')
    .select(['o.classification', 'o.justification', 'o.actor', 'o.updated_at'])
    .whereRef('o.finding_id', '=', 'findings.id');

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
    .select((eb) => jsonObjectFrom(override(eb)).as('override'))
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
    // A person's override wins over the latest verdict.
    q = q.where((eb) =>
      eb(
        eb.fn.coalesce(
          override(eb).clearSelect().select('o.classification'),
          latestTriage(eb).clearSelect().select('t.classification'),
        ),
        '=',
        classification as never,
      ),
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
    .select((eb) => jsonObjectFrom(override(eb)).as('override'))
    .where('findings.id', '=', id)
    .where('repositories.organization_id', '=', organizationId)
    .executeTakeFirst();

/**
 * Sets a person's classification of a finding (it wins over every verdict and survives
 * rescans) and records who changed what in the finding's audit trail, in one transaction.
 */
export const setOverride = (
  db: Db,
  findingId: string,
  change: { classification: string; justification: string; actor: string },
) =>
  db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('triage_overrides')
      .select(['classification', 'justification', 'actor', 'updated_at'])
      .where('finding_id', '=', findingId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('triage_overrides')
      .values({
        finding_id: findingId,
        classification: change.classification as never,
        justification: change.justification,
        actor: change.actor,
      })
      .onConflict((oc) =>
        oc.column('finding_id').doUpdateSet({
          classification: change.classification as never,
          justification: change.justification,
          actor: change.actor,
          updated_at: new Date(),
        }),
      )
      .execute();
    await trx
      .insertInto('finding_audit')
      .values({
        id: newId(),
        finding_id: findingId,
        action: 'triage_override',
        actor: change.actor,
        before: before ? JSON.stringify(before) : null,
        after: JSON.stringify({
          classification: change.classification,
          justification: change.justification,
        }),
      })
      .execute();
  });
