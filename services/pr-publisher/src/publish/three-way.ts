import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageOf, parsesWithoutErrors } from '@remediation/codemods';
import { runGit } from '@remediation/source-access';
import { reapplyManifest } from './manifest-reapply.js';
import { MARKER_SIZE, dropDeclarationsPresent, resolveInsertionConflicts } from './shared-edits.js';

export type FileMerge = { ok: true; content: string } | { ok: false; reason: string };

/** True when the text parses as its file kind, or when it is a kind we cannot parse. */
const parses = (path: string, text: string): boolean => {
  if (path.endsWith('.json')) {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }
  const language = languageOf(path);
  return language === null || parsesWithoutErrors(language, text);
};

/**
 * One file of a fix moved onto the branch's current head (`ours`), made from `base` (the scanned
 * commit) to `fixed`. A manifest whose change only declares dependencies gets them declared
 * again on `ours` (once, whatever other fixes declared); other files drop the top-level
 * declarations `ours` already has, then merge three ways with `git merge-file`, where two
 * insertions at one place are both kept. A result that no longer parses while `ours` did, or a
 * change of the same lines on both sides, means the fix no longer fits.
 */
export const mergeFile = async (
  dir: string,
  path: string,
  texts: { base: string; ours: string; fixed: string },
  timeoutMs: number,
): Promise<FileMerge> => {
  const { base, ours, fixed } = texts;
  const replayed = reapplyManifest(path, base, fixed, ours);
  if (replayed !== null) return { ok: true, content: replayed };
  const theirs = dropDeclarationsPresent(base, fixed, ours);
  const [o, b, t] = ['ours', 'base', 'theirs'].map((n) => join(dir, n)) as [string, string, string];
  await Promise.all([writeFile(o, ours), writeFile(b, base), writeFile(t, theirs)]);
  const merged = await runGit(
    [
      'merge-file',
      '-p',
      '--diff3',
      `--marker-size=${MARKER_SIZE}`,
      '-L',
      'head',
      '-L',
      'scanned',
      '-L',
      'fix',
      '--',
      o,
      b,
      t,
    ],
    { cwd: dir, timeoutMs },
  );
  // merge-file exits with the number of conflicts, negative on an error.
  if (merged.exitCode === null || merged.exitCode > 127)
    return { ok: false, reason: `${path}: git merge-file failed: ${merged.stderr.trim()}` };
  const text = merged.stdout.toString('utf8');
  const content = merged.exitCode === 0 ? text : resolveInsertionConflicts(text);
  if (content === null)
    return {
      ok: false,
      reason: `${path} changed since the scan where the fix edits it (the three-way merge conflicts)`,
    };
  if (parses(path, ours) && !parses(path, content))
    return {
      ok: false,
      reason: `${path} does not parse once the fix is merged onto the current head`,
    };
  return { ok: true, content };
};
