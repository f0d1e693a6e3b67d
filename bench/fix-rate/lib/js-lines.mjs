// Maps lines of a fixed file back to the original through the unified diff of the fix, so
// findings before and after can be compared although helpers and imports moved lines.

/** Per file: new line (1-based) → the original lines it stands for. */
export const lineMaps = (diff) => {
  const maps = new Map();
  let current = null;
  let oldLine = 0;
  let newLine = 0;
  let removed = [];
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git') || line.startsWith('--- ') || line.startsWith('index ')) {
      current = null;
      continue;
    }
    const file = /^\+\+\+ b\/(.*)$/.exec(line);
    if (file) {
      current = { hunks: [] };
      maps.set(file[1], current);
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk && current) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      current.hunks.push({ oldStart: oldLine, newStart: newLine, lines: new Map() });
      removed = [];
      continue;
    }
    const h = current?.hunks.at(-1);
    if (!h || line.startsWith('\\')) continue;
    if (line.startsWith(' ')) {
      h.lines.set(newLine++, [oldLine++]);
      removed = [];
    } else if (line.startsWith('-')) {
      removed.push(oldLine++);
    } else if (line.startsWith('+')) {
      h.lines.set(newLine++, removed.length ? [...removed] : [oldLine - 1, oldLine]);
    }
  }
  return maps;
};

/** The original lines a line of a (possibly) fixed file stands for. */
export const originalLines = (maps, path, line) => {
  const map = maps.get(path);
  if (!map) return [line];
  let delta = 0;
  for (const hunk of map.hunks) {
    if (hunk.lines.has(line)) return hunk.lines.get(line);
    const last = [...hunk.lines.keys()].at(-1);
    if (line > last) {
      const olds = [...hunk.lines.values()].flat();
      delta = Math.max(...olds) - last;
    }
  }
  return [line + delta];
};
