import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** git for fixtures and assertions: no user or system config, a fixed identity. */
export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Dev',
      GIT_AUTHOR_EMAIL: 'dev@example.test',
      GIT_COMMITTER_NAME: 'Dev',
      GIT_COMMITTER_EMAIL: 'dev@example.test',
    },
  }).trim();

export interface Origin {
  root: string;
  /** The bare repository (the clone URL). */
  bare: string;
  /** Where the provider keeps its mirrors. */
  mirrorDir: string;
  /** Writes files (null deletes), commits on `branch` (default main), pushes, returns the sha. */
  commit: (
    files: Record<string, string | null>,
    options?: { branch?: string; executable?: string[]; message?: string },
  ) => string;
  /** Merges `branch` into main with a merge commit (as a person would), returns the merge sha. */
  mergeIntoMain: (branch: string) => string;
  deleteBranch: (branch: string) => void;
  destroy: () => void;
}

/** A bare repository (`git init --bare`) with a work tree that pushes to it. */
export const createOrigin = (): Origin => {
  const root = mkdtempSync(join(tmpdir(), 'forges-git-'));
  const bare = join(root, 'origin.git');
  const work = join(root, 'work');
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  git(root, 'init', '--quiet', '--initial-branch=main', work);
  return {
    root,
    bare,
    mirrorDir: join(root, 'mirrors'),
    commit: (files, options = {}) => {
      const branch = options.branch ?? 'main';
      const exists = git(bare, 'for-each-ref', `refs/heads/${branch}`) !== '';
      if (exists) {
        git(work, 'fetch', '--quiet', bare, `+refs/heads/${branch}:refs/remotes/origin/${branch}`);
        git(work, 'checkout', '--quiet', '-B', branch, `refs/remotes/origin/${branch}`);
      } else if (branch !== 'main') {
        git(work, 'checkout', '--quiet', '-B', branch);
      }
      for (const [path, content] of Object.entries(files)) {
        const full = join(work, path);
        if (content === null) {
          rmSync(full);
          continue;
        }
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, content);
        if (options.executable?.includes(path)) chmodSync(full, 0o755);
      }
      git(work, 'add', '--all');
      git(work, 'commit', '--quiet', '--allow-empty', '-m', options.message ?? 'change');
      git(work, 'push', '--quiet', bare, `HEAD:refs/heads/${branch}`);
      return git(work, 'rev-parse', 'HEAD');
    },
    mergeIntoMain: (branch) => {
      git(work, 'fetch', '--quiet', bare, '+refs/heads/*:refs/remotes/origin/*');
      git(work, 'checkout', '--quiet', '-B', 'main', 'refs/remotes/origin/main');
      git(
        work,
        'merge',
        '--quiet',
        '--no-ff',
        '-m',
        `Merge ${branch}`,
        `refs/remotes/origin/${branch}`,
      );
      git(work, 'push', '--quiet', bare, 'HEAD:refs/heads/main');
      return git(work, 'rev-parse', 'HEAD');
    },
    deleteBranch: (branch) => {
      git(bare, 'update-ref', '-d', `refs/heads/${branch}`);
    },
    destroy: () => rmSync(root, { recursive: true, force: true }),
  };
};
