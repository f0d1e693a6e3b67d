import { ForgeError } from './forge-error.js';
import { createGitProvider } from './git/git-provider.js';
import { createGithubProvider, type GithubForgeProvider } from './github/github-provider.js';
import { createGitlabProvider } from './gitlab/gitlab-provider.js';
import type {
  ForgeCredentials,
  ForgeProvider,
  ForgeRepository,
  GitIdentity,
  GitProviderOptions,
} from './types.js';

export interface ForgeProviderOptions {
  /**
   * Committer of the commits (GitHub, git; GitLab commits as the token's user) and a second
   * identity recognized as ours on an existing branch. Default: the request's author.
   */
  gitAuthor?: GitIdentity;
  /** Required for `git` repositories. */
  git?: GitProviderOptions;
  /** Sent to GitHub and GitLab (default `remediation-pr-publisher`). */
  userAgent?: string;
  /** Deadline of one API request in milliseconds (default 30 000). */
  timeoutMs?: number;
  /**
   * GitHub's advice against secondary rate limits: one request at a time and one second between
   * writes per credential, process-wide (default true; tests and stand-in benchmarks turn it off).
   */
  githubPacing?: boolean;
  /** Replaces `fetch` for GitHub and GitLab (tests only). */
  fetch?: typeof fetch;
}

/**
 * The provider for `repo.provider` with `credentials` (decrypted by the caller; null = none).
 * Providers hold no per-call state: one may serve many calls and repositories of its kind.
 */
export function createForgeProvider(
  repo: ForgeRepository & { provider: 'github' },
  credentials: ForgeCredentials | null,
  options?: ForgeProviderOptions,
): GithubForgeProvider;
export function createForgeProvider(
  repo: ForgeRepository,
  credentials: ForgeCredentials | null,
  options?: ForgeProviderOptions,
): ForgeProvider;
export function createForgeProvider(
  repo: ForgeRepository,
  credentials: ForgeCredentials | null,
  options: ForgeProviderOptions = {},
): ForgeProvider {
  const common = {
    credentials,
    userAgent: options.userAgent ?? 'remediation-pr-publisher',
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.gitAuthor ? { committer: options.gitAuthor } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  switch (repo.provider) {
    case 'github':
      return createGithubProvider({ ...common, pace: options.githubPacing ?? true });
    case 'gitlab':
      return createGitlabProvider(common);
    case 'git':
      if (!options.git)
        throw new ForgeError(
          'invalid',
          'the git provider needs options.git (mirror directory, protocols, timeout)',
        );
      return createGitProvider({
        ...options.git,
        credentials,
        ...(options.gitAuthor ? { committer: options.gitAuthor } : {}),
      });
  }
}

/** Narrows a provider to GitHub's (code scanning analyses). */
export const isGithubProvider = (provider: ForgeProvider): provider is GithubForgeProvider =>
  provider.kind === 'github';
