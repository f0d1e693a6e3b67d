import type { QUEUES } from '@remediation/contracts';
import { isForgeError } from '@remediation/forges';
import type { Processor } from '@remediation/runtime';
import { DelayedError } from 'bullmq';
import type { PublishDeps } from './publish.processor.js';
import { publishRequest } from './publish-request.js';
import { loadFixToPublish } from './publish.repository.js';
import { rebaseFix } from './rebase.js';
import { closeSuperseded } from './close-superseded.js';
import {
  openPullRequestOf,
  recordRefreshed,
  recordRefreshError,
  supersede,
} from './refresh.repository.js';

/**
 * The `pr-refresh` job, run for each other open fix PR of a repository once one of its fix PRs
 * was merged (the way dependency bots keep theirs mergeable): the fix is merged three ways again
 * from the scanned commit onto the default branch's new head, shared edits kept once
 * (`rebaseFix`), and the PR's branch moved to that one commit. A fix that no longer fits is
 * `superseded` and its findings are released, so the scan of the new default branch generates
 * their fix again on the current code; its pull request is closed on the forge with the reason
 * (`closeSuperseded`), so no reviewer merges a fix that no longer fits. Idempotent: the branch is rebuilt from the stored fix
 * every time, and an unchanged result leaves the branch as it is. Transient failures throw
 * (the queue retries, see `QUEUES.prRefresh`); rate limits delay; final forge refusals are kept
 * on the fix.
 */
export const refreshProcessor =
  (deps: PublishDeps): Processor<typeof QUEUES.prRefresh> =>
  async ({ fixId, mergedPullRequestId }, job, token) => {
    const item = await loadFixToPublish(deps.db, fixId);
    if (!item || !['pr_open', 'superseded'].includes(item.fix.status))
      return { skipped: item?.fix.status ?? 'gone' };
    const pr = await openPullRequestOf(deps.db, fixId);
    if (!pr) return { skipped: 'no open pull request' };
    try {
      const { provider, repo } = await deps.forgeFor(item.repository.id);
      // Superseded by an earlier attempt of this job whose close did not go through.
      if (item.fix.status === 'superseded')
        return await closeSuperseded(deps.db, provider, repo, pr, item.fix.publish_error);
      // Merged (or closed) on the forge but not recorded yet (the webhook or poll will): its
      // branch must stay as it was merged. Rebuilt on a head that holds it, it would move past
      // the merge and never be seen as merged.
      const current = await provider.pullRequest(repo, pr.number, {
        branch: pr.branch,
        ...(pr.headSha ? { headSha: pr.headSha } : {}),
        baseBranch: pr.targetBranch,
      });
      if (current.state !== 'open') return { skipped: `pull request ${current.state}` };
      const credentials = await provider.gitCredentials(repo);
      const source = { id: item.repository.id, cloneUrl: item.repository.cloneUrl, credentials };
      const head = await deps.source.resolveRef(source, `refs/heads/${pr.targetBranch}`);
      if (!head.ok) throw new Error(`the default branch cannot be read: ${head.message}`);
      const scanned = item.scanCommit ?? head.sha;
      const commit = await deps.source.ensureCommit(source, scanned);
      const rebased = commit.ok
        ? await rebaseFix(
            deps.source.mirrorPath(item.repository.id),
            item.fix.diff,
            scanned,
            head.sha,
            deps.gitTimeoutMs,
          )
        : ({ ok: false, reason: `the scanned commit is gone: ${commit.message}` } as const);
      if (!rebased.ok) {
        const reason = `after pull request ${mergedPullRequestId} was merged: ${rebased.reason}`;
        await supersede(deps.db, fixId, reason);
        return await closeSuperseded(deps.db, provider, repo, pr, reason);
      }
      const request = publishRequest(item, deps, {
        baseSha: head.sha,
        files: rebased.files,
        notes: [
          `Brought up to date with ${pr.targetBranch} at ${head.sha.slice(0, 12)} after another fix was merged; what both fixes add alike (a dependency, an import, a helper) is in it once.`,
        ],
      });
      const published = await provider.publish(repo, { ...request, branch: pr.branch });
      await recordRefreshed(deps.db, pr.id, published.headSha);
      return { headSha: published.headSha, base: head.sha };
    } catch (err) {
      if (!isForgeError(err)) throw err;
      if (err.kind === 'rate_limited') {
        await job.moveToDelayed(Date.now() + (err.retryAfterMs ?? 60_000), token);
        throw new DelayedError();
      }
      if (!err.final) throw err;
      await recordRefreshError(
        deps.db,
        fixId,
        `could not refresh the pull request: ${err.kind}: ${err.message}`,
      );
      return { failed: err.kind };
    }
  };
