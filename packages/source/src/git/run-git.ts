import { spawn } from 'node:child_process';
import { buildGitEnv, type GitAuth } from './git-env.js';
import { inheritedEnv } from './inherited-env.js';
import type { GitProtocol } from './protocols.js';

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

export interface GitRunResult {
  /** null when git was killed. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** At most 64 KiB; NOT scrubbed: pass it through `scrub` before showing it. */
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  stdoutTruncated: boolean;
}

const MAX_STDERR = 64 * 1024;
const SUBCOMMAND = /^[a-z][a-z0-9-]*$/;

const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
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
  if (!SUBCOMMAND.test(args[0] ?? '')) {
    return Promise.reject(new TypeError('runGit: args[0] must be a git subcommand'));
  }
  let env: Record<string, string>;
  try {
    env = buildGitEnv({
      inherited: inheritedEnv(options.inheritEnv),
      extraEnv: options.env,
      extraConfig: options.config,
      allowedProtocols: options.allowedProtocols ?? [],
      auth: options.auth,
      gitDir: options.gitDir,
    });
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  const maxStdout = options.maxStdoutBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      shell: false,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let aborted = false;
    let stdoutTruncated = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      killGroup(child.pid);
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutTruncated) return;
      if (stdoutBytes + chunk.length > maxStdout) {
        stdoutTruncated = true;
        stdout.push(chunk.subarray(0, maxStdout - stdoutBytes));
        stdoutBytes = maxStdout;
        killGroup(child.pid);
        return;
      }
      stdout.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.slice(0, MAX_STDERR - stderr.length);
    });
    // git may exit before reading all of its input (EPIPE): its exit status tells what happened.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');

    child.on('error', (err) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new Error(`git could not be started: ${err.message}`));
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout),
        stderr,
        timedOut,
        aborted,
        stdoutTruncated,
      });
    });
  });
};
