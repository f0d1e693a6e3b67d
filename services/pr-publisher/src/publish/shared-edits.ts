import { diffArrays, diffLines } from 'diff';

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
  /^(import\b|from\s+\S+\s+import\b|(export\s+)?(async\s+)?function\b|(export\s+)?(const|let|var)\s+[\w{},:\s]+=\s*require\(|(async\s+)?def\s|class\s|func\s)/;

/**
 * One spec of a Go `import (...)` block (`\t"errors"`, `\tcrand "crypto/rand"`): indented, yet a
 * file-level declaration a codemod adds once (`ensureGoImport`). A string in a composite literal
 * ends with a comma, so it never matches.
 */
const GO_IMPORT_SPEC = /^\t(?:[A-Za-z_.][\w]* )?"[^"\s]+"$/;

const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** A line that belongs to the declaration above it: indented, or closing its brackets. */
const CONTINUATION = /^([ \t]|[})\]])/;

/** A line that introduces the declaration below it: a comment or a decorator/annotation. */
const LEADING = /^[ \t]*(\/\*|\*|\/\/|#(?!!)|@)/;

/**
 * The top-level units of an inserted block (a declaration with its indented body and closing
 * brace, blank lines inside a Python function included, the comments and decorators right above
 * it), each with its line range, trailing blank lines excluded.
 */
const units = (lines: readonly string[]): { from: number; to: number }[] => {
  const starts = lines.flatMap((line, i) =>
    line.trim() !== '' && !CONTINUATION.test(line) ? [i] : [],
  );
  const all = starts.map((from, k) => {
    let to = starts[k + 1] ?? lines.length;
    while (to > from + 1 && lines[to - 1]!.trim() === '') to--;
    return { from, to };
  });
  // A comment or decorator unit directly above the next unit is part of it.
  const out: { from: number; to: number }[] = [];
  let pending: number | null = null;
  for (const [k, u] of all.entries()) {
    const next = all[k + 1];
    if (LEADING.test(lines[u.from]!) && next && next.from === u.to) {
      pending ??= u.from;
      continue;
    }
    out.push({ from: pending ?? u.from, to: u.to });
    pending = null;
  }
  return out;
};

/**
 * A method declaration inside a class body (Java, TypeScript): modifiers, a return type, a name
 * and its parameters. A site fix never inserts one; a codemod adds it once per class as a helper
 * (`ensureJavaHelper`).
 */
const MEMBER =
  /^([ \t]+)((public|protected|private|static|final|synchronized)\s+)+[\w<>[\],.? ]+?\s+\w+\s*\(/;

/**
 * The indented method units of an inserted block: the heading line, its comments and annotations
 * above at the same indentation, down to the closing brace at that indentation.
 */
const memberUnits = (lines: readonly string[]): { from: number; to: number }[] =>
  lines.flatMap((line, i) => {
    const head = MEMBER.exec(line);
    if (!head) return [];
    const indent = head[1]!;
    const close = lines.findIndex((l, k) => k > i && l.replace(/\s+$/, '') === `${indent}}`);
    if (close < 0) return [];
    let from = i;
    while (
      from > 0 &&
      lines[from - 1]!.startsWith(indent) &&
      !/^[ \t]/.test(lines[from - 1]!.slice(indent.length)) &&
      LEADING.test(lines[from - 1]!)
    )
      from--;
    // A multi-line Javadoc: its ` * ` lines are one column deeper.
    while (from > 0 && /^[ \t]*(\/\*\*?|\*)/.test(lines[from - 1]!)) from--;
    return [{ from, to: close + 1 }];
  });

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
 * Besides top-level units: Java helper methods (`memberUnits`).
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
    const declarations = units(lines).filter(({ from, to }) =>
      DECLARATION.test(lines.slice(from, to).find((l) => !LEADING.test(l)) ?? ''),
    );
    const goImports = lines.flatMap((line, k) =>
      GO_IMPORT_SPEC.test(line) ? [{ from: k, to: k + 1 }] : [],
    );
    for (const unit of [...declarations, ...memberUnits(lines), ...goImports]) {
      // With its comments when the head has them too, else the declaration alone (its comment
      // stays: a second copy of a comment is harmless, a second declaration is not).
      let from = unit.from;
      const to = unit.to;
      if (!containsRun(oursLines, lines.slice(from, to))) {
        while (from < to - 1 && LEADING.test(lines[from]!)) from++;
        if (from === unit.from || !containsRun(oursLines, lines.slice(from, to))) continue;
      }
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

/** One change of a side against the base, in base token positions: `[start, end)` → `insert`. */
interface Edit {
  start: number;
  end: number;
  insert: string[];
}

/** Words, runs of punctuation-free whitespace, and single other characters. */
const tokens = (text: string): string[] => text.match(/\s+|\w+|[^\w\s]/g) ?? [];

const editsOf = (base: string[], side: string[]): Edit[] => {
  const edits: Edit[] = [];
  let at = 0;
  let open: Edit | null = null;
  for (const part of diffArrays(base, side)) {
    if (!part.added && !part.removed) {
      if (open) edits.push(open);
      open = null;
      at += part.count ?? part.value.length;
      continue;
    }
    open ??= { start: at, end: at, insert: [] };
    if (part.removed) {
      at += part.count ?? part.value.length;
      open.end = at;
    } else open.insert.push(...part.value);
  }
  if (open) edits.push(open);
  return edits;
};

/** True when `inner` is the start or the end of `outer`. */
const holds = (outer: readonly string[], inner: readonly string[]): boolean => {
  const at = (offset: number) => inner.every((t, i) => outer[offset + i] === t);
  return inner.length <= outer.length && (at(0) || at(outer.length - inner.length));
};

const sameEdit = (a: Edit, b: Edit) =>
  a.start === b.start && a.end === b.end && a.insert.join('') === b.insert.join('');

/**
 * True when two edits of different sides cannot both be made: they change common tokens, or
 * insert different text at the same place, or one inserts inside what the other replaces.
 */
const clash = (a: Edit, b: Edit): boolean => {
  if (sameEdit(a, b)) return false;
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
};

const WORD = /\w/;

/**
 * True when every change `inner` made to `base` is in `outer` too: the words `inner` inserted
 * are still in `outer` (aligned by a token diff of the two), and the words it removed from `base`
 * are gone from `outer`. A fix whose change the head already holds, with more around it (the
 * same `timeout=10` added to a call another fix also changed), has nothing left to add.
 */
const includes = (base: string[], outer: string[], inner: string[]): boolean => {
  const inserted = new Set<number>();
  const removed = new Set<number>();
  let i = 0;
  let k = 0;
  for (const part of diffArrays(base, inner)) {
    const n = part.value.length;
    for (let j = 0; j < n; j++) {
      if (part.added) inserted.add(i + j);
      else if (part.removed) removed.add(k + j);
    }
    if (!part.removed) i += n;
    if (!part.added) k += n;
  }
  i = 0;
  for (const part of diffArrays(inner, outer)) {
    const n = part.value.length;
    if (part.removed)
      for (let j = 0; j < n; j++) if (inserted.has(i + j) && WORD.test(inner[i + j]!)) return false;
    if (!part.added) i += n;
  }
  const gone = new Set<number>();
  k = 0;
  for (const part of diffArrays(base, outer)) {
    const n = part.value.length;
    if (part.removed) for (let j = 0; j < n; j++) gone.add(k + j);
    if (!part.added) k += n;
  }
  return [...removed].every((r) => !WORD.test(base[r]!) || gone.has(r));
};

/** The words of an edit's inserted text, whitespace and punctuation left out. */
const words = (e: Edit): string => e.insert.filter((t) => WORD.test(t)).join(' ');

/**
 * A conflict where both sides changed the same lines, merged word by word. When one side's
 * change already holds the other's (`includes`), that side is the result. Otherwise each side's
 * changes against the base, in tokens (words, whitespace, punctuation), are made together when
 * none of them touches a token the other side changed (`verify=False` made `verify=True` by one
 * fix and `, timeout=10` added after it by another). Null when two changes overlap, or when an
 * insertion right next to the other side's change repeats words that change inserted (it could
 * be the same change aligned differently: `timeout=10` twice is not a merge).
 */
export const mergeTokens = (base: string, ours: string, theirs: string): string | null => {
  const b = tokens(base);
  const o = tokens(ours);
  const t = tokens(theirs);
  if (includes(b, o, t)) return ours;
  if (includes(b, t, o)) return theirs;
  const mine = editsOf(b, o);
  const other: Edit[] = [];
  for (const e of editsOf(b, t)) {
    const against = mine.filter((m) => sameEdit(m, e) || clash(m, e));
    if (against.length === 0) {
      const touching = mine.filter((m) => m.start <= e.end && e.start <= m.end);
      const repeats = (x: Edit, y: Edit) => words(x) !== '' && words(y).includes(words(x));
      if (touching.some((m) => repeats(e, m) || repeats(m, e))) return null;
      other.push(e);
      continue;
    }
    if (against.length > 1) return null;
    const m = against[0]!;
    if (sameEdit(m, e)) continue;
    // The same replacement, one side adding to it (`execSync` made `execFileSync` by both, and
    // `, execFile` added after it by one): the larger one holds the other.
    if (m.start !== e.start || m.end !== e.end) return null;
    if (holds(m.insert, e.insert)) continue;
    if (!holds(e.insert, m.insert)) return null;
    mine.splice(mine.indexOf(m), 1, e);
  }
  // Applied from the base's start; at one position an insertion comes before a replacement.
  const all = [...mine, ...other].sort((x, y) => x.start - y.start || x.end - y.end);
  const out: string[] = [];
  let at = 0;
  for (const e of all) {
    out.push(...b.slice(at, e.start), ...e.insert);
    at = Math.max(at, e.end);
  }
  out.push(...b.slice(at));
  return out.join('');
};

/**
 * Resolves the conflicts of a `git merge-file --diff3` result where both sides only inserted
 * lines at the same place (the base part is empty): two fixes adding an import, a helper or a
 * line after the same statement. Ours comes first, then the fix's lines, as if the fix had been
 * made after the merged one. Where both sides changed the same lines, their changes are merged
 * word by word when they do not overlap (`mergeTokens`). Returns null when they do (the fix no
 * longer fits; it is regenerated on the new code instead).
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
    if (base.length === 0) {
      // Two fixes adding Go imports at one place: one sorted run, as gofmt keeps a group.
      const specs = [...ours, ...theirs];
      if (specs.every((l) => GO_IMPORT_SPEC.test(l))) {
        const path = (l: string) => /"([^"]+)"/.exec(l)![1]!;
        out.push(...[...new Set(specs)].sort((a, b) => path(a).localeCompare(path(b))));
      } else if (containsRun(ours, theirs)) {
        // The head already has the fix's lines there (a refresh of a fix that is merged): once.
        out.push(...ours);
      } else out.push(...ours, ...theirs);
      continue;
    }
    const merged = mergeTokens(base.join('\n'), ours.join('\n'), theirs.join('\n'));
    if (merged === null) return null;
    out.push(...(merged === '' ? [] : merged.split('\n')));
  }
  return out.join('\n');
};
