import { isCommitId, isRefName, isRepositoryPath } from '@remediation/source-access';
import { ForgeError } from '../forge-error.js';
import type { PublishRequest } from '../types.js';

/**
 * Refuses a publish request before any forge call: branch names that are not valid refs, a base
 * sha that is not a full commit id, unsafe or duplicate paths, an empty commit.
 */
export const checkPublishRequest = (req: PublishRequest): void => {
  const invalid = (message: string) => new ForgeError('invalid', message);
  if (!isRefName(`refs/heads/${req.branch}`)) throw invalid('branch is not a valid branch name');
  if (!isRefName(`refs/heads/${req.baseBranch}`))
    throw invalid('baseBranch is not a valid branch name');
  if (req.branch === req.baseBranch) throw invalid('branch must differ from baseBranch');
  if (!isCommitId(req.baseSha)) throw invalid('baseSha must be a full commit id');
  if (req.commit.files.length === 0) throw invalid('a commit needs at least one file');
  const seen = new Set<string>();
  for (const file of req.commit.files) {
    if (
      !isRepositoryPath(file.path) ||
      file.path.split('/').some((s) => s.toLowerCase() === '.git')
    )
      throw invalid(`'${file.path}' is not a repository-relative path`);
    if (seen.has(file.path)) throw invalid(`'${file.path}' is listed twice`);
    seen.add(file.path);
  }
  if (req.commit.message.trim() === '') throw invalid('commit message is empty');
  if (req.pr.title.trim() === '') throw invalid('pull request title is empty');
};
