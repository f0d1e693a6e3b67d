/**
 * The value paths of helm-unittest assertions: `a.b[0].c`, `metadata.annotations["x.io/y"]`
 * and filters such as `spec.containers[?(@.name == "web")].image`.
 */
type Segment =
  | { kind: 'key'; key: string }
  | { kind: 'index'; index: number }
  | { kind: 'filter'; field: string; value: unknown };

const FILTER =
  /^\?\(@\.([A-Za-z0-9_-]+)\s*==\s*(?:"([^"]*)"|'([^']*)'|(-?\d+(?:\.\d+)?)|(true|false))\)$/;

export class PathError extends Error {
  override readonly name = 'PathError';
}

/** Parses a path; throws a PathError naming the problem. */
export const parsePath = (path: string): Segment[] => {
  const segments: Segment[] = [];
  let i = 0;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      i += 1;
      continue;
    }
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) throw new PathError(`unclosed [ in path ${path}`);
      const inner = path.slice(i + 1, close).trim();
      i = close + 1;
      const quoted = /^"(.*)"$|^'(.*)'$/.exec(inner);
      const filter = FILTER.exec(inner);
      if (quoted) segments.push({ kind: 'key', key: quoted[1] ?? quoted[2] ?? '' });
      else if (/^\d+$/.test(inner)) segments.push({ kind: 'index', index: Number(inner) });
      else if (filter) {
        const [, field = '', dq, sq, num, bool] = filter;
        const value =
          dq ?? sq ?? (num !== undefined ? Number(num) : bool !== undefined ? bool === 'true' : '');
        segments.push({ kind: 'filter', field, value });
      } else throw new PathError(`unsupported [${inner}] in path ${path}`);
      continue;
    }
    let end = i;
    while (end < path.length && path[end] !== '.' && path[end] !== '[') end += 1;
    segments.push({ kind: 'key', key: path.slice(i, end) });
    i = end;
  }
  return segments;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value the path reaches in `root` (none when a key or index is absent). */
export const evaluatePath = (root: unknown, path: string): unknown[] => {
  let current: unknown[] = [root];
  for (const segment of parsePath(path)) {
    const next: unknown[] = [];
    for (const value of current) {
      if (segment.kind === 'key' && isRecord(value) && Object.hasOwn(value, segment.key)) {
        next.push(value[segment.key]);
      } else if (segment.kind === 'index' && Array.isArray(value) && segment.index < value.length) {
        next.push(value[segment.index]);
      } else if (segment.kind === 'filter' && Array.isArray(value)) {
        const items: unknown[] = value;
        next.push(
          ...items.filter((item) => isRecord(item) && item[segment.field] === segment.value),
        );
      }
    }
    current = next;
  }
  return current;
};
