// Starts git and collects its outcome. No relative imports and only erasable TypeScript: the git
// launcher runs this very file as its child process (`node spawn-git.js`, or `spawn-git.ts` from
// sources), so it must load on its own.
import { spawn } from 'node:child_process';

/** What `prepareGit` checked and built: the arguments and the complete environment. */
export interface SpawnGitRequest {
  args: string[];
  cwd?: string | undefined;
  env: Record<string, string>;
  timeoutMs: number;
  input?: string | Uint8Array | undefined;
  maxStdoutBytes: number;
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

const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
};

/**
 * Runs git without a shell in its own process group, so a timeout or abort kills git and its
 * helpers (remote-https, ssh, index-pack). Resolves with the outcome whatever git's exit code;
 * rejects only when git cannot be started.
 */
export const spawnGit = (request: SpawnGitRequest, signal?: AbortSignal): Promise<GitRunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn('git', request.args, {
      cwd: request.cwd,
      env: request.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      shell: false,
    });
    const maxStdout = request.maxStdoutBytes;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let aborted = false;
    let stdoutTruncated = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, request.timeoutMs);
    const onAbort = () => {
      aborted = true;
      killGroup(child.pid);
    };
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

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
    child.stdin.end(request.input ?? '');

    child.on('error', (err) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(new Error(`git could not be started: ${err.message}`));
    });
    child.on('close', (exitCode, exitSignal) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({
        exitCode,
        signal: exitSignal,
        stdout: Buffer.concat(stdout),
        stderr,
        timedOut,
        aborted,
        stdoutTruncated,
      });
    });
  });

/** The argument that makes this file, run as a process, the launcher's helper. */
export const LAUNCHER_FLAG = '--remediation-git-launcher';

/** Messages between the git launcher and this file run as its child. */
export type LauncherRequest =
  { kind: 'run'; id: number; request: SpawnGitRequest } | { kind: 'cancel'; id: number };
export type LauncherReply =
  | { id: number; result: Omit<GitRunResult, 'stdout'> & { stdout: Uint8Array } }
  | { id: number; error: string };

/** The launcher child: runs each request, replies with its outcome, exits with its parent. */
const serve = () => {
  const running = new Map<number, AbortController>();
  const send = (reply: LauncherReply) => process.send?.(reply);
  process.on('message', (message: LauncherRequest) => {
    if (message.kind === 'cancel') {
      running.get(message.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    spawnGit(message.request, controller.signal)
      .then(
        (result) => send({ id: message.id, result }),
        (err: unknown) => send({ id: message.id, error: (err as Error).message }),
      )
      .finally(() => running.delete(message.id));
  });
  process.on('disconnect', () => process.exit(0));
};

if (process.argv.includes(LAUNCHER_FLAG) && process.send) serve();
