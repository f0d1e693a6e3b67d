import {
  checkCloneUrl,
  runGit,
  secretForms,
  type GitAuth,
  type GitProtocol,
  type GitRunResult,
} from '@remediation/source-access';
import { ForgeError } from '../forge-error.js';
import type { ForgeCredentials } from '../types.js';
import { gitFailure } from './git-errors.js';

/** Runs git against one bare mirror and one remote, with the remote's credentials when http(s). */
export interface GitRunner {
  readonly gitDir: string;
  readonly url: string;
  readonly secrets: readonly string[];
  /** Runs git; a non-zero exit becomes a `ForgeError` unless `allowFailure`. */
  run(
    args: readonly string[],
    options?: {
      input?: string | Buffer;
      env?: Record<string, string>;
      remote?: boolean;
      allowFailure?: boolean;
    },
  ): Promise<GitRunResult>;
}

const gitCredentialsOf = (credentials: ForgeCredentials | null) => {
  if (!credentials) return null;
  switch (credentials.kind) {
    case 'token':
      return { username: credentials.username ?? 'x-access-token', password: credentials.token };
    case 'basic':
      return { username: credentials.username, password: credentials.password };
    case 'github_app':
      throw new ForgeError(
        'auth',
        'GitHub App credentials need the github provider, not plain git',
      );
  }
};

export const createGitRunner = (options: {
  gitDir: string;
  url: string;
  credentials: ForgeCredentials | null;
  allowedProtocols: readonly GitProtocol[];
  timeoutMs: number;
}): GitRunner => {
  const check = checkCloneUrl(options.url, options.allowedProtocols);
  if (!check.ok) throw new ForgeError('invalid', check.message);
  const credentials = gitCredentialsOf(options.credentials);
  const auth: GitAuth | null =
    credentials && check.httpOrigin ? { httpOrigin: check.httpOrigin, credentials } : null;
  const secrets = secretForms(credentials);
  return {
    gitDir: options.gitDir,
    url: options.url,
    secrets,
    async run(args, runOptions = {}) {
      const result = await runGit(args, {
        gitDir: options.gitDir,
        timeoutMs: options.timeoutMs,
        ...(runOptions.input !== undefined ? { input: runOptions.input } : {}),
        ...(runOptions.env ? { env: runOptions.env } : {}),
        ...(runOptions.remote ? { allowedProtocols: options.allowedProtocols, auth } : {}),
      });
      if (result.exitCode !== 0 && !runOptions.allowFailure)
        throw gitFailure(args[0] ?? 'git', result, secrets);
      return result;
    },
  };
};

export const gitCredentialsFor = gitCredentialsOf;
