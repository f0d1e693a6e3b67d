import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileContent, GitIdentity } from '../types.js';
import type { GitRunner } from './git-runner.js';

const ZERO = '0'.repeat(40);

export interface CommitInfo {
  tree: string;
  parents: string[];
  authorEmail: string | null;
  message: string;
}

/** A commit object's tree, parents, author email and message. */
export const readCommit = async (runner: GitRunner, sha: string): Promise<CommitInfo> => {
  const text = (await runner.run(['cat-file', 'commit', sha])).stdout.toString('utf8');
  const split = text.indexOf('\n\n');
  const header = split === -1 ? text : text.slice(0, split);
  const info: CommitInfo = {
    tree: '',
    parents: [],
    authorEmail: null,
    message: split === -1 ? '' : text.slice(split + 2),
  };
  for (const line of header.split('\n')) {
    if (line.startsWith('tree ')) info.tree = line.slice(5);
    else if (line.startsWith('parent ')) info.parents.push(line.slice(7));
    else if (line.startsWith('author ')) info.authorEmail = /<([^>]*)>/.exec(line)?.[1] ?? null;
  }
  return info;
};

/**
 * The tree of `baseSha` with `files` applied, built without a work tree: a temporary index
 * (`GIT_INDEX_FILE`) read from the base, blobs written with `hash-object -w --stdin`, entries
 * set with `update-index --index-info` (deletions as mode 0), then `write-tree`. A file keeps
 * its base mode unless `executable` says otherwise.
 */
export const buildTree = async (
  runner: GitRunner,
  baseSha: string,
  files: readonly FileContent[],
): Promise<string> => {
  const index = join(runner.gitDir, `forges-index-${randomUUID()}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await runner.run(['read-tree', baseSha], { env });
    const lines: string[] = [];
    for (const file of files) {
      if (file.content === null) {
        lines.push(`0 ${ZERO}\t${file.path}`);
        continue;
      }
      const sha = (
        await runner.run(['hash-object', '-w', '--stdin'], { input: file.content })
      ).stdout
        .toString('utf8')
        .trim();
      let executable = file.executable;
      if (executable === undefined) {
        const listing = (await runner.run(['ls-tree', baseSha, '--', file.path])).stdout.toString(
          'utf8',
        );
        executable = listing.startsWith('100755 ');
      }
      lines.push(`${executable ? '100755' : '100644'} ${sha}\t${file.path}`);
    }
    await runner.run(['update-index', '--index-info'], { env, input: `${lines.join('\n')}\n` });
    return (await runner.run(['write-tree'], { env })).stdout.toString('utf8').trim();
  } finally {
    await rm(index, { force: true });
  }
};

/** A commit of `tree` on `parent` (`commit-tree`, message on stdin, identities in the environment). */
export const commitTree = async (
  runner: GitRunner,
  tree: string,
  parent: string,
  message: string,
  author: GitIdentity,
  committer: GitIdentity,
): Promise<string> => {
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
  const run = await runner.run(['commit-tree', tree, '-p', parent, '-F', '-'], {
    env,
    input: message,
  });
  return run.stdout.toString('utf8').trim();
};
