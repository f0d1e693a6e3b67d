import { diffLines } from 'diff';

/**
 * Shared edits are what several fixes of one file add alike: an import, a helper function.
 * Made each on the scanned commit, they land at places that differ once another fix is merged
 * (after an import that fix added, before a helper it added), so a textual merge keeps both
 * copies (`Identifier 'escapeRegExp' has already been declared`) or conflicts. Pure text work.
 */

/**
 * A top-level import or declaration: what codemods add once per file (`ensureHelper`,
 * `ensure*Import`). Indented lines are never shared: an import inside a function, or a line
 * added at a site (`factory.setFeature(...)` can be legitimately repeated at every factory),
 * belongs to its scope.
 */
const DECLARATION =
  /^(import\b|from\s+\S+\s+import\b|(export\s+)?(async\s+)?function\b|(export\s+)?(const|let|var)\s+[\w{},:\s]+=\s*require\(|(async\s+)?def\s|class\s)/;

const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** A line that belongs to the declaration above it: indented, or closing its brackets. */
const CONTINUATION = /^([ \t]|[})\]])/;

/**
 * The top-level units of an inserted block (a declaration with its indented body and closing
 * brace, blank lines inside a Python function included), each with its line range, trailing
 * blank lines excluded.
 */
const units = (lines: readonly string[]): { from: number; to: number }[] => {
  const starts = lines.flatMap((line, i) =>
    line.trim() !== '' && !CONTINUATION.test(line) ? [i] : [],
  );
  return starts.map((from, k) => {
    let to = starts[k + 1] ?? lines.length;
    while (to > from + 1 && lines[to - 1]!.trim() === '') to--;
    return { from, to };
  });
};

const containsRun = (haystack: readonly string[], run: readonly string[]): boolean => {
  const norm = (s: string) => s.replace(/\s+$/, '');
  outer: for (let i = 0; i + run.length <= haystack.length; i++) {
    for (let j = 0; j < run.length; j++)
      if (norm(haystack[i + j]!) !== norm(run[j]!)) continue outer;
    return true;
  }
  return false;
};

/**
 * The fixed text without the top-level declarations it inserts that `ours` (the branch's
 * current head) already has, word for word: the duplicate another merged fix brought is not
 * added twice. A declaration goes with the blank lines that separated it. Only pure
 * insertions are considered; a declaration the fix rewrote stays, and the merge judges it.
 */
export const dropDeclarationsPresent = (base: string, fixed: string, ours: string): string => {
  const oursLines = splitLines(ours);
  const parts = diffLines(base, fixed);
  const out: string[] = [];
  parts.forEach((part, i) => {
    if (part.removed) return;
    const pureInsertion = part.added && !parts[i - 1]?.removed && !parts[i + 1]?.removed;
    if (!pureInsertion) {
      out.push(part.value);
      return;
    }
    const lines = part.value.split('\n');
    const keep = lines.map(() => true);
    for (const { from, to } of units(lines)) {
      const run = lines.slice(from, to);
      if (!DECLARATION.test(run[0]!) || !containsRun(oursLines, run)) continue;
      // The unit and the blank lines after it (the ones before it, at the block's end).
      let end = to;
      while (end < lines.length - 1 && lines[end]!.trim() === '') end++;
      let begin = from;
      if (end === to || end === lines.length - 1)
        while (begin > 0 && lines[begin - 1]!.trim() === '') begin--;
      for (let k = begin; k < end; k++) keep[k] = false;
    }
    out.push(lines.filter((_, k) => keep[k]).join('\n'));
  });
  return out.join('');
};

/** `git merge-file` marker size: long enough that no source line is mistaken for a marker. */
export const MARKER_SIZE = 31;
const mark = (c: string) => c.repeat(MARKER_SIZE);

/**
 * Resolves the conflicts of a `git merge-file --diff3` result where both sides only inserted
 * lines at the same place (the base part is empty): two fixes adding an import, a helper or a
 * line after the same statement. Ours comes first, then the fix's lines, as if the fix had been
 * made after the merged one. Returns null when a conflict changed the same lines on both sides
 * (the fix no longer fits; it is regenerated on the new code instead).
 */
export const resolveInsertionConflicts = (merged: string): string | null => {
  const lines = merged.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith(mark('<'))) {
      out.push(line);
      continue;
    }
    const ours: string[] = [];
    const base: string[] = [];
    const theirs: string[] = [];
    let section = ours;
    for (i++; i < lines.length && !lines[i]!.startsWith(mark('>')); i++) {
      const l = lines[i]!;
      if (l.startsWith(mark('|'))) section = base;
      else if (l === mark('=')) section = theirs;
      else section.push(l);
    }
    if (base.length > 0) return null;
    out.push(...ours, ...theirs);
  }
  return out.join('\n');
};
