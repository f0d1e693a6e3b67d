import { normalizePath } from '../locate/code-flow.js';
import { LineIndex } from '../text/line-index.js';
import { mapOffset } from '../text/splice.js';
import type { CodemodInput, Edited, FileChange, Region } from '../types.js';

const BOM = '\uFEFF';

/** Offsets in a raw text (BOM included) of a region; columns read as 1-based. */
const regionOffsets = (text: string, region: Region): { start: number; end: number } => {
  const shift = text.startsWith(BOM) ? 1 : 0;
  const lines = new LineIndex(text.slice(shift));
  const first = region.startLine - 1;
  const last = (region.endLine ?? region.startLine) - 1;
  const start =
    typeof region.startColumn === 'number'
      ? lines.offset(first, region.startColumn - 1)
      : lines.lineStart(first);
  const end =
    typeof region.endColumn === 'number'
      ? lines.offset(last, region.endColumn - 1)
      : lines.lineEnd(last);
  return { start: start + shift, end: Math.max(start, end) + shift };
};

/**
 * Where a region of `change.before` is in `change.after`: offsets are mapped through the recorded
 * splices (a region inside a rewrite grows to the whole rewrite). A region without columns stays
 * line-only.
 */
export const shiftRegion = <R extends Region>(change: FileChange, region: R): R => {
  const { start, end } = regionOffsets(change.before, region);
  const newStart = mapOffset(start, change.changes, 'start');
  const newEnd = Math.max(newStart, mapOffset(end, change.changes, 'end'));
  const shift = change.after.startsWith(BOM) ? 1 : 0;
  const lines = new LineIndex(change.after.slice(shift));
  const s = lines.lineOf(Math.max(0, newStart - shift));
  const e = lines.lineOf(Math.max(0, newEnd - shift));
  const columns = typeof region.startColumn === 'number';
  return {
    ...region,
    startLine: s + 1,
    endLine: e + 1,
    startColumn: columns ? newStart - shift - lines.lineStart(s) + 1 : region.startColumn,
    endColumn:
      columns && typeof region.endColumn === 'number'
        ? newEnd - shift - lines.lineStart(e) + 1
        : region.endColumn,
  };
};

/**
 * The input as it would be after the fix: every changed file's new text, and the finding's
 * location and code-flow steps shifted to where they now are.
 */
export const inputAfter = (input: CodemodInput, result: Edited): CodemodInput => {
  const byPath = new Map(result.files.map((f) => [normalizePath(f.path), f]));
  const own = byPath.get(normalizePath(input.path));
  const files = Object.fromEntries(
    Object.entries(input.files ?? {}).map(([path, text]) => [
      path,
      byPath.get(normalizePath(path))?.after ?? text,
    ]),
  );
  const codeFlows = input.finding.codeFlows?.map((flow) =>
    flow.map((step) => {
      const change = byPath.get(normalizePath(step.path));
      return change ? shiftRegion(change, step) : step;
    }),
  );
  return {
    ...input,
    source: own?.after ?? input.source,
    files,
    finding: {
      ...input.finding,
      location: own ? shiftRegion(own, input.finding.location) : input.finding.location,
      ...(codeFlows ? { codeFlows } : {}),
    },
  };
};
