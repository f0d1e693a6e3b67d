import type { GitProtocol } from '@remediation/source-access';

/**
 * A repository's forge credentials, decrypted by the caller (never logged, never in an error):
 * a token (GitHub personal/installation token, GitLab access token; `username` only matters for
 * git over https), a user name and password, or a GitHub App installation.
 */
export type ForgeCredentials =
  | { kind: 'token'; token: string; username?: string }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'github_app'; appId: string; installationId: string; privateKey: string };

export type ForgeKind = 'github' | 'gitlab' | 'git';

/** The repository a provider acts on. */
export interface ForgeRepository {
  provider: ForgeKind;
  /** `owner/name` (GitHub), `group/sub/name` (GitLab), any label for plain git. */
  fullName: string;
  cloneUrl: string;
  defaultBranch: string;
  /**
   * API root: GitHub Enterprise Server `https://ghe.example.com/api/v3`, self-managed GitLab
   * `https://gitlab.example.com/api/v4`. Defaults: `https://api.github.com`,
   * `https://gitlab.com/api/v4`. Unused for `git`.
   */
  apiBaseUrl?: string;
}

/** One file of a commit: its whole new content (UTF-8 text), or null to delete it. */
export interface FileContent {
  /** Repository-relative path (`src/a.ts`). */
  path: string;
  content: string | null;
  /**
   * Mode of the written file: true 100755, false 100644, absent = the mode the file has at the
   * base commit (100644 for a new file).
   */
  executable?: boolean;
}

export interface GitIdentity {
  name: string;
  email: string;
}

export interface PublishRequest {
  branch: string;
  baseBranch: string;
  /** The base commit the files were computed against (the branch is created from it). */
  baseSha: string;
  commit: { message: string; author: GitIdentity; files: FileContent[] };
  pr: { title: string; body: string; labels: string[]; reviewers: string[]; draft: boolean };
}

export interface PublishResult {
  /** null for a `git` remote without a compare-URL template. */
  prUrl: string | null;
  prNumber: number | null;
  branch: string;
  headSha: string;
  /** false when an existing PR for the branch was found (a retried or duplicated publish). */
  created: boolean;
  /**
   * What did not go as asked but does not fail the publish: reviewers the forge refused, a
   * draft opened as ready where drafts are unavailable. Worth showing on the fix.
   */
  warnings: string[];
}

export interface PullRequestState {
  state: 'open' | 'merged' | 'closed';
  /** ISO 8601. */
  mergedAt: string | null;
  /** The forge login of who merged (null when unknown). */
  mergedBy: string | null;
  mergeCommitSha: string | null;
  closedAt: string | null;
  closedBy: string | null;
  /** The PR/MR page; for `git` the compare URL, or null without a template. */
  url: string | null;
  /** null for `git`. */
  number: number | null;
}

/**
 * What else `pullRequest` may need: `git` has no PR numbers and finds the state from the
 * branch (`headSha` = `PublishResult.headSha`, so a merged-then-deleted branch still reads
 * as merged); GitHub and GitLab ignore it.
 */
export interface PullRequestHint {
  branch: string;
  headSha?: string;
  /** Default: the repository's default branch. */
  baseBranch?: string;
}

/** What pr-publisher needs from a forge. Every method throws `ForgeError` on failure. */
export interface ForgeProvider {
  readonly kind: ForgeKind;
  /** Current head sha of a branch (null when the branch does not exist). */
  branchHead(repo: ForgeRepository, branch: string): Promise<string | null>;
  /** Idempotent: a retried or duplicated call finds the branch (same content) and its open PR instead of opening a second. */
  publish(repo: ForgeRepository, req: PublishRequest): Promise<PublishResult>;
  /** State of a PR/MR by number; `git` (number null) needs `hint`. */
  pullRequest(
    repo: ForgeRepository,
    number: number | null,
    hint?: PullRequestHint,
  ): Promise<PullRequestState>;
  /**
   * Closes an open PR/MR without merging it and says why (`note`, appended once to its
   * description), e.g. a fix superseded by a merge. One write, so a retried call changes
   * nothing more; a PR already merged or closed is left as it is. `git` deletes the branch (its
   * "PR"), only while it still points at `hint.headSha`. Returns the state after the call.
   */
  closePullRequest(
    repo: ForgeRepository,
    number: number | null,
    note: string,
    hint?: PullRequestHint,
  ): Promise<PullRequestState>;
  /** Open PRs whose head branch starts with `branchPrefix` (for the per-repository cap `max_open_prs`). */
  countOpenPullRequests(repo: ForgeRepository, branchPrefix: string): Promise<number>;
  /**
   * Credentials for git over https to this forge (e.g. for the mirror fetch): a GitHub App
   * mints an installation token; null when there are none.
   */
  gitCredentials(repo: ForgeRepository): Promise<{ username?: string; password: string } | null>;
}

/** Options of the `git` provider. */
export interface GitProviderOptions {
  /** Where bare mirrors live (`GIT_MIRROR_DIR`); the provider keeps `<dir>/publish-<hash>.git`. */
  mirrorDir: string;
  allowedProtocols: readonly GitProtocol[];
  /** Deadline of one git run (fetch and push included). */
  timeoutMs: number;
  /**
   * Compare URL of a published branch, e.g. `https://git.example.com/{repo}/compare/{base}...{branch}`
   * (`{repo}` = fullName, `{base}`, `{branch}` URL-encoded). Without it `prUrl` is null.
   */
  compareUrlTemplate?: string;
}
