import type { Db } from '@remediation/db';
import { isForgeError, type ForgeProvider, type ForgeRepository } from '@remediation/forges';
import type { Logger } from '@remediation/runtime';
import { closePullRequest, type AfterMerge } from './pr-transition.js';

export interface PollDeps {
  db: Db;
  logger: Logger;
  forgeFor(repositoryId: string): Promise<{ provider: ForgeProvider; repo: ForgeRepository }>;
  batch: number;
  afterMerge: AfterMerge;
}

/**
 * Asks the forges about open fix PRs, least recently checked first, and records the ones
 * merged or closed (exactly once with the webhooks, see `closePullRequest`): the fallback for
 * repositories without forge webhooks. A rate limit ends the round; other errors skip the PR
 * until the next round.
 */
export const pollOpenPullRequests = async (deps: PollDeps): Promise<number> => {
  const open = await deps.db
    .selectFrom('pull_requests')
    .select(['id', 'repository_id', 'number', 'branch', 'head_sha', 'target_branch'])
    .where('state', '=', 'open')
    .orderBy('updated_at')
    .limit(deps.batch)
    .execute();
  let changed = 0;
  for (const pr of open) {
    try {
      const { provider, repo } = await deps.forgeFor(pr.repository_id);
      const state = await provider.pullRequest(repo, pr.number, {
        branch: pr.branch,
        ...(pr.head_sha ? { headSha: pr.head_sha } : {}),
        baseBranch: pr.target_branch,
      });
      if (state.state === 'merged')
        changed += Number(
          await closePullRequest(
            deps.db,
            pr.id,
            {
              state: 'merged',
              at: state.mergedAt,
              by: state.mergedBy,
              mergeCommitSha: state.mergeCommitSha,
            },
            deps.afterMerge,
          ),
        );
      else if (state.state === 'closed')
        changed += Number(
          await closePullRequest(deps.db, pr.id, {
            state: 'closed',
            at: state.closedAt,
            by: state.closedBy,
            reason: 'closed without merging',
          }),
        );
      else
        await deps.db
          .updateTable('pull_requests')
          .set({ updated_at: new Date() })
          .where('id', '=', pr.id)
          .where('state', '=', 'open')
          .execute();
    } catch (err) {
      if (isForgeError(err) && err.kind === 'rate_limited') break;
      deps.logger.warn(
        { pullRequestId: pr.id, err: (err as Error).message },
        'could not poll a pull request; retrying next round',
      );
    }
  }
  return changed;
};
