import type { FileContent } from '../types.js';
import { call, type GithubContext } from './github-context.js';

type TreeEntry = {
  path: string;
  mode: '100644' | '100755';
  type: 'blob';
  content?: string;
  sha?: null;
};

const parentDir = (path: string) =>
  path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The modes files have at the base tree, read one directory at a time (GET a tree per directory
 * on the way, each once): cheaper and never truncated, unlike one recursive listing of a large
 * repository. Missing files are absent from the result.
 */
const existingModes = async (
  ctx: GithubContext,
  baseTreeSha: string,
  paths: readonly string[],
): Promise<Map<string, string>> => {
  const listings = new Map<
    string,
    Promise<Map<string, { mode: string; sha: string; type: string }> | null>
  >();
  const listDir = (
    dir: string,
  ): Promise<Map<string, { mode: string; sha: string; type: string }> | null> => {
    const known = listings.get(dir);
    if (known) return known;
    const load = (async () => {
      let sha = baseTreeSha;
      if (dir !== '') {
        const parent = await listDir(parentDir(dir));
        const entry = parent?.get(baseName(dir));
        if (!entry || entry.type !== 'tree') return null;
        sha = entry.sha;
      }
      const { data } = await call(ctx, 'read tree', () =>
        ctx.client.rest.git.getTree({ owner: ctx.owner, repo: ctx.repo, tree_sha: sha }),
      );
      return new Map(data.tree.map((e) => [e.path, { mode: e.mode, sha: e.sha, type: e.type }]));
    })();
    listings.set(dir, load);
    return load;
  };
  const modes = new Map<string, string>();
  for (const path of paths) {
    const entry = (await listDir(parentDir(path)))?.get(baseName(path));
    if (entry) modes.set(path, entry.mode);
  }
  return modes;
};

/**
 * Tree entries for the files: contents inline (GitHub writes the blobs, one request for the
 * whole tree instead of one per file), `sha: null` deletes, modes kept from the base unless the
 * file says otherwise.
 */
export const treeEntries = async (
  ctx: GithubContext,
  baseTreeSha: string,
  files: readonly FileContent[],
): Promise<TreeEntry[]> => {
  const unknownMode = files
    .filter((f) => f.content !== null && f.executable === undefined)
    .map((f) => f.path);
  const modes =
    unknownMode.length > 0
      ? await existingModes(ctx, baseTreeSha, unknownMode)
      : new Map<string, string>();
  return files.map((file): TreeEntry => {
    if (file.content === null) return { path: file.path, mode: '100644', type: 'blob', sha: null };
    const executable = file.executable ?? modes.get(file.path) === '100755';
    return {
      path: file.path,
      mode: executable ? '100755' : '100644',
      type: 'blob',
      content: file.content,
    };
  });
};
