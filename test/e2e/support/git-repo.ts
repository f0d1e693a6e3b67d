import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LocalRepo {
  /** `file://` clone URL of the bare repository. */
  url: string;
  bare: string;
  /** The sha of `main`'s head. */
  head(): string;
  /** Commits the files (a new commit on `main`) and returns its sha. */
  commit(files: Record<string, string>, message?: string): string;
  /** A fresh clone's work tree at `ref` (for checking that a diff applies). */
  checkout(ref: string): string;
  remove(): void;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

/** A real bare repository on disk with a work tree that pushes to it (tests' "forge"). */
export const createLocalRepo = (
  initial: Record<string, string> = { 'README.md': '# app\n' },
): LocalRepo => {
  const root = mkdtempSync(join(tmpdir(), 'remediation-repo-'));
  const bare = join(root, 'origin.git');
  const work = join(root, 'work');
  git(root, 'init', '-q', '--bare', '-b', 'main', bare);
  git(root, 'init', '-q', '-b', 'main', work);
  git(work, 'remote', 'add', 'origin', bare);
  const repo: LocalRepo = {
    url: pathToFileURL(bare).href,
    bare,
    commit: (files, message = 'change') => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), text);
      }
      git(work, 'add', '-A');
      git(work, 'commit', '-qm', message);
      git(work, 'push', '-q', 'origin', 'main');
      return git(work, 'rev-parse', 'HEAD');
    },
    head: () => git(work, 'rev-parse', 'HEAD'),
    checkout: (ref) => {
      const dir = mkdtempSync(join(root, 'checkout-'));
      git(root, 'clone', '-q', bare, dir);
      git(dir, 'checkout', '-q', ref);
      return dir;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  repo.commit(initial, 'initial commit');
  return repo;
};

/** Applies a unified diff in a work tree with real `git apply` (throws with git's message). */
export const gitApply = (dir: string, diff: string, check = false): void => {
  execFileSync('git', ['apply', ...(check ? ['--check'] : []), '-'], { cwd: dir, input: diff });
};
