import { LRUCache } from 'lru-cache';
import { classifyFailure } from '../git/classify.js';
import { runGit } from '../git/run-git.js';
import type { MirrorContext } from '../mirror/mirror-fetch.js';
import {
  failure,
  type ListFilesResult,
  type ReadFailureReason,
  type SourceFailure,
} from '../types.js';
import { BatchError, type CatFileBatch } from './cat-file-batch.js';
import { parseTreeEntries } from './tree-entry.js';
import { parseTreeModes } from './tree-modes.js';

export type BlobRead =
  { ok: true; content: Buffer; oid: string } | SourceFailure<ReadFailureReason>;

/** Parsed trees by tree id (content-addressed, so shared by every commit that has them). */
export type TreeCache = LRUCache<string, Map<string, string>>;

export const createTreeCache = (): TreeCache =>
  new LRUCache({ maxSize: 200_000, sizeCalculation: (modes) => modes.size + 1 });

const modeOf = async (batch: CatFileBatch, trees: TreeCache, sha: string, path: string) => {
  const slash = path.lastIndexOf('/');
  const tree = await batch.info(`${sha}:${slash === -1 ? '' : path.slice(0, slash)}`);
  if ('missing' in tree) return undefined;
  let modes = trees.get(tree.oid);
  if (!modes) {
    modes = parseTreeModes(await batch.contents(tree.oid), sha.length / 2);
    trees.set(tree.oid, modes);
  }
  return modes.get(path.slice(slash + 1));
};

/**
 * Reads the blob at `sha:path` through the mirror's cat-file batch. Looks the object up first
 * so directories, symbolic links (their mode, from the parent tree) and submodules are told
 * apart and a blob above `maxBytes` is refused without being read. `path` and `sha` must
 * already be validated (no newline can reach the batch).
 */
export const readBlob = async (
  batch: CatFileBatch,
  trees: TreeCache,
  sha: string,
  path: string,
  maxBytes: number,
): Promise<BlobRead> => {
  try {
    const info = await batch.info(`${sha}:${path}`);
    if ('missing' in info) return failure('not_found', `${path} does not exist at ${sha}`);
    if (info.type !== 'blob') {
      const kind = info.type === 'tree' ? 'a directory' : 'a submodule';
      return failure('not_a_file', `${path} is ${kind} at ${sha}`);
    }
    if ((await modeOf(batch, trees, sha, path)) === '120000')
      return failure('not_a_file', `${path} is a symbolic link at ${sha}`);
    if (info.size > maxBytes)
      return failure(
        'too_large',
        `${path} is ${info.size} bytes, above the ${maxBytes}-byte limit`,
      );
    return { ok: true, content: await batch.contents(info.oid), oid: info.oid };
  } catch (err) {
    if (err instanceof BatchError)
      return failure(err.timedOut ? 'timeout' : 'git_failed', err.message);
    throw err;
  }
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
