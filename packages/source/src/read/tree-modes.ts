/**
 * Parses a raw tree object (`<mode> SP <name> NUL <raw id>` repeated) into name → mode.
 * `idBytes` is 20 for SHA-1 repositories, 32 for SHA-256.
 */
export const parseTreeModes = (tree: Buffer, idBytes: number): Map<string, string> => {
  const modes = new Map<string, string>();
  let at = 0;
  while (at < tree.length) {
    const space = tree.indexOf(0x20, at);
    const nul = tree.indexOf(0, space + 1);
    if (space === -1 || nul === -1) break;
    modes.set(
      tree.subarray(space + 1, nul).toString('utf8'),
      tree.subarray(at, space).toString('latin1'),
    );
    at = nul + 1 + idBytes;
  }
  return modes;
};
