import { fork, type ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareGit, type RunGitOptions } from './run-git.js';
import { inheritedEnv } from './inherited-env.js';
import {
  LAUNCHER_FLAG,
  type GitRunResult,
  type LauncherReply,
  type LauncherRequest,
} from './spawn-git.js';

/** `spawn-git` beside this file, as built (`.js`) or as sources (`.ts`, run with type stripping). */
const CHILD = fileURLToPath(
  new URL(`./spawn-git${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

export interface GitLauncher {
  /** `runGit`, with git started by the launcher process. */
  readonly run: (args: readonly string[], options: RunGitOptions) => Promise<GitRunResult>;
  /** The helper's process id while it runs (it starts with the first run). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/**
 * Starts git from a small helper process instead of this one. Starting a process costs in
 * proportion to the parent's memory (Linux copies its page tables): about 10 ms of CPU from a
 * 350 MB service against 1 ms from the 50 MB helper, paid on the service's event loop. For
 * services that run a short git command per job (the fixer's `git apply --check`). The
 * arguments and environment are checked and built here, exactly as `runGit` does; the helper
 * only starts git and reports. A helper that dies fails the runs it had (their jobs retry) and
 * is started again on the next run.
 */
export const createGitLauncher = (): GitLauncher => {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (r: GitRunResult) => void; reject: (e: Error) => void }
  >();

  const start = (): ChildProcess => {
    const started = fork(CHILD, [LAUNCHER_FLAG], {
      // What git itself may inherit (PATH, HOME, proxies): no secrets in the helper either.
      env: inheritedEnv(),
      execArgv: CHILD.endsWith('.ts') ? ['--no-warnings'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (reply: LauncherReply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve({ ...reply.result, stdout: Buffer.from(reply.result.stdout) });
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = undefined;
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error(`the git launcher exited (${signal ?? code})`));
      }
    });
    // Never keeps this process alive; it exits with us (its channel disconnects).
    started.unref();
    started.channel?.unref();
    return started;
  };

  return {
    get pid() {
      return child?.pid;
    },
    run: (args, options) => {
      let request;
      try {
        request = prepareGit(args, options);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      const target = (child ??= start());
      const id = nextId++;
      const signal = options.signal;
      const cancel = () => target.send({ kind: 'cancel', id } satisfies LauncherRequest);
      return new Promise<GitRunResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.send({ kind: 'run', id, request } satisfies LauncherRequest);
        if (signal?.aborted) cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
      }).finally(() => signal?.removeEventListener('abort', cancel));
    },
    close: async () => {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve());
        current.disconnect();
      });
    },
  };
};
