/**
 * A long identifier shortened to at most `max` characters for a table cell, keeping its end
 * (the specific part of a dotted or slashed rule id, or a path's file name). The full text goes
 * in the element's title (hover) and stays in the accessible name; null when nothing was cut.
 */
export const shortenTail = (text: string, max: number): string | null => {
  if (text.length <= max) return null;
  const tail = text.slice(text.length - (max - 1));
  // Start at a separator when there is one in the kept part, so a segment is not cut in half.
  const cut = tail.search(/[./:]/);
  return `…${cut > 0 && cut < tail.length - 8 ? tail.slice(cut) : tail}`;
};
