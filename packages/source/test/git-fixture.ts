import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** git for building fixtures: no user or system config, a fixed identity. */
export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.test',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.test',
    },
  }).trim();

export interface Origin {
  /** The temporary directory holding everything the fixture made. */
  root: string;
  /** The bare repository (what a clone URL points at). */
  bare: string;
  /** Writes files (path → content), commits them, pushes `main`, returns the commit id. */
  commit: (files: Record<string, string | Buffer>, message?: string) => string;
  /** A directory for mirrors. */
  cacheDir: string;
  destroy: () => void;
}

/** A bare repository with a work tree that pushes commits to it. */
export const createOrigin = (): Origin => {
  const root = mkdtempSync(join(tmpdir(), 'source-test-'));
  const bare = join(root, 'origin.git');
  const work = join(root, 'work');
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  git(root, 'init', '--quiet', '--initial-branch=main', work);
  let n = 0;
  return {
    root,
    bare,
    cacheDir: join(root, 'cache'),
    commit: (files, message) => {
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), content);
      }
      git(work, 'add', '--all');
      git(work, 'commit', '--quiet', '--allow-empty', '-m', message ?? `commit ${++n}`);
      git(work, 'push', '--quiet', bare, 'HEAD:refs/heads/main');
      return git(work, 'rev-parse', 'HEAD');
    },
    destroy: () => rmSync(root, { recursive: true, force: true }),
  };
};

/** A logger that keeps every line it is given, serialized, for assertions. */
export const captureLogger = () => {
  const lines: string[] = [];
  const log = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push(JSON.stringify({ level, message, ...fields }));
  return { lines, logger: { debug: log('debug'), info: log('info'), warn: log('warn') } };
};
