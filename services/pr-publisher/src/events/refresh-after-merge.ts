import type { QUEUES } from '@remediation/contracts';
import type { Producer } from '@remediation/runtime';
import type { AfterMerge } from './pr-transition.js';

/**
 * After a fix PR is merged: one `pr-refresh` job per other open fix PR of the repository, keyed
 * by (fix, merged PR) so a repeated merge notification enqueues nothing new.
 */
export const refreshOpenPullRequests =
  (refresh: Pick<Producer<typeof QUEUES.prRefresh>, 'addMany'>): AfterMerge =>
  async (trx, merged) => {
    const others = await trx
      .selectFrom('pull_requests')
      .select('fix_id')
      .where('repository_id', '=', merged.repositoryId)
      .where('state', '=', 'open')
      .where('id', '!=', merged.pullRequestId)
      .execute();
    await refresh.addMany(
      others.map((o) => ({ fixId: o.fix_id, mergedPullRequestId: merged.pullRequestId })),
    );
  };
