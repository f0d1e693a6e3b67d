import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const git = async (cwd: string, ...args: string[]): Promise<string | undefined> => {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, timeout: 10_000 });
    return stdout.trim() || undefined;
  } catch {
    return undefined; // not a repository, no commits yet, detached HEAD, or no git at all
  }
};

export interface Checkout {
  /** The repository root as a `file://` URI (the scanner's absolute paths start with it). */
  checkoutUri?: string;
  commitSha?: string;
  ref?: string;
}

/** What the working directory's git checkout says: root, HEAD commit and branch. */
export const readCheckout = async (cwd: string): Promise<Checkout> => {
  const [root, commit, ref] = await Promise.all([
    git(cwd, 'rev-parse', '--show-toplevel'),
    git(cwd, 'rev-parse', '--verify', '-q', 'HEAD'),
    git(cwd, 'symbolic-ref', '-q', 'HEAD'),
  ]);
  return {
    ...(root ? { checkoutUri: pathToFileURL(root).href } : {}),
    ...(commit ? { commitSha: commit } : {}),
    ...(ref ? { ref } : {}),
  };
};
