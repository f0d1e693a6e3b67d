import type { ListedFile } from '../types.js';

export interface TreeEntry extends ListedFile {
  type: 'blob' | 'tree' | 'commit';
  /** Blob size in bytes (`ls-tree -l`); null for trees and submodules. */
  size: number | null;
}

/**
 * Parses `git ls-tree -z [-l]` output: `<mode> SP <type> SP <oid> [SP* <size>] TAB <path> NUL`.
 */
export const parseTreeEntries = (stdout: Buffer): TreeEntry[] => {
  const entries: TreeEntry[] = [];
  for (const record of stdout.toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    if (tab === -1) continue;
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/);
    if (mode === undefined || oid === undefined) continue;
    if (type !== 'blob' && type !== 'tree' && type !== 'commit') continue;
    entries.push({
      path: record.slice(tab + 1),
      mode,
      type,
      oid,
      size: size === undefined || size === '-' ? null : Number(size),
    });
  }
  return entries;
};

/** git's binary heuristic: a NUL byte in the first 8000 bytes. */
export const looksBinary = (content: Buffer): boolean => content.subarray(0, 8000).includes(0);
