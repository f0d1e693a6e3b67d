import type { SgNode } from '@ast-grep/napi';
import type { LineIndex } from '../text/line-index.js';
import type { Region, Site } from '../types.js';

interface Span {
  start: number;
  end: number;
}

/** How a site was matched to a region, from the most to the least precise. */
export type MatchTier = 'exact' | 'start' | 'overlap' | 'line' | 'adjacent-line';

export interface Located<D> {
  site: Site<D>;
  tier: MatchTier;
}

/** True when the region's start line exists in the file (one line past the end is tolerated). */
export const regionInFile = (region: Region, lines: LineIndex): boolean =>
  Number.isInteger(region.startLine) &&
  region.startLine >= 1 &&
  region.startLine <= lines.lineCount + 1;

const hasColumn = (c: number | null | undefined): c is number => typeof c === 'number' && c >= 0;

/**
 * The region's spans under both column conventions: SARIF's 1-based columns and the 0-based
 * columns some scanners write. `end` is null when the region has no end column.
 */
const regionSpans = (region: Region, lines: LineIndex): { start: number; end: number | null }[] => {
  if (!hasColumn(region.startColumn)) return [];
  const startLine = region.startLine - 1;
  const endLine = (region.endLine ?? region.startLine) - 1;
  return [1, 0].map((base) => ({
    start: lines.offset(startLine, region.startColumn! - base),
    end: hasColumn(region.endColumn) ? lines.offset(endLine, region.endColumn - base) : null,
  }));
};

const lineSpan = (lines: LineIndex, first: number, last: number): Span => ({
  start: lines.lineStart(first - 1),
  end: lines.lineEnd(last - 1),
});

const overlaps = (a: Span, b: Span): boolean =>
  a.start < b.end && b.start < a.end
    ? true
    : a.start === a.end && b.start <= a.start && a.start <= b.end;

interface Anchor<D> {
  site: Site<D>;
  span: Span;
}

const anchorsOf = <D>(sites: readonly Site<D>[]): Anchor<D>[] =>
  sites.flatMap((site) =>
    [site.node, ...(site.anchors ?? [])].map((node: SgNode) => {
      const r = node.range();
      return { site, span: { start: r.start.index, end: r.end.index } };
    }),
  );

/** The smallest anchor, the first in the file on a tie. */
const smallest = <D>(anchors: Anchor<D>[]): Anchor<D> | undefined =>
  [...anchors].sort(
    (a, b) =>
      a.span.end - a.span.start - (b.span.end - b.span.start) || a.span.start - b.span.start,
  )[0];

/**
 * Picks the site a SARIF region points at, tolerating scanners' disagreements: an exact range,
 * a start only, a region inside a node or a node inside a region, 0- or 1-based columns, a line
 * only, and a line off by one. Returns null when no site is near the region.
 */
export const locate = <D>(
  sites: readonly Site<D>[],
  region: Region,
  lines: LineIndex,
): Located<D> | null => {
  if (sites.length === 0 || !regionInFile(region, lines)) return null;
  const anchors = anchorsOf(sites);
  const spans = regionSpans(region, lines);
  const pick = (tier: MatchTier, found: Anchor<D>[]): Located<D> | null => {
    const best = smallest(found);
    return best ? { site: best.site, tier } : null;
  };
  const exact = anchors.filter((a) =>
    spans.some((s) => s.start === a.span.start && s.end === a.span.end),
  );
  const starts = anchors.filter((a) => spans.some((s) => s.start === a.span.start));
  const overlapping = anchors.filter((a) =>
    spans.some((s) => overlaps({ start: s.start, end: s.end ?? s.start }, a.span)),
  );
  const first = region.startLine;
  const last = Math.max(region.endLine ?? first, first);
  const onLines = anchors.filter((a) => overlaps(lineSpan(lines, first, last), a.span));
  const below = anchors.filter((a) => overlaps(lineSpan(lines, last + 1, last + 1), a.span));
  const above =
    first > 1 ? anchors.filter((a) => overlaps(lineSpan(lines, first - 1, first - 1), a.span)) : [];
  return (
    pick('exact', exact) ??
    pick('start', starts) ??
    pick('overlap', overlapping) ??
    pick('line', onLines) ??
    pick('adjacent-line', below) ??
    pick('adjacent-line', above)
  );
};
