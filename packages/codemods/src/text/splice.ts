/** A replacement of `[start, end)` by `text`; `start === end` inserts. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies splices to a text. Insertions at the same offset keep their order; overlapping
 * replacements are a codemod bug and throw.
 */
export const applySplices = (text: string, splices: readonly Splice[]): string => {
  const ordered = splices
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.start - b.s.start || a.s.end - b.s.end || a.i - b.i)
    .map(({ s }) => s);
  let out = '';
  let at = 0;
  for (const s of ordered) {
    if (s.start < at || s.end < s.start || s.end > text.length) {
      throw new Error(`overlapping or out-of-range edit at ${s.start}..${s.end}`);
    }
    out += text.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + text.slice(at);
};

/**
 * Where an offset of the original text lands once the splices are applied. An offset inside a
 * replacement snaps to the replacement's new start (`bias: 'start'`) or end (`'end'`); an
 * insertion exactly at the offset goes before a start and after an end.
 */
export const mapOffset = (
  offset: number,
  splices: readonly Splice[],
  bias: 'start' | 'end',
): number => {
  let delta = 0;
  for (const s of [...splices].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const grown = s.text.length - (s.end - s.start);
    if (s.start === s.end) {
      if (s.start < offset || (s.start === offset && bias === 'start')) delta += grown;
      else break;
    } else if (s.end <= offset) delta += grown;
    else if (s.start >= offset) break;
    else return bias === 'start' ? s.start + delta : s.start + delta + s.text.length;
  }
  return offset + delta;
};
