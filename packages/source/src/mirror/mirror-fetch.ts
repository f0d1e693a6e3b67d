import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { GitAuth } from '../git/git-env.js';
import type { GitProtocol } from '../git/protocols.js';
import { runGit, type GitRunResult } from '../git/run-git.js';
import type { FetchResult, SourceLogger } from '../types.js';
import { packBytes, watchMirrorSize } from './mirror-size.js';

export interface MirrorContext {
  cacheDir: string;
  allowedProtocols: readonly GitProtocol[];
  fetchTimeoutMs: number;
  readTimeoutMs: number;
  maxMirrorBytes: number | undefined;
  logger: SourceLogger;
  inheritEnv: Readonly<Record<string, string | undefined>> | undefined;
  /** Aborted by `close()`. */
  closing: AbortSignal;
}

/** What to fetch: every branch and tag, or one commit by id (kept under `refs/remediation/`). */
export type FetchTarget = { kind: 'refs' } | { kind: 'commit'; sha: string };

export interface FetchRequest {
  repositoryId: string;
  url: string;
  auth: GitAuth | null;
  secrets: readonly string[];
  target: FetchTarget;
  /** When this commit is present once the lock is held, nothing is fetched. */
  wanted?: string | undefined;
}

export type MirrorFetchResult = FetchResult | { ok: true; fetch: 'none' };

/** `<cacheDir>/<repository id>.git`: a bare repository, never a work tree. */
export const mirrorPath = (cacheDir: string, repositoryId: string) =>
  join(cacheDir, `${repositoryId}.git`);

export const mirrorExists = (dir: string): Promise<boolean> =>
  stat(join(dir, 'HEAD')).then(
    () => true,
    () => false,
  );

/** Whether the mirror has `sha` as a commit (false when the mirror does not exist). */
export const hasCommit = async (ctx: MirrorContext, dir: string, sha: string): Promise<boolean> => {
  if (!(await mirrorExists(dir))) return false;
  const run = await runGit(['cat-file', '-e', `${sha}^{commit}`], {
    gitDir: dir,
    timeoutMs: ctx.readTimeoutMs,
    inheritEnv: ctx.inheritEnv,
    signal: ctx.closing,
  });
  return run.exitCode === 0;
};

const FETCH_CONFIG = [
  ['fetch.unpackLimit', '1'],
  ['gc.auto', '0'],
  ['fetch.writeCommitGraph', 'false'],
] as const;

const fetchArgs = (url: string, target: FetchTarget) =>
  target.kind === 'refs'
    ? ['fetch', '--prune', '--no-tags', '--quiet', '--no-write-fetch-head', '--', url].concat([
        '+refs/heads/*:refs/heads/*',
        '+refs/tags/*:refs/tags/*',
      ])
    : ['fetch', '--no-tags', '--quiet', '--no-write-fetch-head', '--', url].concat([
        `${target.sha}:refs/remediation/commits/${target.sha}`,
      ]);

/** Runs one fetch into `dir`, stopping it when the mirror passes the size cap. */
export const runFetch = async (
  ctx: MirrorContext,
  dir: string,
  request: FetchRequest,
  lockLost: AbortSignal,
): Promise<{ run: GitRunResult; tooLarge: boolean }> => {
  const max = ctx.maxMirrorBytes;
  const sizeStop = new AbortController();
  const stopWatch =
    max === undefined ? () => undefined : watchMirrorSize(dir, max, () => sizeStop.abort());
  try {
    const run = await runGit(fetchArgs(request.url, request.target), {
      gitDir: dir,
      timeoutMs: ctx.fetchTimeoutMs,
      allowedProtocols: ctx.allowedProtocols,
      auth: request.auth,
      config: FETCH_CONFIG,
      inheritEnv: ctx.inheritEnv,
      signal: AbortSignal.any([ctx.closing, lockLost, sizeStop.signal]),
    });
    const tooLarge =
      sizeStop.signal.aborted ||
      (max !== undefined && run.exitCode === 0 && (await packBytes(dir)) > max);
    return { run, tooLarge };
  } finally {
    stopWatch();
  }
};

export const removeAbandonedClones = async (cacheDir: string, repositoryId: string) => {
  const prefix = `${repositoryId}.git.tmp-`;
  const names = await readdir(cacheDir);
  await Promise.all(
    names
      .filter((n) => n.startsWith(prefix))
      .map((n) => rm(join(cacheDir, n), { recursive: true, force: true })),
  );
};
