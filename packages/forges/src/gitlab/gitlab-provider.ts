import { ForgeError } from '../forge-error.js';
import { credentialSecrets } from '../credentials.js';
import { checkPublishRequest } from '../publish/publish-checks.js';
import type {
  ForgeCredentials,
  ForgeProvider,
  ForgeRepository,
  GitIdentity,
  PullRequestState,
} from '../types.js';
import { gitlabApi, type GitlabMergeRequest } from './gitlab-api.js';
import { ensureGitlabBranch } from './gitlab-branch.js';
import { DEFAULT_GITLAB_API, gitlabClient } from './gitlab-client.js';
import { ensureGitlabMergeRequest } from './gitlab-merge-request.js';
import { withCloseNote } from '../publish/close-note.js';

export interface GitlabProviderOptions {
  credentials: ForgeCredentials | null;
  userAgent: string;
  timeoutMs: number;
  committer?: GitIdentity;
  fetch?: typeof fetch;
}

const stateOf = (mr: GitlabMergeRequest): PullRequestState => {
  const merged = mr.state === 'merged';
  const mergedBy = (mr.merge_user ?? mr.merged_by)?.username ?? null;
  return {
    state: merged ? 'merged' : mr.state === 'closed' ? 'closed' : 'open',
    mergedAt: mr.merged_at ?? null,
    mergedBy: merged ? mergedBy : null,
    mergeCommitSha: merged ? (mr.merge_commit_sha ?? mr.squash_commit_sha ?? mr.sha ?? null) : null,
    closedAt: merged ? (mr.merged_at ?? null) : (mr.closed_at ?? null),
    closedBy: merged ? mergedBy : (mr.closed_by?.username ?? null),
    url: mr.web_url,
    number: mr.iid,
  };
};

/**
 * GitLab (gitlab.com or self-managed through `apiBaseUrl`) with gitbeaker: one commit through the
 * Commits API (create/update/delete/chmod actions), merge requests with labels, reviewers and
 * `Draft:` titles, found again by source branch.
 */
export const createGitlabProvider = (options: GitlabProviderOptions): ForgeProvider => {
  const secrets = credentialSecrets(options.credentials);
  const api = (repo: ForgeRepository) =>
    gitlabApi(
      gitlabClient({
        apiBaseUrl: repo.apiBaseUrl ?? DEFAULT_GITLAB_API,
        credentials: options.credentials,
        timeoutMs: options.timeoutMs,
        userAgent: options.userAgent,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
      repo.fullName,
      secrets,
    );
  return {
    kind: 'gitlab',
    branchHead: async (repo, branch) => (await api(repo).branch(branch))?.commit.id ?? null,

    async publish(repo, req) {
      checkPublishRequest(req);
      const gl = api(repo);
      const { headSha } = await ensureGitlabBranch(gl, req, options.committer, secrets);
      const { mr, created, warnings } = await ensureGitlabMergeRequest(gl, req, headSha, secrets);
      return {
        prUrl: mr.web_url,
        prNumber: mr.iid,
        branch: req.branch,
        headSha,
        created,
        warnings,
      };
    },

    async pullRequest(repo, number) {
      if (number === null) throw new ForgeError('invalid', 'a GitLab merge request needs its iid');
      return stateOf(await api(repo).mergeRequest(number));
    },

    async closePullRequest(repo, number, note) {
      if (number === null) throw new ForgeError('invalid', 'a GitLab merge request needs its iid');
      const gl = api(repo);
      const mr = await gl.mergeRequest(number);
      if (mr.state !== 'opened') return stateOf(mr);
      return stateOf(await gl.closeMergeRequest(number, withCloseNote(mr.description, note)));
    },

    async countOpenPullRequests(repo, branchPrefix) {
      const open = await api(repo).openMergeRequests();
      return open.filter((mr) => mr.source_branch.startsWith(branchPrefix)).length;
    },

    gitCredentials() {
      const c = options.credentials;
      if (!c) return Promise.resolve(null);
      if (c.kind === 'token')
        return Promise.resolve({ username: c.username ?? 'oauth2', password: c.token });
      if (c.kind === 'basic')
        return Promise.resolve({ username: c.username, password: c.password });
      return Promise.reject(
        new ForgeError('auth', 'GitHub App credentials cannot authenticate to GitLab'),
      );
    },
  };
};
