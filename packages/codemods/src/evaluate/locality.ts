import { structuredPatch } from 'diff';
import { normalizePath } from '../locate/code-flow.js';
import { LineIndex } from '../text/line-index.js';
import type { Edited, FileChange } from '../types.js';

/** Lines of a file, 1-based, both ends included. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

export interface Locality {
  ok: boolean;
  /** Changed line ranges of `before` that no allowed range covers. */
  outside: LineRange[];
}

/**
 * Checks that every changed line of `before` lies inside one of the allowed ranges (a pure
 * insertion counts as the line it precedes, or as the non-blank line it follows).
 */
export const diffStaysLocal = (
  before: string,
  after: string,
  allowed: readonly LineRange[],
): Locality => {
  const patch = structuredPatch('a', 'b', before, after, '', '', { context: 0 });
  // jsdiff numbers a pure insertion by the line it precedes. One that follows a non-blank line
  // (lines added after a statement) also counts as that line; after a blank line the owner is
  // ambiguous, as a line diff slides insertions over blank lines.
  const lines = before.split('\n');
  const touched = patch.hunks.map((h) => {
    const at = Math.max(1, h.oldStart);
    const follows = h.oldStart - 1;
    if (h.oldLines === 0 && follows >= 1 && lines[follows - 1]!.trim() !== '') {
      return { startLine: at, endLine: at, after: follows };
    }
    if (h.oldLines === 0) return { startLine: at, endLine: at, after: undefined };
    return { startLine: h.oldStart, endLine: h.oldStart + h.oldLines - 1, after: undefined };
  });
  const covers = (a: LineRange, first: number, last: number) =>
    a.startLine <= first && last <= a.endLine;
  const outside = touched
    .filter(
      (t) =>
        !allowed.some(
          (a) =>
            covers(a, t.startLine, t.endLine) ||
            (t.after !== undefined && covers(a, t.after, t.after)),
        ),
    )
    .map(({ startLine, endLine }) => ({ startLine, endLine }));
  return { ok: outside.length === 0, outside };
};

/**
 * Lines a splice covers in `before`; an insertion covers the line it lands on and the one above,
 * plus one line per blank line at the edges of the inserted text (a line diff may slide an
 * insertion that starts or ends with blank lines over the blank lines around it).
 */
const spliceLines = (
  lines: LineIndex,
  shift: number,
  start: number,
  end: number,
  text: string,
): LineRange => {
  const first = lines.lineOf(Math.max(0, start - shift)) + 1;
  const last = lines.lineOf(Math.max(0, end - shift)) + 1;
  const slide =
    (/^(\r?\n)*/.exec(text)![0].match(/\n/g)?.length ?? 0) +
    (/(\r?\n)*$/.exec(text)![0].match(/\n/g)?.length ?? 0);
  return start === end
    ? { startLine: Math.max(1, first - 1), endLine: first + 1 + slide }
    : { startLine: first, endLine: last };
};

/**
 * The ranges a fix may touch in one of its files: the site's statement (fix edits) plus the
 * places the engine added imports and helpers; a manifest may change anywhere.
 */
export const allowedRanges = (result: Edited, file: FileChange): LineRange[] => {
  if (file.changes.every((c) => c.purpose === 'manifest')) {
    return [{ startLine: 1, endLine: Number.MAX_SAFE_INTEGER }];
  }
  const shift = file.before.startsWith('\uFEFF') ? 1 : 0;
  const lines = new LineIndex(file.before.slice(shift));
  const ranges = file.changes
    .filter((c) => c.purpose !== 'fix')
    .map((c) => spliceLines(lines, shift, c.start, c.end, c.text));
  if (normalizePath(result.site.path) === normalizePath(file.path)) {
    ranges.push({ startLine: result.site.startLine, endLine: result.site.endLine });
  }
  return ranges;
};
