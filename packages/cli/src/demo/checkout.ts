import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { CliError } from '../io.js';

const execFileAsync = promisify(execFile);

export const git = async (cwd: string, ...args: string[]): Promise<string> => {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, timeout: 60_000 });
    return stdout.trim();
  } catch (err) {
    const e = err as Error & { stderr?: string };
    throw new CliError(`git ${args[0]} failed: ${(e.stderr ?? e.message).trim()}`);
  }
};

/**
 * A clean work tree of the remote's default branch at `dir`: cloned the first time, fetched and
 * reset afterwards. The same folder every run, so the scanners' absolute paths (and the findings)
 * stay the same.
 */
export const prepareCheckout = async (
  cloneUrl: string,
  branch: string,
  dir: string,
): Promise<{ commit: string }> => {
  if (!existsSync(join(dir, '.git'))) {
    await mkdir(dirname(dir), { recursive: true });
    await git(dirname(dir), 'clone', '-q', '--no-tags', '-b', branch, cloneUrl, dir);
  } else {
    await git(dir, 'remote', 'set-url', 'origin', cloneUrl);
    await git(dir, 'fetch', '-q', '--no-tags', '--prune', 'origin');
    await git(dir, 'checkout', '-q', '-B', branch, `origin/${branch}`);
    await git(dir, 'reset', '-q', '--hard', `origin/${branch}`);
    await git(dir, 'clean', '-q', '-fdx');
  }
  return { commit: await git(dir, 'rev-parse', 'HEAD') };
};

/** The remote's branches under `prefix` (the fix branches pr-publisher pushed), name → sha. */
export const remoteBranches = async (
  cloneUrl: string,
  prefix: string,
  cwd: string,
): Promise<Map<string, string>> => {
  const out = await git(cwd, 'ls-remote', '--heads', cloneUrl, `refs/heads/${prefix}*`);
  const heads = new Map<string, string>();
  for (const line of out.split('\n').filter(Boolean)) {
    const [sha, ref] = line.split('\t');
    if (sha && ref) heads.set(ref.replace(/^refs\/heads\//, ''), sha);
  }
  return heads;
};
