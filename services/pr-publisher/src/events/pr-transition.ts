import { makeEnvelope } from '@remediation/contracts';
import { insertOutboxEvent, newId, type Db, type DbOrTx } from '@remediation/db';

/** What a forge says happened to a PR (from a webhook or a poll). */
export type PrOutcome =
  | { state: 'merged'; at: string | null; by: string | null; mergeCommitSha: string | null }
  | { state: 'closed'; at: string | null; by: string | null; reason: string | null };

/**
 * Called inside the transaction of a merge, before it commits: enqueues the refresh of the
 * repository's other open fix PRs. A failure rolls the merge back, so the webhook job or the
 * next poll sees the PR open and tries both again (the refresh is never lost; an extra refresh
 * of a PR that did not change leaves its branch as it is).
 */
export type AfterMerge = (
  trx: DbOrTx,
  merged: { pullRequestId: string; repositoryId: string },
) => Promise<void>;

/**
 * Moves an open fix PR to `merged` or `closed` — its fix too, unless the fix was superseded — and writes `pr.merged` or
 * `pr.closed` (DESIGN §5 payloads) in the same transaction. The state change is guarded
 * (`where state = 'open'`), so a redelivered webhook, or a webhook and a poll seeing the same
 * merge, emit the event exactly once. Returns whether this call made the change.
 */
export const closePullRequest = (
  db: Db,
  pullRequestId: string,
  outcome: PrOutcome,
  afterMerge?: AfterMerge,
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const at = outcome.at ? new Date(outcome.at) : new Date();
    const pr = await trx
      .updateTable('pull_requests')
      .set(
        outcome.state === 'merged'
          ? {
              state: 'merged',
              merged_at: at,
              merged_by: outcome.by,
              merge_commit_sha: outcome.mergeCommitSha,
              updated_at: new Date(),
            }
          : {
              state: 'closed',
              closed_at: at,
              closed_by: outcome.by,
              close_reason: outcome.reason,
              updated_at: new Date(),
            },
      )
      .where('id', '=', pullRequestId)
      .where('state', '=', 'open')
      .returning(['fix_id', 'url', 'number', 'repository_id'])
      .executeTakeFirst();
    if (!pr) return false;
    // A fix superseded by a merge (its PR closed by the refresh) stays `superseded`: that is why
    // it was closed. A merge still counts: the code went in.
    const fix =
      (await trx
        .updateTable('fixes')
        .set({ status: outcome.state, updated_at: new Date() })
        .where('id', '=', pr.fix_id)
        .$if(outcome.state === 'closed', (q) => q.where('status', '!=', 'superseded'))
        .returning(['id', 'codemod', 'finding_ids'])
        .executeTakeFirst()) ??
      (await trx
        .selectFrom('fixes')
        .select(['id', 'codemod', 'finding_ids'])
        .where('id', '=', pr.fix_id)
        .executeTakeFirstOrThrow());
    const owner = await trx
      .selectFrom('repositories as r')
      .innerJoin('organizations as o', 'o.id', 'r.organization_id')
      .select(['r.name', 'o.id', 'o.slug'])
      .where('r.id', '=', pr.repository_id)
      .executeTakeFirstOrThrow();
    const id = newId();
    const base = {
      pr_url: pr.url ?? '',
      pr_number: pr.number ?? 0,
      fix_id: fix.id,
      codemod: fix.codemod,
    };
    const envelope =
      outcome.state === 'merged'
        ? makeEnvelope({
            id,
            type: 'pr.merged',
            createdAt: new Date(),
            organization: owner.slug,
            repository: owner.name,
            data: {
              ...base,
              finding_ids: fix.finding_ids,
              merged_at: at.toISOString(),
              merged_by: outcome.by,
              merge_commit_sha: outcome.mergeCommitSha,
            },
          })
        : makeEnvelope({
            id,
            type: 'pr.closed',
            createdAt: new Date(),
            organization: owner.slug,
            repository: owner.name,
            data: {
              ...base,
              closed_at: at.toISOString(),
              closed_by: outcome.by,
              close_reason: outcome.reason,
            },
          });
    await insertOutboxEvent(trx, {
      id,
      organizationId: owner.id,
      repositoryId: pr.repository_id,
      type: envelope.type,
      envelope,
    });
    if (outcome.state === 'merged' && afterMerge)
      await afterMerge(trx, { pullRequestId, repositoryId: pr.repository_id });
    return true;
  });
