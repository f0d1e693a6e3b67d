/** The `go` directive of a go.mod (`1.22`, `1.24.0`) as [major, minor], or null. */
export const goModVersion = (goMod: string): [number, number] | null => {
  const m = /^go\s+(\d+)\.(\d+)/m.exec(goMod);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

/** True when the module's `go` directive is at least `major.minor`. */
export const goAtLeast = (goMod: string | undefined, major: number, minor: number): boolean => {
  const v = goMod ? goModVersion(goMod) : null;
  return v !== null && (v[0] > major || (v[0] === major && v[1] >= minor));
};

/** True when go.mod requires `module` (any version, direct or indirect). */
export const goModRequires = (goMod: string, module: string): boolean =>
  new RegExp(`^\\s*(require\\s+)?${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+v`, 'm').test(
    goMod,
  );

/**
 * go.mod with `module version` required: added to the first `require (...)` block (sorted), else
 * as a new `require` line after the `go` directive. go.sum is left to `go mod tidy`.
 */
export const addGoModRequire = (goMod: string, module: string, version: string): string => {
  if (goModRequires(goMod, module)) return goMod;
  const block = /^require \(\n([\s\S]*?)^\)/m.exec(goMod);
  if (block) {
    const bodyStart = block.index + 'require (\n'.length;
    const rows = block[1]!.split('\n').filter((l) => l.trim() !== '');
    const after = rows.find(
      (l) => !l.includes('// indirect') && l.trim().split(/\s+/)[0]! > module,
    );
    const at = after ? bodyStart + block[1]!.indexOf(after) : bodyStart + block[1]!.length;
    return `${goMod.slice(0, at)}\t${module} ${version}\n${goMod.slice(at)}`;
  }
  const go = /^go\s+\S+.*$/m.exec(goMod);
  const at = go ? go.index + go[0].length : goMod.length;
  return `${goMod.slice(0, at)}\n\nrequire ${module} ${version}${goMod.slice(at)}`;
};
