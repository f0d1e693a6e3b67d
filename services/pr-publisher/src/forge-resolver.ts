import type { Db } from '@remediation/db';
import {
  createForgeProvider,
  ForgeError,
  type ForgeCredentials,
  type ForgeProvider,
  type ForgeRepository,
} from '@remediation/forges';
import type { SecretBox } from '@remediation/security';
import {
  CredentialsUnreadableError,
  loadRepositoryCredentials,
  parseAllowedProtocols,
} from '@remediation/source-access';

export interface ForgeSettings {
  githubApiUrl: string;
  gitlabApiUrl: string;
  author: { name: string; email: string };
  mirrorDir: string;
  allowedProtocols: string;
  gitTimeoutMs: number;
  compareUrlTemplate?: string | undefined;
}

export type ForgeFor = (
  repositoryId: string,
) => Promise<{ provider: ForgeProvider; repo: ForgeRepository }>;

/**
 * The forge provider of a repository: chosen by its `provider`, with its stored credentials
 * (decrypted here, never logged) and the configured API roots. Credentials that cannot be read
 * are a final `auth` error, so the fix says why it was not published.
 */
export const createForgeResolver = (deps: {
  db: Db;
  secretBox: SecretBox;
  settings: ForgeSettings;
}): ForgeFor => {
  const { settings } = deps;
  return async (repositoryId) => {
    const row = await deps.db
      .selectFrom('repositories')
      .select(['provider', 'name', 'clone_url', 'default_branch'])
      .where('id', '=', repositoryId)
      .executeTakeFirstOrThrow();
    let credentials: ForgeCredentials | null;
    try {
      credentials = await loadRepositoryCredentials(deps.db, deps.secretBox, repositoryId);
    } catch (err) {
      if (err instanceof CredentialsUnreadableError)
        throw new ForgeError(
          'auth',
          'the repository credentials cannot be decrypted (was SECRETS_ENCRYPTION_KEY changed?)',
        );
      throw err;
    }
    const repo: ForgeRepository = {
      provider: row.provider,
      fullName: row.name,
      cloneUrl: row.clone_url,
      defaultBranch: row.default_branch,
      ...(row.provider === 'github' ? { apiBaseUrl: settings.githubApiUrl } : {}),
      ...(row.provider === 'gitlab' ? { apiBaseUrl: settings.gitlabApiUrl } : {}),
    };
    const provider = createForgeProvider(repo, credentials, {
      gitAuthor: settings.author,
      git: {
        mirrorDir: settings.mirrorDir,
        allowedProtocols: parseAllowedProtocols(settings.allowedProtocols),
        timeoutMs: settings.gitTimeoutMs,
        ...(settings.compareUrlTemplate ? { compareUrlTemplate: settings.compareUrlTemplate } : {}),
      },
    });
    return { provider, repo };
  };
};
