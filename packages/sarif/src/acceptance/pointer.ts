/** JSON Pointers (RFC 6901) as Ajv writes them in `instancePath`. */

export type Segment = string | number;

const unescape = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/runs/0/results/3` → `['runs', 0, 'results', 3]` (array indexes as numbers). */
export const parsePointer = (pointer: string): Segment[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : unescape(s)));

export const formatPointer = (segments: readonly Segment[]): string =>
  segments.map((s) => `/${typeof s === 'number' ? s : escape(s)}`).join('');

/** The value at `segments`, or undefined when the path does not exist. */
export const valueAt = (root: unknown, segments: readonly Segment[]): unknown => {
  let node = root;
  for (const s of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[s];
  }
  return node;
};

/** Document order, descending: later array elements (and deeper paths) first. */
export const compareDescending = (a: readonly Segment[], b: readonly Segment[]): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    return String(y).localeCompare(String(x));
  }
  return b.length - a.length;
};
