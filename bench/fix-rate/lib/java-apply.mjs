// The Java project's own checks on a checkout: every file compiles with `javac` (against the
// project's stub APIs) and the project's behaviour check runs.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

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
