import { createHash } from 'node:crypto';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { runGit } from '@remediation/source-access';

/** `runGit`, or a git launcher's `run` (git started from a small helper process). */
export type GitRun = typeof runGit;

/** Index files of the commits checked lately (a scan's fixes all check against one commit). */
const MAX_INDEXES = 16;
const indexes = new Map<string, Promise<string | { error: string }>>();
let dir: Promise<string> | undefined;

const indexDir = () => (dir ??= mkdtemp(join(tmpdir(), 'remediation-apply-')));

/** The commit's tree read into an index file once (`git read-tree`), reused by later checks. */
const indexOf = (git: GitRun, mirror: string, commit: string, timeoutMs: number) => {
  const key = `${mirror}\u0000${commit}`;
  let entry = indexes.get(key);
  if (!entry) {
    entry = (async () => {
      const base = join(
        await indexDir(),
        createHash('sha256').update(key).digest('hex').slice(0, 32),
      );
      const partial = `${base}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      const read = await git(['read-tree', commit], {
        gitDir: mirror,
        env: { GIT_INDEX_FILE: partial },
        timeoutMs,
      });
      if (read.exitCode !== 0) {
        await rm(partial, { force: true });
        return { error: `the scanned commit cannot be read: ${read.stderr.trim()}` };
      }
      await rename(partial, base);
      return base;
    })();
    indexes.set(key, entry);
    if (indexes.size > MAX_INDEXES) {
      const [oldestKey, oldest] = indexes.entries().next().value!;
      indexes.delete(oldestKey);
      void oldest.then((path) =>
        typeof path === 'string' ? rm(path, { force: true }) : undefined,
      );
    }
  }
  return entry;
};

/**
 * `git apply --check` of a diff against the scanned commit, without a work tree: the diff is
 * checked against an index holding the commit's tree (read once per commit, as every fix of a
 * scan checks against the same commit; `--check` never writes it). Resolves with git's
 * complaint, or null when the diff applies.
 */
export const applyCheck = async (
  git: GitRun,
  mirror: string,
  commit: string,
  diff: string,
  timeoutMs: number,
): Promise<string | null> => {
  const index = await indexOf(git, mirror, commit, timeoutMs);
  if (typeof index !== 'string') {
    indexes.delete(`${mirror}\u0000${commit}`);
    return index.error;
  }
  const check = await git(['apply', '--cached', '--check', '-'], {
    gitDir: mirror,
    env: { GIT_INDEX_FILE: index },
    timeoutMs,
    input: diff,
  });
  return check.exitCode === 0 ? null : check.stderr.trim() || 'git apply --check failed';
};
