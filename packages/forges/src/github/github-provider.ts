import { ForgeError } from '../forge-error.js';
import { checkPublishRequest } from '../publish/publish-checks.js';
import type {
  ForgeCredentials,
  ForgeProvider,
  ForgeRepository,
  GitIdentity,
  PublishRequest,
  PublishResult,
  PullRequestState,
} from '../types.js';
import { ensureGithubBranch, githubBranchHead } from './github-branch.js';
import { credentialSecrets } from '../credentials.js';
import { DEFAULT_GITHUB_API, githubClient } from './github-client.js';
import {
  downloadGithubAnalysisSarif,
  listGithubAnalyses,
  type CodeScanningAnalysis,
} from './github-code-scanning.js';
import { call, githubCoordinates, type GithubContext } from './github-context.js';
import {
  createGithubPull,
  decorateGithubPull,
  findGithubPull,
  githubPullState,
} from './github-pull.js';
import { withCloseNote } from '../publish/close-note.js';

export interface GithubProviderOptions {
  credentials: ForgeCredentials | null;
  userAgent: string;
  timeoutMs: number;
  pace: boolean;
  committer?: GitIdentity;
  fetch?: typeof fetch;
}

/** The GitHub provider, plus what issue 10's code scanning integration needs. */
export interface GithubForgeProvider extends ForgeProvider {
  readonly kind: 'github';
  listCodeScanningAnalyses(
    repo: ForgeRepository,
    ref: string,
    commitSha?: string,
  ): Promise<CodeScanningAnalysis[]>;
  downloadAnalysisSarif(repo: ForgeRepository, analysisId: number): Promise<Buffer>;
}

/**
 * GitHub (and GitHub Enterprise Server through `apiBaseUrl`) over REST with Octokit: commits
 * through the Git Data API, PRs, labels, reviewers; a token or a GitHub App installation.
 */
export const createGithubProvider = (options: GithubProviderOptions): GithubForgeProvider => {
  const secrets = credentialSecrets(options.credentials);
  const context = (repo: ForgeRepository): GithubContext => ({
    client: githubClient({
      baseUrl: repo.apiBaseUrl ?? DEFAULT_GITHUB_API,
      credentials: options.credentials,
      userAgent: options.userAgent,
      timeoutMs: options.timeoutMs,
      pace: options.pace,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    ...githubCoordinates(repo),
    secrets,
    ...(options.committer ? { committer: options.committer } : {}),
  });

  return {
    kind: 'github',
    branchHead: (repo, branch) => githubBranchHead(context(repo), branch),

    async publish(repo: ForgeRepository, req: PublishRequest): Promise<PublishResult> {
      checkPublishRequest(req);
      const ctx = context(repo);
      const { headSha } = await ensureGithubBranch(ctx, req);
      const found = await findGithubPull(ctx, req.branch, headSha);
      const opened = found
        ? { pull: found, created: false, warnings: [] }
        : await createGithubPull(ctx, req, headSha);
      const warnings = [...opened.warnings];
      if (opened.pull.state === 'open')
        warnings.push(...(await decorateGithubPull(ctx, opened.pull, req)));
      return {
        prUrl: opened.pull.url,
        prNumber: opened.pull.number,
        branch: req.branch,
        headSha,
        created: opened.created,
        warnings,
      };
    },

    async pullRequest(repo, number): Promise<PullRequestState> {
      if (number === null)
        throw new ForgeError('invalid', 'a GitHub pull request needs its number');
      return githubPullState(context(repo), number);
    },

    async closePullRequest(repo, number, note): Promise<PullRequestState> {
      if (number === null)
        throw new ForgeError('invalid', 'a GitHub pull request needs its number');
      const ctx = context(repo);
      const { data: pull } = await call(ctx, 'read pull request', () =>
        ctx.client.rest.pulls.get({ owner: ctx.owner, repo: ctx.repo, pull_number: number }),
      );
      if (pull.state === 'open') {
        await call(ctx, 'close pull request', () =>
          ctx.client.rest.pulls.update({
            owner: ctx.owner,
            repo: ctx.repo,
            pull_number: number,
            state: 'closed',
            body: withCloseNote(pull.body, note),
          }),
        );
      }
      return githubPullState(ctx, number);
    },

    async countOpenPullRequests(repo, branchPrefix) {
      const ctx = context(repo);
      const pulls = await call(ctx, 'list open pull requests', () =>
        ctx.client.paginate(ctx.client.rest.pulls.list, {
          owner: ctx.owner,
          repo: ctx.repo,
          state: 'open',
          per_page: 100,
        }),
      );
      const fullName = `${ctx.owner}/${ctx.repo}`.toLowerCase();
      return pulls.filter(
        (p) =>
          p.head.ref.startsWith(branchPrefix) && p.head.repo?.full_name.toLowerCase() === fullName,
      ).length;
    },

    async gitCredentials(repo) {
      const credentials = options.credentials;
      if (!credentials) return null;
      if (credentials.kind === 'token')
        return { username: credentials.username ?? 'x-access-token', password: credentials.token };
      if (credentials.kind === 'basic')
        return { username: credentials.username, password: credentials.password };
      const ctx = context(repo);
      const auth = (await call(ctx, 'create installation token', () =>
        ctx.client.auth({ type: 'installation' }),
      )) as {
        token: string;
      };
      return { username: 'x-access-token', password: auth.token };
    },

    listCodeScanningAnalyses: (repo, ref, commitSha) =>
      listGithubAnalyses(context(repo), ref, commitSha),
    downloadAnalysisSarif: (repo, analysisId) =>
      downloadGithubAnalysisSarif(context(repo), analysisId),
  };
};
