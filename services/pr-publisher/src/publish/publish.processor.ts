import type { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { isForgeError, type ForgeProvider, type ForgeRepository } from '@remediation/forges';
import type { Logger, Processor } from '@remediation/runtime';
import type { SourceAccess } from '@remediation/source-access';
import { DelayedError, type Job } from 'bullmq';
import { publishRequest } from './publish-request.js';
import {
  loadFixToPublish,
  openPullRequests,
  recordNotPublished,
  recordOpened,
} from './publish.repository.js';
import { rebaseFix } from './rebase.js';

export interface PublishDeps {
  db: Db;
  logger: Logger;
  source: SourceAccess;
  /** The provider for a repository (credentials decrypted inside, never logged). */
  forgeFor(repositoryId: string): Promise<{ provider: ForgeProvider; repo: ForgeRepository }>;
  author: { name: string; email: string };
  branchPrefix: string;
  publicUrl: string;
  capRetryMs: number;
  gitTimeoutMs: number;
}

const delay = async (job: Job, token: string | undefined, ms: number): Promise<never> => {
  await job.moveToDelayed(Date.now() + ms, token);
  throw new DelayedError();
};

/**
 * The `pr-publish` job: a `generated` fix becomes a branch with one commit and a pull request
 * on the repository's forge, based on the default branch's current head (the fix is merged
 * three ways onto it, or marked `superseded` when it no longer fits). Polite and idempotent:
 * the open-PR cap and forge rate limits delay the job instead of failing it; a retried or
 * duplicated job finds its branch and PR; credentials and forge refusals are final and kept on
 * the fix as `publish_error`.
 */
export const publishProcessor =
  (deps: PublishDeps): Processor<typeof QUEUES.prPublish> =>
  async ({ fixId }, job, token) => {
    const item = await loadFixToPublish(deps.db, fixId);
    if (!item || item.fix.status !== 'generated') return { skipped: item?.fix.status ?? 'gone' };
    const cap = item.repository.settings.max_open_prs;
    if (cap > 0 && (await openPullRequests(deps.db, item.repository.id)) >= cap) {
      deps.logger.info({ fixId, cap }, 'open fix PR cap reached; publishing later');
      return delay(job, token, deps.capRetryMs);
    }
    try {
      const { provider, repo } = await deps.forgeFor(item.repository.id);
      const credentials = await provider.gitCredentials(repo);
      const source = { id: item.repository.id, cloneUrl: item.repository.cloneUrl, credentials };
      const head = await deps.source.resolveRef(
        source,
        `refs/heads/${item.repository.defaultBranch}`,
      );
      if (!head.ok) throw new Error(`the default branch cannot be read: ${head.message}`);
      const scanned = item.scanCommit ?? head.sha;
      const commit = await deps.source.ensureCommit(source, scanned);
      if (!commit.ok) {
        await recordNotPublished(deps.db, fixId, {
          status: 'superseded',
          reason: `the scanned commit is gone: ${commit.message}`,
        });
        return { superseded: true };
      }
      const rebased = await rebaseFix(
        deps.source.mirrorPath(item.repository.id),
        item.fix.diff,
        scanned,
        head.sha,
        deps.gitTimeoutMs,
      );
      if (!rebased.ok) {
        await recordNotPublished(deps.db, fixId, { status: 'superseded', reason: rebased.reason });
        return { superseded: true };
      }
      const notes = rebased.rebased
        ? [
            `The default branch moved since the scan; the fix was merged onto ${head.sha.slice(0, 12)}.`,
          ]
        : [];
      const request = publishRequest(item, deps, {
        baseSha: head.sha,
        files: rebased.files,
        notes,
      });
      const published = await provider.publish(repo, request);
      const url = published.prUrl ?? `${item.repository.cloneUrl}#refs/heads/${published.branch}`;
      const opened = await recordOpened(deps.db, item, {
        url,
        number: published.prNumber,
        branch: published.branch,
        headSha: published.headSha,
        title: item.fix.summary,
        targetBranch: item.repository.defaultBranch,
        files: rebased.files.map((f) => f.path),
      });
      return {
        prUrl: url,
        created: published.created,
        recorded: opened,
        warnings: published.warnings,
      };
    } catch (err) {
      if (!isForgeError(err)) throw err;
      if (err.kind === 'rate_limited') {
        deps.logger.warn(
          { fixId, retryAfterMs: err.retryAfterMs },
          'forge rate limit; publishing later',
        );
        return delay(job, token, err.retryAfterMs ?? 60_000);
      }
      if (err.final) {
        await recordNotPublished(deps.db, fixId, {
          status: 'generated',
          reason: `${err.kind}: ${err.message}`,
        });
        return { failed: err.kind };
      }
      throw err;
    }
  };
