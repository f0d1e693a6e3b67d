import { ForgeError } from '../forge-error.js';
import { gitBlobId } from '../publish/blob-id.js';
import { isOwnCommit, withOwnershipTrailer } from '../publish/ownership.js';
import type { GitIdentity, PublishRequest } from '../types.js';
import type { GitlabApi, GitlabCommitAction } from './gitlab-api.js';
import { gitlabDescription, gitlabStatus, toGitlabError } from './gitlab-errors.js';

/** Whether the branch head is one commit on the base with exactly the request's files. */
const hasSameContent = async (
  api: GitlabApi,
  head: string,
  req: PublishRequest,
): Promise<boolean> => {
  const commit = await api.commit(head);
  if (commit.parent_ids.length !== 1 || commit.parent_ids[0] !== req.baseSha) return false;
  const paths = new Set(req.commit.files.map((f) => f.path));
  const { diffs } = await api.compare(req.baseSha, head);
  if (diffs.some((d) => !paths.has(d.new_path) || !paths.has(d.old_path))) return false;
  for (const file of req.commit.files) {
    const atHead = await api.file(file.path, head);
    if (file.content === null ? atHead !== null : atHead?.blob_id !== gitBlobId(file.content))
      return false;
  }
  return true;
};

/** Commits API actions: create or update by whether the file is at the base, chmod where asked. */
const actionsFor = async (api: GitlabApi, req: PublishRequest): Promise<GitlabCommitAction[]> => {
  const actions: GitlabCommitAction[] = [];
  for (const file of req.commit.files) {
    if (file.content === null) {
      actions.push({ action: 'delete', filePath: file.path });
      continue;
    }
    const exists = (await api.file(file.path, req.baseSha)) !== null;
    actions.push({
      action: exists ? 'update' : 'create',
      filePath: file.path,
      content: file.content,
    });
    // create/update keep (or default) the mode; only chmod changes it.
    if (file.executable !== undefined && (exists || file.executable)) {
      actions.push({ action: 'chmod', filePath: file.path, execute_filemode: file.executable });
    }
  }
  return actions;
};

/**
 * Makes `req.branch` one commit on `req.baseSha` (Commits API with `start_sha`, `force` when our
 * own earlier commit is replaced). Same idempotency rules as GitHub: same content is kept,
 * someone else's branch is a `conflict`.
 */
export const ensureGitlabBranch = async (
  api: GitlabApi,
  req: PublishRequest,
  committer: GitIdentity | undefined,
  secrets: readonly string[],
): Promise<{ headSha: string; changed: boolean }> => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = (await api.branch(req.branch))?.commit.id ?? null;
    if (existing) {
      if (await hasSameContent(api, existing, req)) return { headSha: existing, changed: false };
      const head = await api.commit(existing);
      if (
        !isOwnCommit({ message: head.message, authorEmail: head.author_email }, req.branch, [
          req.commit.author,
          committer,
        ])
      ) {
        throw new ForgeError(
          'conflict',
          `branch '${req.branch}' exists with commits not made by this service`,
        );
      }
    }
    const actions = await actionsFor(api, req);
    try {
      const commit = await api.createCommit(
        req.branch,
        withOwnershipTrailer(req.commit.message, req.branch),
        actions,
        {
          startSha: req.baseSha,
          authorName: req.commit.author.name,
          authorEmail: req.commit.author.email,
          force: existing !== null,
        },
      );
      return { headSha: commit.id, changed: true };
    } catch (err) {
      // A duplicated job created the branch between our read and our commit: judge it again.
      const raced =
        existing === null &&
        gitlabStatus(err) === 400 &&
        /already exists/i.test(gitlabDescription(err));
      if (!raced) throw toGitlabError(err, 'create commit', secrets);
    }
  }
  throw new ForgeError('transient', `branch '${req.branch}' changed while it was written`);
};
