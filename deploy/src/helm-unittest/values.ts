/** helm-unittest `set` entries (`--set` paths such as `a.b[0].c` or `a\.b`) as one values object. */
const splitPath = (path: string): (string | number)[] => {
  const parts: (string | number)[] = [];
  let current = '';
  for (let i = 0; i < path.length; i += 1) {
    const ch = path[i];
    if (ch === '\\' && path[i + 1] === '.') {
      current += '.';
      i += 1;
    } else if (ch === '.') {
      if (current) parts.push(current);
      current = '';
    } else if (ch === '[') {
      const close = path.indexOf(']', i);
      if (current) parts.push(current);
      current = '';
      parts.push(Number(path.slice(i + 1, close)));
      i = close;
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge as Helm coalesces values files: maps merge, everything else is replaced. */
export const mergeValues = (
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prior = out[key];
    out[key] = isRecord(prior) && isRecord(value) ? mergeValues(prior, value) : value;
  }
  return out;
};

/** Builds the values object that the `set` entries describe. */
export const valuesFromSet = (set: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  let out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(set)) {
    const parts = splitPath(path);
    let nested: unknown = value;
    for (const part of [...parts].reverse()) {
      if (typeof part === 'number') {
        const list: unknown[] = [];
        list[part] = nested;
        nested = list;
      } else nested = { [part]: nested };
    }
    out = mergeValues(out, nested as Record<string, unknown>);
  }
  return out;
};
