// Applies the fixes to a temporary copy of the Python project with `git apply`, and runs the
// project's own checks there: every module must still compile, and the unittest suite runs.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unifiedDiff } from '@remediation/codemods';
import { PYTHON } from './python-scanner.mjs';

const WORK = join(dirname(fileURLToPath(import.meta.url)), '..', '.work');

/** A fresh copy of the project (a git repository, so `git apply` checks paths against it). */
export const copyProject = (projectDir) => {
  mkdirSync(WORK, { recursive: true });
  const dir = mkdtempSync(join(WORK, 'python-'));
  cpSync(projectDir, dir, { recursive: true, filter: (src) => !/__pycache__/.test(src) });
  const git = (...args) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-q', '-m', 'scanned');
  return dir;
};

export const removeCopy = (dir) => rmSync(dir, { recursive: true, force: true });

/** The unified diff of every changed file (`git apply`-able). */
export const diffOf = (files) =>
  unifiedDiff(
    [...files].map(([path, { before, after }]) => ({ path, before, after, changes: [] })),
  );

/** `git apply --check`, then `git apply`; throws with git's message on a failure. */
export const applyDiff = (dir, diff) => {
  const patch = join(WORK, `${dir.split('/').pop()}.patch`);
  writeFileSync(patch, diff);
  try {
    execFileSync('git', ['apply', '--check', patch], { cwd: dir, stdio: 'pipe' });
    execFileSync('git', ['apply', patch], { cwd: dir, stdio: 'pipe' });
  } finally {
    rmSync(patch, { force: true });
  }
};

/** Paths of the project's Python files, relative to `dir`. */
export const pythonFiles = (dir, sub = '') =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || e.name === '__pycache__') return [];
    const path = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return pythonFiles(dir, path);
    return e.name.endsWith('.py') ? [path] : [];
  });

/** Files the interpreter cannot compile any more. */
export const brokenFiles = (dir) =>
  pythonFiles(dir).filter(
    (path) =>
      spawnSync(
        PYTHON,
        ['-c', 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")', path],
        {
          cwd: dir,
        },
      ).status !== 0,
  );

/** Runs `python3 -m unittest discover`; counts from its summary. */
export const runTests = (dir) => {
  const run = spawnSync(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  const output = `${run.stdout}${run.stderr}`;
  const ran = Number(/^Ran (\d+) tests?/m.exec(output)?.[1] ?? NaN);
  const failed = /^FAILED \((.*)\)/m.exec(output)?.[1] ?? '';
  const count = (name) => Number(new RegExp(`${name}=(\\d+)`).exec(failed)?.[1] ?? 0);
  const skipped = Number(/skipped=(\d+)/.exec(output)?.[1] ?? 0);
  const bad = count('failures') + count('errors');
  return { status: run.status, ran, failed: bad, skipped, passed: ran - bad - skipped, output };
};

/** True when every file of the copy has the text the fixer computed. */
export const matches = (dir, files) =>
  [...files].every(([path, { after }]) => readFileSync(join(dir, path), 'utf8') === after);
