// The Python project's own checks on a checkout: every module must still compile, and the
// unittest suite runs (Debian's interpreter: bench/fix-rate/run.sh installs the libraries the
// project imports with apt-get).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's interpreter, the one the project's libraries are installed for. */
const PYTHON = '/usr/bin/python3';

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
