// Applies the fixes as unified diffs with `git apply` on a temporary copy of the project, and
// runs the project's own checks there (syntax check of every source file, node:test suite).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WORK = join(dirname(fileURLToPath(import.meta.url)), '..', '.work');

const sources = (dir, sub = '') =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const path = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return sources(dir, path);
    return /\.(c|m)?js$|\.ts$/.test(e.name) ? [path] : [];
  });

/**
 * Files that do not compile: `node --check` for JavaScript; TypeScript goes through Node's own
 * type stripping first (which rejects invalid syntax), then `node --check` on the result.
 */
export const brokenFiles = (dir) =>
  sources(dir).filter((path) => {
    let file = path;
    if (path.endsWith('.ts')) {
      try {
        const js = stripTypeScriptTypes(readFileSync(join(dir, path), 'utf8'));
        mkdirSync(WORK, { recursive: true });
        file = join(mkdtempSync(join(WORK, 'ts-')), 'stripped.mjs');
        writeFileSync(file, js);
      } catch {
        return true;
      }
    }
    const status = spawnSync(process.execPath, ['--check', file], { cwd: dir }).status;
    if (file !== path) rmSync(dirname(file), { recursive: true, force: true });
    return status !== 0;
  });

/** Runs the project's node:test suite; returns pass/fail counts and the exit status. */
export const runTests = (dir) => {
  const tests = sources(dir, 'test').filter((p) => p.endsWith('.test.js'));
  const run = spawnSync(process.execPath, ['--test', '--test-timeout=30000', ...tests], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  const count = (name) => Number(new RegExp(`^ℹ ${name} (\\d+)`, 'm').exec(run.stdout)?.[1] ?? NaN);
  return {
    status: run.status,
    pass: count('pass'),
    fail: count('fail'),
    output: run.stdout + run.stderr,
  };
};
