import { buildGitEnv, type GitAuth } from './git-env.js';
import { inheritedEnv } from './inherited-env.js';
import type { GitProtocol } from './protocols.js';
import { spawnGit, type GitRunResult, type SpawnGitRequest } from './spawn-git.js';

export type { GitRunResult } from './spawn-git.js';

export interface RunGitOptions {
  /** Working directory (a work tree for pr-publisher; reads use `gitDir`). */
  cwd?: string;
  /** Sets `GIT_DIR` (a bare mirror). */
  gitDir?: string;
  /** Kills git and everything it started (its process group) after this long. */
  timeoutMs: number;
  /** Written to git's stdin, which is then closed. Without it stdin is empty. */
  input?: string | Buffer;
  /** Extra variables (e.g. `GIT_AUTHOR_NAME`, `GIT_INDEX_FILE`); reserved ones throw. */
  env?: Readonly<Record<string, string>>;
  /** Extra settings passed as `GIT_CONFIG_KEY_n` (e.g. `user.name`); reserved ones throw. */
  config?: readonly (readonly [string, string])[];
  /** Transports git may use (default none: local operations only). */
  allowedProtocols?: readonly GitProtocol[];
  /** Credentials for one http(s) origin; they travel in the child's environment only. */
  auth?: GitAuth | null;
  /** Stdout beyond this is not kept: git is killed and `stdoutTruncated` set (default 64 MiB). */
  maxStdoutBytes?: number;
  /** Aborting kills git like a timeout does (`aborted` set). */
  signal?: AbortSignal;
  /** Where pass-through variables (PATH, HOME, proxies) come from; this process by default. */
  inheritEnv?: Readonly<Record<string, string | undefined>>;
}

const SUBCOMMAND = /^[a-z][a-z0-9-]*$/;

/**
 * Checks the arguments and builds git's hardened environment (see `runGit`): what `spawnGit`
 * runs, here or in the git launcher. Throws when the arguments or settings are refused.
 */
export const prepareGit = (args: readonly string[], options: RunGitOptions): SpawnGitRequest => {
  if (!SUBCOMMAND.test(args[0] ?? '')) {
    throw new TypeError('runGit: args[0] must be a git subcommand');
  }
  return {
    args: [...args],
    cwd: options.cwd,
    env: buildGitEnv({
      inherited: inheritedEnv(options.inheritEnv),
      extraEnv: options.env,
      extraConfig: options.config,
      allowedProtocols: options.allowedProtocols ?? [],
      auth: options.auth,
      gitDir: options.gitDir,
    }),
    timeoutMs: options.timeoutMs,
    input: options.input,
    maxStdoutBytes: options.maxStdoutBytes ?? 64 * 1024 * 1024,
  };
};

/**
 * Runs `git <args>` without a shell, with the hardened environment of `buildGitEnv`, in its own
 * process group so a timeout or abort kills git and its helpers (remote-https, ssh,
 * index-pack). `args[0]` must be a subcommand: global options such as `-c` or `--exec-path`
 * are refused, settings go through `config`. Callers put `--` (or `--end-of-options`) before
 * user-supplied values. Resolves with the outcome whatever git's exit code; rejects only when
 * git cannot be started or the arguments are refused.
 */
export const runGit = (args: readonly string[], options: RunGitOptions): Promise<GitRunResult> => {
  let request: SpawnGitRequest;
  try {
    request = prepareGit(args, options);
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return spawnGit(request, options.signal);
};
