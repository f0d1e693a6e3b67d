import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runGit } from '@remediation/source-access';
import { ForgeError } from '../forge-error.js';
import type { GitRunner } from './git-runner.js';

/**
 * The bare repository publishing works in: `<mirrorDir>/publish-<hash of the URL>.git`, apart
 * from source access's read mirrors (no shared lock). Made under a temporary name and renamed
 * into place, so a crash never leaves a half-made one under the real name.
 */
export const ensurePublishMirror = async (
  mirrorDir: string,
  url: string,
  timeoutMs: number,
): Promise<string> => {
  const dir = join(
    mirrorDir,
    `publish-${createHash('sha256').update(url).digest('hex').slice(0, 24)}.git`,
  );
  if (
    await stat(dir).then(
      () => true,
      () => false,
    )
  )
    return dir;
  await mkdir(mirrorDir, { recursive: true });
  const tmp = `${dir}.tmp-${randomUUID()}`;
  const init = await runGit(['init', '--bare', '--quiet', '--', tmp], { timeoutMs });
  if (init.exitCode !== 0)
    throw new ForgeError('transient', 'git init of the publish mirror failed');
  try {
    await rename(tmp, dir);
  } catch {
    // Another job made it first; theirs is as good as ours.
    await rm(tmp, { recursive: true, force: true });
  }
  return dir;
};

/** The remote's heads among `branches` (absent ones are missing from the map). */
export const remoteHeads = async (
  runner: GitRunner,
  branches: readonly string[],
): Promise<Map<string, string>> => {
  const refs = branches.map((b) => `refs/heads/${b}`);
  const { stdout } = await runner.run(['ls-remote', '--heads', '--', runner.url, ...refs], {
    remote: true,
  });
  const heads = new Map<string, string>();
  for (const line of stdout.toString('utf8').split('\n')) {
    const [sha, ref] = line.split('\t');
    if (sha && ref && refs.includes(ref)) heads.set(ref.slice('refs/heads/'.length), sha);
  }
  return heads;
};

/** Remote heads whose name starts with `prefix`. */
export const remoteHeadsWithPrefix = async (
  runner: GitRunner,
  prefix: string,
): Promise<Map<string, string>> => {
  const { stdout } = await runner.run(['ls-remote', '--heads', '--', runner.url], { remote: true });
  const heads = new Map<string, string>();
  for (const line of stdout.toString('utf8').split('\n')) {
    const [sha, ref] = line.split('\t');
    if (sha && ref?.startsWith(`refs/heads/${prefix}`))
      heads.set(ref.slice('refs/heads/'.length), sha);
  }
  return heads;
};

/** Fetches remote branches into `refs/forge/remote/<branch>` of the mirror. */
export const fetchBranches = async (
  runner: GitRunner,
  branches: readonly string[],
): Promise<void> => {
  if (branches.length === 0) return;
  const refspecs = branches.map((b) => `+refs/heads/${b}:refs/forge/remote/${b}`);
  await runner.run(
    ['fetch', '--no-tags', '--no-write-fetch-head', '--quiet', '--', runner.url, ...refspecs],
    { remote: true },
  );
};

export const hasCommit = async (runner: GitRunner, sha: string): Promise<boolean> =>
  (await runner.run(['cat-file', '-e', `${sha}^{commit}`], { allowFailure: true })).exitCode === 0;

/** Whether `ancestor` is reachable from `descendant` (both present in the mirror). */
export const isAncestor = async (
  runner: GitRunner,
  ancestor: string,
  descendant: string,
): Promise<boolean> => {
  const run = await runner.run(['merge-base', '--is-ancestor', ancestor, descendant], {
    allowFailure: true,
  });
  if (run.exitCode === 0) return true;
  if (run.exitCode === 1) return false;
  throw new ForgeError('transient', 'git merge-base failed');
};

// One publish per mirror at a time in this process: they share refs/forge/* names.
const queues = new Map<string, Promise<unknown>>();
export const serialized = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
};
