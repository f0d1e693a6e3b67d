// Applies the fixes with `git apply` on a temporary copy of the Java project, compiles every file
// with `javac` (against the project's stub APIs) and runs the project's behaviour check.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { unifiedDiff } from '@remediation/codemods';

/** A fresh copy of the project in its own git repository (so `git apply` resolves its paths). */
export const copyProject = (projectDir) => {
  const dir = mkdtempSync(join(tmpdir(), 'fix-rate-java-'));
  cpSync(projectDir, dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
};

export const removeCopy = (dir) => rmSync(dir, { recursive: true, force: true });

/** The unified diff of every changed file (`git apply`-able). */
export const diffOf = (texts) =>
  unifiedDiff(
    [...texts].map(([path, { before, after }]) => ({ path, before, after, changes: [] })),
  );

/** `git apply --check` then `git apply`; throws with git's message on a failure. */
export const applyDiff = (dir, diff) => {
  const patch = `${dir}.patch`;
  writeFileSync(patch, diff);
  try {
    execFileSync('git', ['apply', '--check', patch], { cwd: dir, stdio: 'pipe' });
    execFileSync('git', ['apply', patch], { cwd: dir, stdio: 'pipe' });
  } finally {
    rmSync(patch, { force: true });
  }
};

const javaFiles = (dir, sub) =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const path = join(sub, e.name);
    if (e.isDirectory()) return javaFiles(dir, path);
    return e.name.endsWith('.java') ? [path] : [];
  });

/**
 * The javac on PATH; when there is none, installs a JDK once with apt-get (idempotent: skipped
 * when javac exists) and asks again. The project is compiled, never guessed at.
 */
export const javacVersion = () => {
  const probe = () => spawnSync('javac', ['-version'], { encoding: 'utf8' });
  let run = probe();
  if (run.status !== 0) {
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'openjdk-17-jdk-headless'], {
      stdio: 'inherit',
    });
    run = probe();
  }
  if (run.status !== 0) {
    throw new Error('javac not found and openjdk-17-jdk-headless could not be installed');
  }
  return (run.stdout + run.stderr).trim();
};

/**
 * Compiles stubs, application and checks with `javac --release 17 -Xlint:none` into a class
 * directory; returns the files javac reports errors in (project-relative) and its output.
 */
export const compile = (dir) => {
  const out = join(dir, '.classes');
  const sources = ['stubs', 'src/main/java', 'src/test/java'].flatMap((s) => javaFiles(dir, s));
  const run = spawnSync('javac', ['--release', '17', '-encoding', 'UTF-8', '-d', out, ...sources], {
    cwd: dir,
    encoding: 'utf8',
  });
  const output = run.stdout + run.stderr;
  const broken = [
    ...new Set(
      [...output.matchAll(/^(\S+\.java):\d+: error:/gm)].map((m) => relative(dir, join(dir, m[1]))),
    ),
  ];
  return { ok: run.status === 0, broken, output, classes: out };
};

/** Runs the project's behaviour check (plain `main`, exit status 0 when every check passes). */
export const runChecks = (classes) => {
  const run = spawnSync('java', ['-cp', classes, 'com.acme.notes.BehaviourCheck'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ok: run.status === 0, output: (run.stdout + run.stderr).trim() };
};
