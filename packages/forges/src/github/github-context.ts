import { ForgeError } from '../forge-error.js';
import type { ForgeRepository, GitIdentity } from '../types.js';
import type { GithubClient } from './github-client.js';
import { toGithubError } from './github-errors.js';

/** What every GitHub operation needs: the client, the repository's coordinates, the secrets to scrub. */
export interface GithubContext {
  client: GithubClient;
  owner: string;
  repo: string;
  secrets: readonly string[];
  /** Committer of created commits (default: the request's author). */
  committer?: GitIdentity;
}

export const githubCoordinates = (repo: ForgeRepository): { owner: string; repo: string } => {
  const parts = repo.fullName.split('/');
  const [owner, name] = parts;
  if (parts.length !== 2 || !owner || !name) {
    throw new ForgeError('invalid', `GitHub repository name must be owner/name`);
  }
  return { owner, repo: name };
};

/** Runs one API call, turning whatever it throws into a `ForgeError` named after `operation`. */
export const call = async <T>(
  ctx: GithubContext,
  operation: string,
  fn: () => Promise<T>,
): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    throw toGithubError(err, operation, ctx.secrets);
  }
};
