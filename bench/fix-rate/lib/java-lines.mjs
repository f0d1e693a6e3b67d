// Maps lines of the fixed files back to the original ones, from the unified diff that was applied:
// an unchanged line maps to its original line, an added line to the original lines its hunk
// replaced (or the line it follows for a pure insertion).

/** Per file: new line (1-based) → [firstOriginalLine, lastOriginalLine]. */
export const lineMaps = (diff) => {
  const maps = new Map();
  let current = null;
  let oldLine = 0;
  let newLine = 0;
  let pendingFrom = null;
  for (const raw of diff.split('\n')) {
    const file = /^\+\+\+ b\/(.+)$/.exec(raw);
    if (file) {
      current = new Map();
      maps.set(file[1], current);
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(raw);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      pendingFrom = null;
      continue;
    }
    if (!current || raw.startsWith('---') || raw.startsWith('diff ') || raw.startsWith('\\'))
      continue;
    if (raw.startsWith(' ')) {
      current.set(newLine++, [oldLine, oldLine]);
      oldLine++;
      pendingFrom = null;
    } else if (raw.startsWith('-')) {
      pendingFrom ??= oldLine;
      oldLine++;
    } else if (raw.startsWith('+')) {
      const from = pendingFrom ?? Math.max(1, oldLine - 1);
      current.set(newLine++, [from, Math.max(from, oldLine - 1)]);
    }
  }
  return maps;
};

/** The original lines a line of a fixed file stands for (itself, shifted, outside the hunks). */
export const originalRange = (maps, path, line) => {
  const map = maps.get(path);
  if (!map) return [line, line];
  if (map.has(line)) return map.get(line);
  // Outside every hunk: shift by the net lines added above it.
  let shift = 0;
  for (const [n, [from]] of map) if (n < line) shift = n - from;
  return [line - shift, line - shift];
};

/** Per file: the original lines the diff removes or replaces. */
export const changedOriginalLines = (diff) => {
  const changed = new Map();
  let current = null;
  let oldLine = 0;
  for (const raw of diff.split('\n')) {
    const file = /^--- a\/(.+)$/.exec(raw);
    if (file) {
      current = new Set();
      changed.set(file[1], current);
      continue;
    }
    const hunk = /^@@ -(\d+)/.exec(raw);
    if (hunk) {
      oldLine = Number(hunk[1]);
      continue;
    }
    if (!current || raw.startsWith('+') || raw.startsWith('\\') || raw.startsWith('diff '))
      continue;
    if (raw.startsWith('-')) current.add(oldLine);
    if (raw.startsWith('-') || raw.startsWith(' ')) oldLine++;
  }
  return changed;
};
