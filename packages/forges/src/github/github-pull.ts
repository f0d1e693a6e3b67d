import { RequestError } from '@octokit/request-error';
import type { PublishRequest, PullRequestState } from '../types.js';
import { call, type GithubContext } from './github-context.js';
import { githubErrorText, isUnprocessable, toGithubError } from './github-errors.js';

export interface GithubPull {
  number: number;
  url: string;
  state: string;
  headSha: string;
  labels: string[];
  requestedReviewers: string[];
}

type PullData = {
  number: number;
  html_url: string;
  state: string;
  head: { sha: string; ref: string };
  labels: { name?: string }[];
  requested_reviewers?: { login: string }[] | null;
  requested_teams?: { slug: string }[] | null;
};

const toPull = (p: PullData): GithubPull => ({
  number: p.number,
  url: p.html_url,
  state: p.state,
  headSha: p.head.sha,
  labels: p.labels.flatMap((l) => (l.name ? [l.name] : [])),
  requestedReviewers: [
    ...(p.requested_reviewers ?? []).map((r) => r.login),
    ...(p.requested_teams ?? []).map((t) => t.slug),
  ],
});

/**
 * The PR for `branch`: the open one if any, else a closed one whose head is `headSha` (the same
 * publish seen again after someone closed it); null when there is none.
 */
export const findGithubPull = async (
  ctx: GithubContext,
  branch: string,
  headSha: string,
): Promise<GithubPull | null> => {
  const { data } = await call(ctx, 'list pull requests', () =>
    ctx.client.rest.pulls.list({
      owner: ctx.owner,
      repo: ctx.repo,
      head: `${ctx.owner}:${branch}`,
      state: 'all',
      per_page: 100,
    }),
  );
  const pulls = data.map(toPull);
  return pulls.find((p) => p.state === 'open') ?? pulls.find((p) => p.headSha === headSha) ?? null;
};

/** Opens the PR; a draft is retried as a ready PR where the repository's plan has no drafts. */
export const createGithubPull = async (
  ctx: GithubContext,
  req: PublishRequest,
  headSha: string,
): Promise<{ pull: GithubPull; created: boolean; warnings: string[] }> => {
  const open = (draft: boolean) =>
    ctx.client.rest.pulls.create({
      owner: ctx.owner,
      repo: ctx.repo,
      title: req.pr.title,
      body: req.pr.body,
      head: req.branch,
      base: req.baseBranch,
      draft,
    });
  try {
    try {
      return { pull: toPull((await open(req.pr.draft)).data), created: true, warnings: [] };
    } catch (err) {
      if (!req.pr.draft || !isUnprocessable(err, /draft pull requests are not supported/i))
        throw err;
      return {
        pull: toPull((await open(false)).data),
        created: true,
        warnings: [
          'draft pull requests are not supported in this repository: opened as ready for review',
        ],
      };
    }
  } catch (err) {
    if (!isUnprocessable(err, /a pull request already exists/i))
      throw toGithubError(err, 'create pull request', ctx.secrets);
    const existing = await findGithubPull(ctx, req.branch, headSha);
    if (!existing) throw toGithubError(err, 'create pull request', ctx.secrets);
    return { pull: existing, created: false, warnings: [] };
  }
};

/**
 * Adds the labels the PR lacks and, when it has no requested reviewers yet, requests the
 * reviewers (`org/team` names as teams). A reviewer GitHub refuses (not a collaborator, the
 * author) is a warning, not a failure: the PR is open and a retry would not change that.
 */
export const decorateGithubPull = async (
  ctx: GithubContext,
  pull: GithubPull,
  req: PublishRequest,
): Promise<string[]> => {
  const warnings: string[] = [];
  const missing = req.pr.labels.filter((l) => !pull.labels.includes(l));
  if (missing.length > 0) {
    await call(ctx, 'add labels', () =>
      ctx.client.rest.issues.addLabels({
        owner: ctx.owner,
        repo: ctx.repo,
        issue_number: pull.number,
        labels: missing,
      }),
    );
  }
  if (req.pr.reviewers.length > 0 && pull.requestedReviewers.length === 0) {
    const teams = req.pr.reviewers
      .filter((r) => r.includes('/'))
      .map((r) => r.slice(r.indexOf('/') + 1));
    const users = req.pr.reviewers.filter((r) => !r.includes('/'));
    try {
      await ctx.client.rest.pulls.requestReviewers({
        owner: ctx.owner,
        repo: ctx.repo,
        pull_number: pull.number,
        reviewers: users,
        team_reviewers: teams,
      });
    } catch (err) {
      if (!(err instanceof RequestError && err.status === 422))
        throw toGithubError(err, 'request reviewers', ctx.secrets);
      warnings.push(
        `reviewers not requested: ${githubErrorText(err.response?.data) || err.message}`,
      );
    }
  }
  return warnings;
};

/** A PR's state as the provider reports it (who closed an unmerged PR is on its issue). */
export const githubPullState = async (
  ctx: GithubContext,
  number: number,
): Promise<PullRequestState> => {
  const { data: pull } = await call(ctx, 'read pull request', () =>
    ctx.client.rest.pulls.get({ owner: ctx.owner, repo: ctx.repo, pull_number: number }),
  );
  const merged = pull.merged_at !== null;
  let closedBy: string | null = null;
  if (pull.state === 'closed' && !merged) {
    const { data: issue } = await call(ctx, 'read pull request issue', () =>
      ctx.client.rest.issues.get({ owner: ctx.owner, repo: ctx.repo, issue_number: number }),
    );
    closedBy = issue.closed_by?.login ?? null;
  }
  return {
    state: merged ? 'merged' : pull.state === 'open' ? 'open' : 'closed',
    mergedAt: pull.merged_at,
    mergedBy: pull.merged_by?.login ?? null,
    mergeCommitSha: merged ? pull.merge_commit_sha : null,
    closedAt: pull.closed_at,
    closedBy: merged ? (pull.merged_by?.login ?? null) : closedBy,
    url: pull.html_url,
    number: pull.number,
  };
};
