import { ForgeError } from '../forge-error.js';
import { isOwnCommit, withOwnershipTrailer } from '../publish/ownership.js';
import type { PublishRequest } from '../types.js';
import { call, type GithubContext } from './github-context.js';
import { isUnprocessable, toGithubError } from './github-errors.js';
import { treeEntries } from './github-tree.js';

/** Head sha of `branch`, or null when GitHub has no such branch. */
export const githubBranchHead = async (
  ctx: GithubContext,
  branch: string,
): Promise<string | null> => {
  try {
    const { data } = await ctx.client.rest.git.getRef({
      owner: ctx.owner,
      repo: ctx.repo,
      ref: `heads/${branch}`,
    });
    // getRef answers a matching ref list when the name is a prefix of others; only an exact match counts.
    return data.ref === `refs/heads/${branch}` ? data.object.sha : null;
  } catch (err) {
    const mapped = toGithubError(err, 'read branch', ctx.secrets);
    if (mapped.kind === 'not_found') return null;
    throw mapped;
  }
};

/**
 * Makes `req.branch` point at one commit on `req.baseSha` with exactly `req.commit.files` changed
 * (Git Data API: base commit → tree on its tree → commit → ref). Idempotent: a branch whose head
 * already has that tree and parent is kept as it is; one whose head is ours (ownership trailer
 * or our author) but differs is moved (force); anyone else's is a `conflict`.
 * Returns the head sha and whether the branch got a new commit.
 */
export const ensureGithubBranch = async (
  ctx: GithubContext,
  req: PublishRequest,
): Promise<{ headSha: string; changed: boolean }> => {
  const { owner, repo } = ctx;
  const base = await call(ctx, 'read base commit', () =>
    ctx.client.rest.git.getCommit({ owner, repo, commit_sha: req.baseSha }),
  );
  const tree = await call(ctx, 'create tree', async () =>
    ctx.client.rest.git.createTree({
      owner,
      repo,
      base_tree: base.data.tree.sha,
      tree: await treeEntries(ctx, base.data.tree.sha, req.commit.files),
    }),
  );
  const createCommit = async () => {
    const { data } = await call(ctx, 'create commit', () =>
      ctx.client.rest.git.createCommit({
        owner,
        repo,
        message: withOwnershipTrailer(req.commit.message, req.branch),
        tree: tree.data.sha,
        parents: [req.baseSha],
        author: req.commit.author,
        committer: ctx.committer ?? req.commit.author,
      }),
    );
    return data.sha;
  };

  let head = await githubBranchHead(ctx, req.branch);
  if (head === null) {
    const sha = await createCommit();
    try {
      await ctx.client.rest.git.createRef({ owner, repo, ref: `refs/heads/${req.branch}`, sha });
      return { headSha: sha, changed: true };
    } catch (err) {
      // A duplicated job created it between our read and our write: judge that branch below.
      if (!isUnprocessable(err, /reference already exists/i))
        throw toGithubError(err, 'create branch', ctx.secrets);
      head = await githubBranchHead(ctx, req.branch);
      if (head === null)
        throw new ForgeError(
          'transient',
          'GitHub reported the branch as existing but it cannot be read',
        );
    }
  }
  const current = await call(ctx, 'read branch head', () =>
    ctx.client.rest.git.getCommit({ owner, repo, commit_sha: head }),
  );
  const parents = current.data.parents.map((p) => p.sha);
  if (
    current.data.tree.sha === tree.data.sha &&
    parents.length === 1 &&
    parents[0] === req.baseSha
  ) {
    return { headSha: head, changed: false };
  }
  const ours = isOwnCommit(
    { message: current.data.message, authorEmail: current.data.author.email },
    req.branch,
    [req.commit.author, ctx.committer],
  );
  if (!ours) {
    throw new ForgeError(
      'conflict',
      `branch '${req.branch}' exists with commits not made by this service`,
    );
  }
  const sha = await createCommit();
  await call(ctx, 'update branch', () =>
    ctx.client.rest.git.updateRef({ owner, repo, ref: `heads/${req.branch}`, sha, force: true }),
  );
  return { headSha: sha, changed: true };
};
