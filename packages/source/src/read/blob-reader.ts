import { classifyFailure } from '../git/classify.js';
import { runGit } from '../git/run-git.js';
import type { MirrorContext } from '../mirror/mirror-fetch.js';
import {
  failure,
  type ListFilesResult,
  type ReadFailureReason,
  type SourceFailure,
} from '../types.js';
import { parseTreeEntries } from './tree-entry.js';

export type BlobRead =
  { ok: true; content: Buffer; oid: string } | SourceFailure<ReadFailureReason>;

const NOT_A_FILE: Record<string, string> = {
  tree: 'is a directory',
  commit: 'is a submodule',
  '120000': 'is a symbolic link',
};

/**
 * Reads the blob at `sha:path` from the mirror `dir`. Looks the entry up first (`ls-tree -l`)
 * so directories, links and submodules are told apart and a blob above `maxBytes` is refused
 * without being read. `path` and `sha` must already be validated.
 */
export const readBlob = async (
  ctx: MirrorContext,
  dir: string,
  sha: string,
  path: string,
  maxBytes: number,
): Promise<BlobRead> => {
  const options = {
    gitDir: dir,
    timeoutMs: ctx.readTimeoutMs,
    inheritEnv: ctx.inheritEnv,
    signal: ctx.closing,
  };
  const ls = await runGit(['ls-tree', '-l', '-z', sha, '--', path], {
    ...options,
    maxStdoutBytes: 1024 * 1024,
  });
  if (ls.exitCode !== 0) return classifyFailure('git ls-tree', ls, [], ctx.readTimeoutMs);
  const entry = parseTreeEntries(ls.stdout).find((e) => e.path === path);
  if (!entry) return failure('not_found', `${path} does not exist at ${sha}`);
  const kind = NOT_A_FILE[entry.type] ?? NOT_A_FILE[entry.mode];
  if (kind !== undefined) return failure('not_a_file', `${path} ${kind} at ${sha}`);
  if (entry.size !== null && entry.size > maxBytes)
    return failure('too_large', `${path} is ${entry.size} bytes, above the ${maxBytes}-byte limit`);
  const cat = await runGit(['cat-file', 'blob', entry.oid], {
    ...options,
    maxStdoutBytes: maxBytes,
  });
  if (cat.stdoutTruncated)
    return failure('too_large', `${path} is above the ${maxBytes}-byte limit`);
  if (cat.exitCode !== 0) return classifyFailure('git cat-file', cat, [], ctx.readTimeoutMs);
  return { ok: true, content: cat.stdout, oid: entry.oid };
};

/** Lists the files (regular and symbolic links) of `sha`, under `prefix` when given. */
export const listTree = async (
  ctx: MirrorContext,
  dir: string,
  sha: string,
  prefix: string | undefined,
  maxBytes: number,
): Promise<ListFilesResult> => {
  const args = ['ls-tree', '-r', '-z', sha, '--', ...(prefix === undefined ? [] : [prefix])];
  const ls = await runGit(args, {
    gitDir: dir,
    timeoutMs: ctx.readTimeoutMs,
    inheritEnv: ctx.inheritEnv,
    signal: ctx.closing,
    maxStdoutBytes: maxBytes,
  });
  if (ls.stdoutTruncated) return failure('too_large', `the file list is above ${maxBytes} bytes`);
  if (ls.exitCode !== 0) return classifyFailure('git ls-tree', ls, [], ctx.readTimeoutMs);
  const files = parseTreeEntries(ls.stdout)
    .filter((e) => e.type === 'blob')
    .map(({ path, mode, oid }) => ({ path, mode, oid }));
  return { ok: true, files };
};
