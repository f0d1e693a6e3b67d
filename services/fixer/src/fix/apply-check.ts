import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from '@remediation/source-access';

/**
 * `git apply --check` of a diff against the scanned commit, without a work tree: the commit's
 * tree is read into a throw-away index and the diff is checked against that index. Resolves
 * with git's complaint, or null when the diff applies.
 */
export const applyCheck = async (
  mirror: string,
  commit: string,
  diff: string,
  timeoutMs: number,
): Promise<string | null> => {
  const dir = await mkdtemp(join(tmpdir(), 'remediation-apply-'));
  try {
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    const read = await runGit(['read-tree', commit], { gitDir: mirror, env, timeoutMs });
    if (read.exitCode !== 0) return `the scanned commit cannot be read: ${read.stderr.trim()}`;
    const check = await runGit(['apply', '--cached', '--check', '-'], {
      gitDir: mirror,
      env,
      timeoutMs,
      input: diff,
    });
    return check.exitCode === 0 ? null : check.stderr.trim() || 'git apply --check failed';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
