import { ForgeError } from '../forge-error.js';
import { checkPublishRequest } from '../publish/publish-checks.js';
import { isOwnCommit, withOwnershipTrailer } from '../publish/ownership.js';
import type {
  ForgeCredentials,
  ForgeProvider,
  ForgeRepository,
  GitIdentity,
  GitProviderOptions,
  PublishRequest,
  PublishResult,
  PullRequestState,
} from '../types.js';
import { buildTree, commitTree, readCommit } from './git-commit.js';
import { compareUrl } from './compare-url.js';
import { gitFailure } from './git-errors.js';
import {
  ensurePublishMirror,
  fetchBranches,
  hasCommit,
  isAncestor,
  remoteHeads,
  remoteHeadsWithPrefix,
  serialized,
} from './git-mirror.js';
import { createGitRunner, gitCredentialsFor, type GitRunner } from './git-runner.js';

export interface GitProviderSettings extends GitProviderOptions {
  credentials: ForgeCredentials | null;
  committer?: GitIdentity;
}

const runnerFor = async (
  settings: GitProviderSettings,
  repo: ForgeRepository,
): Promise<GitRunner> =>
  createGitRunner({
    gitDir: await ensurePublishMirror(settings.mirrorDir, repo.cloneUrl, settings.timeoutMs),
    url: repo.cloneUrl,
    credentials: settings.credentials,
    allowedProtocols: settings.allowedProtocols,
    timeoutMs: settings.timeoutMs,
  });

/** One attempt: returns null when the push lost a race (the branch moved), to be judged again. */
const publishOnce = async (
  settings: GitProviderSettings,
  runner: GitRunner,
  req: PublishRequest,
): Promise<{ headSha: string; changed: boolean } | null> => {
  const heads = await remoteHeads(runner, [req.branch, req.baseBranch]);
  if (!heads.has(req.baseBranch))
    throw new ForgeError('not_found', `base branch '${req.baseBranch}' does not exist`);
  const existing = heads.get(req.branch) ?? null;
  await fetchBranches(runner, existing ? [req.baseBranch, req.branch] : [req.baseBranch]);
  if (!(await hasCommit(runner, req.baseSha))) {
    await runner.run(
      ['fetch', '--no-tags', '--no-write-fetch-head', '--quiet', '--', runner.url, req.baseSha],
      { remote: true, allowFailure: true },
    );
    if (!(await hasCommit(runner, req.baseSha)))
      throw new ForgeError('not_found', 'the base commit is not on the remote');
  }
  // A branch already merged into its base stays where it was merged: moved past the merge, it
  // would read as open again (its state is read from ancestry), and the merge would be lost to
  // the poll. A refresh that checked the state before a reviewer merged gets here after it.
  const base = heads.get(req.baseBranch)!;
  if (existing && existing !== req.baseSha && (await isAncestor(runner, existing, base)))
    throw new ForgeError(
      'conflict',
      `branch '${req.branch}' is already merged into '${req.baseBranch}'`,
    );
  const tree = await buildTree(runner, req.baseSha, req.commit.files);
  if (existing) {
    const head = await readCommit(runner, existing);
    if (head.tree === tree && head.parents.length === 1 && head.parents[0] === req.baseSha) {
      return { headSha: existing, changed: false };
    }
    if (!isOwnCommit(head, req.branch, [req.commit.author, settings.committer])) {
      throw new ForgeError(
        'conflict',
        `branch '${req.branch}' exists with commits not made by this service`,
      );
    }
  }
  const message = withOwnershipTrailer(req.commit.message, req.branch);
  const sha = await commitTree(
    runner,
    tree,
    req.baseSha,
    message,
    req.commit.author,
    settings.committer ?? req.commit.author,
  );
  // The lease makes the push a compare-and-swap: a duplicate job's push in between fails ours.
  const push = await runner.run(
    [
      'push',
      '--porcelain',
      '--quiet',
      `--force-with-lease=refs/heads/${req.branch}:${existing ?? ''}`,
      '--',
      runner.url,
      `${sha}:refs/heads/${req.branch}`,
    ],
    { remote: true, allowFailure: true },
  );
  if (push.exitCode === 0) return { headSha: sha, changed: true };
  // A lost race: the lease saw another value, or the remote locked the ref for a concurrent push.
  const lostRace =
    /stale info|fetch first|non-fast-forward|\[rejected\]|cannot lock ref|reference already exists|failed to update ref/i;
  if (lostRace.test(`${push.stderr}${push.stdout.toString('utf8')}`)) return null;
  throw gitFailure('push', push, runner.secrets);
};

/**
 * Plain git against any remote (https, ssh, file): the commit is built in a bare publish mirror
 * without a work tree and pushed as `refs/heads/<branch>`; the "PR" is the branch, with a
 * compare URL when a template is configured.
 */
export const createGitProvider = (settings: GitProviderSettings): ForgeProvider => {
  const provider: ForgeProvider = {
    kind: 'git',

    async branchHead(repo, branch) {
      const runner = await runnerFor(settings, repo);
      return (await remoteHeads(runner, [branch])).get(branch) ?? null;
    },

    async publish(repo: ForgeRepository, req: PublishRequest): Promise<PublishResult> {
      checkPublishRequest(req);
      const runner = await runnerFor(settings, repo);
      return serialized(runner.gitDir, async () => {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const outcome = await publishOnce(settings, runner, req);
          if (outcome) {
            return {
              prUrl: compareUrl(settings.compareUrlTemplate, repo, req.baseBranch, req.branch),
              prNumber: null,
              branch: req.branch,
              headSha: outcome.headSha,
              created: outcome.changed,
              warnings: [],
            };
          }
        }
        throw new ForgeError('conflict', `branch '${req.branch}' kept moving while it was pushed`);
      });
    },

    async pullRequest(repo, _number, hint): Promise<PullRequestState> {
      if (!hint) throw new ForgeError('invalid', 'a git branch state needs the branch (hint)');
      const baseBranch = hint.baseBranch ?? repo.defaultBranch;
      const runner = await runnerFor(settings, repo);
      return serialized(runner.gitDir, async () => {
        const heads = await remoteHeads(runner, [hint.branch, baseBranch]);
        const base = heads.get(baseBranch);
        if (!base) throw new ForgeError('not_found', `base branch '${baseBranch}' does not exist`);
        const branch = heads.get(hint.branch) ?? null;
        await fetchBranches(runner, branch ? [baseBranch, hint.branch] : [baseBranch]);
        const head = branch ?? hint.headSha ?? null;
        const url = compareUrl(settings.compareUrlTemplate, repo, baseBranch, hint.branch);
        const state = (
          s: PullRequestState['state'],
          extra: Partial<PullRequestState> = {},
        ): PullRequestState => ({
          state: s,
          mergedAt: null,
          mergedBy: null,
          mergeCommitSha: null,
          closedAt: null,
          closedBy: null,
          url,
          number: null,
          ...extra,
        });
        if (head && (await hasCommit(runner, head)) && (await isAncestor(runner, head, base))) {
          // The oldest commit of the base that contains the head: the merge (or the head itself, fast-forwarded).
          const path = (
            await runner.run(['rev-list', '--ancestry-path', '--reverse', `${head}..${base}`])
          ).stdout
            .toString('utf8')
            .split('\n')[0]
            ?.trim();
          const mergeCommit = path || head;
          const when = (await runner.run(['show', '-s', '--format=%cI', mergeCommit])).stdout
            .toString('utf8')
            .trim();
          return state('merged', {
            mergeCommitSha: mergeCommit,
            mergedAt: when || null,
            closedAt: when || null,
          });
        }
        return branch ? state('open') : state('closed');
      });
    },

    async closePullRequest(repo, number, _note, hint): Promise<PullRequestState> {
      const state = await provider.pullRequest(repo, number, hint);
      // The branch is the "PR": deleted only while it still holds the head we published (the
      // lease), so a branch someone pushed to since, or one we cannot identify, is left alone.
      if (state.state !== 'open' || !hint?.headSha) return state;
      const runner = await runnerFor(settings, repo);
      const push = await serialized(runner.gitDir, () =>
        runner.run(
          [
            'push',
            '--porcelain',
            '--quiet',
            `--force-with-lease=refs/heads/${hint.branch}:${hint.headSha}`,
            '--',
            runner.url,
            `:refs/heads/${hint.branch}`,
          ],
          { remote: true, allowFailure: true },
        ),
      );
      const moved = /stale info|\[rejected\]/i;
      if (push.exitCode !== 0 && !moved.test(`${push.stderr}${push.stdout.toString('utf8')}`))
        throw gitFailure('push', push, runner.secrets);
      return provider.pullRequest(repo, number, hint);
    },

    async countOpenPullRequests(repo, branchPrefix) {
      const runner = await runnerFor(settings, repo);
      return serialized(runner.gitDir, async () => {
        const heads = await remoteHeadsWithPrefix(runner, branchPrefix);
        const base = (await remoteHeads(runner, [repo.defaultBranch])).get(repo.defaultBranch);
        if (!base) return heads.size;
        await fetchBranches(runner, [repo.defaultBranch, ...heads.keys()]);
        let open = 0;
        for (const sha of heads.values()) if (!(await isAncestor(runner, sha, base))) open += 1;
        return open;
      });
    },

    gitCredentials: () => Promise.resolve(gitCredentialsFor(settings.credentials)),
  };
  return provider;
};
