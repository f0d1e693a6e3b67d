// The real scanners over a corpus folder (one sub-folder per package), each returning the tool's
// own SARIF (and what it could not scan): Bandit, Semgrep and ESLint with the flags and rules the fix-rate and
// triage benches use (the same pinned tools), ESLint with this bench's configuration. Bandit runs per package, two at a
// time (it has no parallelism of its own); Semgrep and ESLint run once over the whole folder.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { classJar } from './fetch.mjs';

const HERE = join(import.meta.dirname, '..');
const ROOT = join(HERE, '..', '..');
const BANDIT = join(ROOT, '.tools', 'bin', 'bandit');
const ESLINT = join(ROOT, 'bench', 'node_modules', '.bin', 'eslint');
const SEMGREP = join(ROOT, '.tools', 'bin', 'semgrep');
const SPOTBUGS = join(ROOT, '.tools', 'bin', 'spotbugs');
/**
 * What a package's build wrote (bundles, minified and transpiled copies of its sources): nobody
 * fixes those by hand, and each holds the same sinks as the sources again (eslint.config.mjs
 * ignores the same).
 */
export const BUILT = ['dist', 'umd', 'bundles', '*.min.js', '*.bundle.js'];

const runAsync = (cmd, args, opts) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], ...opts });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });

/** A SARIF log with the runs of several, as one upload would carry them per tool. */
const mergeRuns = (logs) => ({ version: '2.1.0', runs: logs.flatMap((l) => l.runs) });

/**
 * Bandit 1.9.4's SARIF over each package folder of `root` (paths made relative to `root` by
 * running from it). A package Bandit cannot write SARIF for is reported in `errors`.
 */
export const banditAll = async (root, packages = readdirSync(root).sort(), { width = 2 } = {}) => {
  const tmp = mkdtempSync(join(tmpdir(), 'fix-coverage-bandit-'));
  const logs = [];
  const errors = [];
  let next = 0;
  const worker = async () => {
    while (next < packages.length) {
      const pkg = packages[next++];
      const out = join(tmp, `${pkg}.sarif`);
      const r = await runAsync(BANDIT, ['-r', pkg, '-q', '-f', 'sarif', '-o', out], { cwd: root });
      try {
        logs.push(JSON.parse(readFileSync(out, 'utf8')));
      } catch {
        errors.push(`${pkg}: bandit exit ${r.status} ${r.stderr.slice(-300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  rmSync(tmp, { recursive: true, force: true });
  return { log: mergeRuns(logs), errors };
};

/**
 * Semgrep 1.185.0 with the ecosystem's folder of bench/rules/semgrep (metrics and version checks
 * off, never registry rules) over the packages in one run, from the workspace root so rule ids
 * carry the `bench.rules.semgrep.<language>.` prefix the fix-rate and triage benches see.
 */
const semgrepOnce = (folder, root, packages, timeoutMinutes) => {
  const tmp = mkdtempSync(join(tmpdir(), 'fix-coverage-semgrep-'));
  const out = join(tmp, 'semgrep.sarif');
  const r = spawnSync(
    SEMGREP,
    [
      'scan',
      '--metrics=off',
      '--disable-version-check',
      '--config',
      relative(ROOT, join(ROOT, 'bench', 'rules', 'semgrep', folder)),
      '--no-git-ignore',
      '--sarif',
      '--output',
      out,
      '--quiet',
      ...BUILT.flatMap((e) => ['--exclude', e]),
      ...packages.map((p) => join(root, p)),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 256 << 20,
      // The log goes to a file; a stuck scanner fails the run rather than hanging it.
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: timeoutMinutes * 60_000,
      env: { ...process.env, SEMGREP_SEND_METRICS: 'off', SEMGREP_ENABLE_VERSION_CHECK: '0' },
    },
  );
  try {
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    throw new Error(
      `semgrep wrote no SARIF (exit ${r.status}${r.signal ? `, ${r.signal} after the ${timeoutMinutes}-minute deadline` : ''}): ${r.stderr.slice(-2000)}`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

/** Hash of the names and contents of every file under `dir`. */
const hashTree = (hash, dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const p = join(dir, e.name);
    if (e.isDirectory()) hashTree(hash, p);
    else hash.update(`${p}\0`).update(readFileSync(p));
  }
};

/** Packages per Semgrep run over the corpus (each run's SARIF is kept, so a slow machine resumes). */
const SEMGREP_CHUNK = 20;

/**
 * Semgrep 1.185.0 with the ecosystem's folder of bench/rules/semgrep (metrics and version checks
 * off, never registry rules), from the workspace root so rule ids carry the
 * `bench.rules.semgrep.<language>.` prefix the fix-rate and triage benches see. Over the corpus
 * it runs on chunks of packages, each chunk's SARIF kept under `cacheDir` by the packages and
 * the rules, and read back with `reuse` (a run that hits the deadline on a loaded machine resumes
 * where it stopped); without
 * `cacheDir` (the re-scan of fixed copies) in one run.
 */
const semgrepWith =
  (folder) =>
  (root, packages = ['.'], { cacheDir, reuse = false } = {}) => {
    if (!cacheDir) return { log: semgrepOnce(folder, root, packages, 30), errors: [] };
    const rules = createHash('sha256');
    hashTree(rules, join(ROOT, 'bench', 'rules', 'semgrep', folder));
    const rulesKey = rules.digest('hex');
    mkdirSync(cacheDir, { recursive: true });
    const logs = [];
    for (let i = 0; i < packages.length; i += SEMGREP_CHUNK) {
      const chunk = packages.slice(i, i + SEMGREP_CHUNK);
      const key = createHash('sha256')
        .update(`${rulesKey}\0${root}\0${chunk.join('\0')}`)
        .digest('hex')
        .slice(0, 24);
      const file = join(cacheDir, `semgrep-${folder}-${key}.sarif`);
      if (reuse && existsSync(file)) {
        logs.push(JSON.parse(readFileSync(file, 'utf8')));
        continue;
      }
      const log = semgrepOnce(folder, root, chunk, 60);
      writeFileSync(file, JSON.stringify(log));
      logs.push(log);
    }
    return { log: mergeRuns(logs), errors: [] };
  };

/** ESLint 9 with eslint.config.mjs over the whole folder, SARIF by the Microsoft formatter. */
export const eslintAll = (root, packages = ['.']) => {
  const tmp = mkdtempSync(join(tmpdir(), 'fix-coverage-eslint-'));
  const out = join(tmp, 'eslint.sarif');
  const r = spawnSync(
    ESLINT,
    [
      '--no-config-lookup',
      '-c',
      join(HERE, 'eslint.config.mjs'),
      // A package whose files are all build output (rimraf ships only dist/) leaves its pattern empty.
      '--no-error-on-unmatched-pattern',
      '--concurrency',
      '2',
      '-f',
      '@microsoft/eslint-formatter-sarif',
      '-o',
      out,
      ...packages,
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], timeout: 30 * 60_000 },
  );
  try {
    return { log: JSON.parse(readFileSync(out, 'utf8')), errors: [] };
  } catch {
    throw new Error(`eslint wrote no SARIF (exit ${r.status}): ${r.stderr.slice(-2000)}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

/**
 * SpotBugs 4.10.4 with Find Security Bugs (`-effort:max -low`, the fix-rate bench's flags) on
 * each package's class jar, `-sourcepath` its unpacked sources jar (SpotBugs names files under
 * it through `originalUriBaseIds`); the jar's own dependencies are not on the classpath.
 */
export const spotbugsAll = async (
  root,
  packages = readdirSync(root).sort(),
  { width = 2 } = {},
) => {
  const plugin = process.env.FINDSECBUGS_JAR;
  if (!plugin) throw new Error('FINDSECBUGS_JAR unset: run through bench/fix-coverage/run.sh');
  const cache = join(root, '..', '..');
  const tmp = mkdtempSync(join(tmpdir(), 'fix-coverage-spotbugs-'));
  const logs = [];
  const errors = [];
  let next = 0;
  const worker = async () => {
    while (next < packages.length) {
      const pkg = packages[next++];
      const out = join(tmp, `${pkg}.sarif`);
      const args = ['-textui', '-effort:max', '-low', '-pluginList', plugin];
      const r = await runAsync(
        SPOTBUGS,
        [...args, '-sourcepath', join(root, pkg), `-sarif=${out}`, classJar(cache, pkg)],
        {},
      );
      try {
        logs.push(JSON.parse(readFileSync(out, 'utf8')));
      } catch {
        errors.push(`${pkg}: spotbugs exit ${r.status} ${r.stderr.slice(-300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  rmSync(tmp, { recursive: true, force: true });
  return { log: mergeRuns(logs), errors };
};

/** Scanners that cannot re-scan a fixed source file alone (SpotBugs reads compiled classes). */
export const NO_RESCAN = new Set(['spotbugs']);

/** The scanners of each ecosystem, by the SARIF driver name family they write. */
export const SCANNERS = {
  python: { bandit: banditAll, semgrep: semgrepWith('python') },
  js: { eslint: eslintAll, semgrep: semgrepWith('javascript') },
  java: { spotbugs: spotbugsAll, semgrep: semgrepWith('java') },
};
