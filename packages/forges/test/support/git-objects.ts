import { createHash } from 'node:crypto';

/** A tree entry of the stand-ins' object stores. */
export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree';
  sha: string;
}

export interface StoredCommit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
}

const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

/** Git's blob id of `content` (what GitHub and GitLab report as a blob sha). */
export const gitBlobSha = (content: Buffer | string): string => {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  return sha1(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]));
};

/**
 * A content-addressed store of blobs, trees and commits as a forge keeps them: equal contents
 * give equal ids, which is what makes a retried publish recognizable. Trees are hierarchical
 * (a directory is a tree entry), built from and flattened to `path → entry` maps.
 */
export class ObjectStore {
  readonly blobs = new Map<string, Buffer>();
  readonly trees = new Map<string, Map<string, TreeEntry>>();
  readonly commits = new Map<string, StoredCommit>();
  readonly refs = new Map<string, string>();

  putBlob(content: Buffer | string): string {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const sha = gitBlobSha(bytes);
    this.blobs.set(sha, bytes);
    return sha;
  }

  private putTree(entries: Map<string, TreeEntry>): string {
    const canonical = [...entries.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, e]) => `${e.mode} ${e.type} ${e.sha}\t${name}`)
      .join('\n');
    const sha = sha1(`tree\n${canonical}`);
    this.trees.set(sha, entries);
    return sha;
  }

  /** Every blob under `treeSha` by full path. */
  flatten(treeSha: string, prefix = ''): Map<string, { mode: string; sha: string }> {
    const out = new Map<string, { mode: string; sha: string }>();
    for (const [name, entry] of this.trees.get(treeSha) ?? []) {
      const path = `${prefix}${name}`;
      if (entry.type === 'tree')
        for (const [p, e] of this.flatten(entry.sha, `${path}/`)) out.set(p, e);
      else out.set(path, { mode: entry.mode, sha: entry.sha });
    }
    return out;
  }

  /** Stores the hierarchy of trees for `files` and returns the root tree's id. */
  buildTree(files: Map<string, { mode: string; sha: string }>): string {
    const build = (prefix: string): string => {
      const entries = new Map<string, TreeEntry>();
      const dirs = new Set<string>();
      for (const [path, entry] of files) {
        if (!path.startsWith(prefix)) continue;
        const rest = path.slice(prefix.length);
        const slash = rest.indexOf('/');
        if (slash === -1) entries.set(rest, { mode: entry.mode, type: 'blob', sha: entry.sha });
        else dirs.add(rest.slice(0, slash));
      }
      for (const dir of dirs)
        entries.set(dir, { mode: '040000', type: 'tree', sha: build(`${prefix}${dir}/`) });
      return this.putTree(entries);
    };
    return build('');
  }

  putCommit(commit: Omit<StoredCommit, 'sha'>): StoredCommit {
    const sha = sha1(`commit\n${JSON.stringify(commit)}`);
    const stored = { ...commit, sha };
    this.commits.set(sha, stored);
    return stored;
  }

  /** Whether `ancestor` is reachable from `sha` through parents. */
  isAncestor(ancestor: string, sha: string): boolean {
    const seen = new Set<string>();
    const stack = [sha];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (current === ancestor) return true;
      if (seen.has(current)) continue;
      seen.add(current);
      stack.push(...(this.commits.get(current)?.parents ?? []));
    }
    return false;
  }

  /**
   * Seeds a root commit with `files` on `branch`. `asSha` files it under a given id: a test that
   * also has the same content in a real git repository (a service's mirror) uses that commit's id.
   */
  seed(
    branch: string,
    files: Record<string, string>,
    executable: readonly string[] = [],
    asSha?: string,
  ): StoredCommit {
    const flat = new Map(
      Object.entries(files).map(([path, content]) => [
        path,
        { mode: executable.includes(path) ? '100755' : '100644', sha: this.putBlob(content) },
      ]),
    );
    const who = { name: 'Seed', email: 'seed@example.com', date: '2026-01-01T00:00:00Z' };
    let commit = this.putCommit({
      tree: this.buildTree(flat),
      parents: [],
      message: 'initial',
      author: who,
      committer: who,
    });
    if (asSha) {
      commit = { ...commit, sha: asSha };
      this.commits.set(asSha, commit);
    }
    this.refs.set(`refs/heads/${branch}`, commit.sha);
    return commit;
  }

  /** The text of `path` at commit `sha` (null when absent). */
  fileAt(sha: string, path: string): { content: string; mode: string } | null {
    const commit = this.commits.get(sha);
    const entry = commit ? this.flatten(commit.tree).get(path) : undefined;
    return entry
      ? { content: this.blobs.get(entry.sha)!.toString('utf8'), mode: entry.mode }
      : null;
  }
}
