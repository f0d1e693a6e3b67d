import type { GitlabClient } from './gitlab-client.js';
import { gitlabStatus, toGitlabError } from './gitlab-errors.js';

/** The fields of GitLab's answers this package reads. */
export interface GitlabCommit {
  id: string;
  parent_ids: string[];
  author_email: string;
  message: string;
}

interface GitlabUserRef {
  username: string;
}

export interface GitlabMergeRequest {
  iid: number;
  web_url: string;
  state: string;
  sha: string | null;
  source_branch: string;
  description?: string | null;
  labels: string[];
  reviewers?: GitlabUserRef[] | null;
  merged_at?: string | null;
  merged_by?: GitlabUserRef | null;
  merge_user?: GitlabUserRef | null;
  merge_commit_sha?: string | null;
  squash_commit_sha?: string | null;
  closed_at?: string | null;
  closed_by?: GitlabUserRef | null;
}

export interface GitlabCommitAction {
  action: 'create' | 'update' | 'delete' | 'chmod';
  filePath: string;
  content?: string;
  execute_filemode?: boolean;
}

/**
 * The GitLab calls the provider makes, through gitbeaker, typed by what we read. Every failure
 * is a `ForgeError`; `orNull` turns a 404 into null.
 */
export const gitlabApi = (client: GitlabClient, project: string, secrets: readonly string[]) => {
  const call = async <T>(operation: string, fn: () => Promise<unknown>): Promise<T> => {
    try {
      return (await fn()) as T;
    } catch (err) {
      throw toGitlabError(err, operation, secrets);
    }
  };
  const orNull = async <T>(operation: string, fn: () => Promise<unknown>): Promise<T | null> => {
    try {
      return (await fn()) as T;
    } catch (err) {
      if (gitlabStatus(err) === 404) return null;
      throw toGitlabError(err, operation, secrets);
    }
  };
  return {
    branch: (name: string) =>
      orNull<{ commit: { id: string } }>('read branch', () => client.Branches.show(project, name)),
    commit: (sha: string) =>
      call<GitlabCommit>('read commit', () => client.Commits.show(project, sha)),
    file: (path: string, ref: string) =>
      orNull<{ blob_id: string }>('read file', () =>
        client.RepositoryFiles.show(project, path, ref),
      ),
    compare: (from: string, to: string) =>
      call<{ diffs: { old_path: string; new_path: string }[] }>('compare', () =>
        client.Repositories.compare(project, from, to, { straight: true }),
      ),
    createCommit: (
      branch: string,
      message: string,
      actions: GitlabCommitAction[],
      options: { startSha: string; authorName: string; authorEmail: string; force: boolean },
    ) =>
      client.Commits.create(
        project,
        branch,
        message,
        actions,
        options,
      ) as Promise<unknown> as Promise<GitlabCommit>,
    mergeRequests: (query: { sourceBranch?: string; state?: 'opened' | 'all' }) =>
      call<GitlabMergeRequest[]>('list merge requests', () =>
        client.MergeRequests.all({ projectId: project, perPage: 100, ...query } as never),
      ),
    openMergeRequests: () =>
      call<GitlabMergeRequest[]>('list open merge requests', () =>
        client.MergeRequests.all({
          projectId: project,
          state: 'opened',
          perPage: 100,
          maxPages: 50,
        } as never),
      ),
    createMergeRequest: (
      source: string,
      target: string,
      title: string,
      options: { description: string; labels?: string; reviewerIds?: number[] },
    ) =>
      client.MergeRequests.create(
        project,
        source,
        target,
        title,
        options,
      ) as Promise<unknown> as Promise<GitlabMergeRequest>,
    editMergeRequest: (iid: number, options: { addLabels?: string; reviewerIds?: number[] }) =>
      call<GitlabMergeRequest>('update merge request', () =>
        client.MergeRequests.edit(project, iid, options),
      ),
    closeMergeRequest: (iid: number, description: string) =>
      call<GitlabMergeRequest>('close merge request', () =>
        client.MergeRequests.edit(project, iid, { stateEvent: 'close', description }),
      ),
    mergeRequest: (iid: number) =>
      call<GitlabMergeRequest>('read merge request', () => client.MergeRequests.show(project, iid)),
    userId: async (username: string) =>
      (
        await call<{ id: number; username: string }[]>('find user', () =>
          client.Users.all({ username } as never),
        )
      ).find((u) => u.username.toLowerCase() === username.toLowerCase())?.id ?? null,
  };
};

export type GitlabApi = ReturnType<typeof gitlabApi>;
