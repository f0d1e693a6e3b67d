import type { GitCredentials } from '../types.js';

/**
 * A repository's credentials as stored (sealed) in `repository_credentials`:
 * - `token`: an access token (GitHub, GitLab, Gitea...), sent as HTTP Basic password with
 *   `username` (default `x-access-token`);
 * - `basic`: a user name and password;
 * - `github_app`: a GitHub App installation; a token is minted from it when needed.
 */
export type RepositoryCredentials =
  | { kind: 'token'; token: string; username?: string }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'github_app'; appId: string; installationId: string; privateKey: string };

export type RepositoryCredentialsKind = RepositoryCredentials['kind'];

/**
 * The git credentials for `credentials`, or null when there are none usable directly:
 * a `github_app` needs an installation token minted from its private key first (the
 * pr-publisher's GitHub provider does that and passes `{ username: 'x-access-token',
 * password: <installation token> }`).
 */
export const toGitCredentials = (
  credentials: RepositoryCredentials | null,
): GitCredentials | null => {
  if (!credentials) return null;
  switch (credentials.kind) {
    case 'token':
      return { username: credentials.username ?? 'x-access-token', password: credentials.token };
    case 'basic':
      return { username: credentials.username, password: credentials.password };
    case 'github_app':
      return null;
  }
};

/** What may be shown about stored credentials: the kind and non-secret identifiers. */
export interface CredentialsDescription {
  kind: RepositoryCredentialsKind;
  username?: string;
  app_id?: string;
  installation_id?: string;
}

export const describeCredentials = (credentials: RepositoryCredentials): CredentialsDescription => {
  switch (credentials.kind) {
    case 'token':
      return { kind: 'token', ...(credentials.username ? { username: credentials.username } : {}) };
    case 'basic':
      return { kind: 'basic', username: credentials.username };
    case 'github_app':
      return {
        kind: 'github_app',
        app_id: credentials.appId,
        installation_id: credentials.installationId,
      };
  }
};
