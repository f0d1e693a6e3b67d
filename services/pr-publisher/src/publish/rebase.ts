import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from '@remediation/source-access';
import { mergeFile } from './three-way.js';

export interface RebasedFile {
  path: string;
  /** The file's new content at the current head, or null when the fix deletes it. */
  content: string | null;
}

export type Rebase =
  { ok: true; files: RebasedFile[]; rebased: boolean } | { ok: false; reason: string };

const git = async (
  mirror: string,
  args: string[],
  timeoutMs: number,
  extra: { env?: Record<string, string>; input?: string } = {},
) => {
  const r = await runGit(args, { gitDir: mirror, timeoutMs, ...extra });
  return { ok: r.exitCode === 0, out: r.stdout.toString('utf8'), err: r.stderr.trim() };
};

/** A file's text at a commit, or null when the commit has no such file. */
const blobAt = async (
  mirror: string,
  commit: string,
  path: string,
  timeoutMs: number,
): Promise<string | null> => {
  const r = await git(mirror, ['cat-file', 'blob', `${commit}:${path}`], timeoutMs);
  return r.ok ? r.out : null;
};

/** Paths a unified diff changes (the `b/` side; `/dev/null` for a deletion). */
export const diffPaths = (diff: string): { path: string; deleted: boolean }[] => {
  const out: { path: string; deleted: boolean }[] = [];
  const lines = diff.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('--- ')) continue;
    const next = lines[i + 1] ?? '';
    const a = line.slice(4).replace(/^a\//, '').split('\t')[0]!;
    const b = next.startsWith('+++ ') ? next.slice(4).split('\t')[0]! : '';
    if (b === '/dev/null') out.push({ path: a, deleted: true });
    else out.push({ path: b.replace(/^b\//, ''), deleted: false });
  }
  return out;
};

/**
 * The fix's files as they must be at the branch's current head. The diff is applied to the
 * commit it was made for (the scanned commit); when the head moved, each file is merged three
 * ways (head, scanned commit, fixed) as a rebase would, with what other merged fixes added alike
 * (a dependency, an import, a helper) kept once (`mergeFile`, decision 0025). A conflict means
 * the fix no longer fits: the reason says which file.
 */
export const rebaseFix = async (
  mirror: string,
  diff: string,
  scanned: string,
  head: string,
  timeoutMs: number,
): Promise<Rebase> => {
  const dir = await mkdtemp(join(tmpdir(), 'remediation-rebase-'));
  try {
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    const read = await git(mirror, ['read-tree', scanned], timeoutMs, { env });
    if (!read.ok) return { ok: false, reason: `the scanned commit cannot be read: ${read.err}` };
    const applied = await git(mirror, ['apply', '--cached', '-'], timeoutMs, { env, input: diff });
    if (!applied.ok)
      return {
        ok: false,
        reason: `the fix no longer applies to the commit it was made for: ${applied.err}`,
      };
    const files: RebasedFile[] = [];
    let rebased = false;
    for (const { path, deleted } of diffPaths(diff)) {
      const base = await blobAt(mirror, scanned, path, timeoutMs);
      const ours = await blobAt(mirror, head, path, timeoutMs);
      if (deleted) {
        if (ours !== base)
          return { ok: false, reason: `${path} changed since the scan; the fix deletes it` };
        files.push({ path, content: null });
        continue;
      }
      const fixedBlob = await git(mirror, ['cat-file', 'blob', `:${path}`], timeoutMs, { env });
      if (!fixedBlob.ok) return { ok: false, reason: `${path}: ${fixedBlob.err}` };
      const theirs = fixedBlob.out;
      if (ours === base) {
        files.push({ path, content: theirs });
        continue;
      }
      if (ours === null || base === null)
        return {
          ok: false,
          reason: `${path} was ${ours === null ? 'deleted' : 'added'} since the scan`,
        };
      rebased = true;
      const merged = await mergeFile(dir, path, { base, ours, fixed: theirs }, timeoutMs);
      if (!merged.ok) return merged;
      files.push({ path, content: merged.content });
    }
    return { ok: true, files, rebased };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
