// The real scanners of the fix-rate benchmark, each run on a checkout as a CI job would run it
// and each returning the tool's own SARIF 2.1.0 log, untouched: SpotBugs with Find Security Bugs
// (Java, on the classes javac compiles), Bandit's native SARIF formatter (Python) and Semgrep
// with the repository's rules (every family). The tools are the pinned ones scripts/lib.sh
// installs into .tools/bin (bench/fix-rate/run.sh calls ensure_scanners before node starts).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, '.tools', 'bin');
/** The repository's Semgrep rules (bench/rules/semgrep); never registry rules. */
export const SEMGREP_RULES = join(ROOT, 'bench', 'rules', 'semgrep');

const tool = (name) => {
  const path = join(BIN, name);
  if (!existsSync(path))
    throw new Error(`${path} missing: run through bench/fix-rate/run.sh (ensure_scanners)`);
  return path;
};

/** Runs `fn(dir)` in a fresh temporary directory, removed afterwards. */
const inTemp = (prefix, fn) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const readSarif = (path, what, run) => {
  if (!existsSync(path))
    throw new Error(`${what} wrote no SARIF (exit ${run.status}): ${run.stderr?.slice(-2000)}`);
  return JSON.parse(readFileSync(path, 'utf8'));
};

const javaFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((p) => p.endsWith('.java'))
    .map((p) => join(dir, p));

/** The Java project's layout: its source root and the stub APIs it compiles against. */
const JAVA_SOURCES = 'src/main/java';
const JAVA_STUBS = 'stubs';

/**
 * SpotBugs 4.10.4 with Find Security Bugs on the project's application classes: javac compiles
 * the stub APIs (auxiliary classpath, not analysed) and `src/main/java` with debug information,
 * then `spotbugs -textui -effort:max -low` writes SARIF. SpotBugs names files relative to the
 * `-sourcepath` root under an `originalUriBaseIds` entry holding that root's absolute `file:` URI,
 * so the upload's `checkout_uri` (the checkout's root) makes them repository-relative.
 */
export const spotbugs = (dir) =>
  inTemp('fix-rate-spotbugs-', (tmp) => {
    const javac = (out, cp, sources) =>
      execFileSync(
        'javac',
        ['--release', '17', '-encoding', 'UTF-8', '-g', '-nowarn', '-d', out, ...cp, ...sources],
        { stdio: 'pipe' },
      );
    const aux = join(tmp, 'aux');
    const classes = join(tmp, 'classes');
    javac(aux, [], javaFiles(join(dir, JAVA_STUBS)));
    javac(classes, ['-cp', aux], javaFiles(join(dir, JAVA_SOURCES)));
    const jar = process.env.FINDSECBUGS_JAR;
    if (!jar) throw new Error('FINDSECBUGS_JAR unset: run through bench/fix-rate/run.sh');
    const out = join(tmp, 'spotbugs.sarif');
    const run = spawnSync(
      tool('spotbugs'),
      [
        '-textui',
        '-effort:max',
        '-low',
        '-pluginList',
        jar,
        '-sourcepath',
        join(dir, JAVA_SOURCES),
        '-auxclasspath',
        aux,
        `-sarif=${out}`,
        classes,
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return readSarif(out, 'spotbugs', run);
  });

/**
 * Bandit 1.9.4's own SARIF formatter over the project (tests excluded, as a CI job scanning the
 * shipped code would). Bandit exits 1 when it reports issues; only a missing log is an error.
 */
export const bandit = (dir, { exclude = ['tests'] } = {}) =>
  inTemp('fix-rate-bandit-', (tmp) => {
    const out = join(tmp, 'bandit.sarif');
    const run = spawnSync(
      tool('bandit'),
      ['-r', '.', '-q', '-f', 'sarif', '-o', out, '-x', exclude.map((e) => `./${e}`).join(',')],
      { cwd: dir, encoding: 'utf8' },
    );
    return readSarif(out, 'bandit', run);
  });

/**
 * The rules one run uses: bench/rules/semgrep copied once, on first use, to the same relative
 * path under a temporary root, so the scan and the re-scan see the same rules while others edit
 * them, and rule ids keep the `bench.rules.semgrep.` prefix. Removed when the process exits.
 */
let snapshot = null;
const rulesSnapshot = () => {
  if (!snapshot) {
    snapshot = mkdtempSync(join(tmpdir(), 'fix-rate-rules-'));
    cpSync(SEMGREP_RULES, join(snapshot, relative(ROOT, SEMGREP_RULES)), { recursive: true });
    process.on('exit', () => rmSync(snapshot, { recursive: true, force: true }));
  }
  return snapshot;
};

/** A digest of the rule files the run uses (the snapshot's), printed with the figures. */
export const semgrepRulesDigest = () => {
  const dir = join(rulesSnapshot(), relative(ROOT, SEMGREP_RULES));
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true }).map(String).sort();
  for (const p of files) if (/\.ya?ml$/.test(p)) hash.update(p).update(readFileSync(join(dir, p)));
  return `${files.filter((p) => /\.ya?ml$/.test(p)).length} rule files, sha256 ${hash.digest('hex').slice(0, 12)}`;
};

/** True when the repository's Semgrep rules are there (they are written separately). */
export const semgrepRulesPresent = () =>
  existsSync(SEMGREP_RULES) &&
  readdirSync(SEMGREP_RULES, { recursive: true }).some((p) => /\.ya?ml$/.test(String(p)));

/**
 * Semgrep 1.185.0 with the repository's rules only, metrics and version checks off, run as
 * `semgrep scan --config bench/rules/semgrep` from the run's copy of the rules (so rule ids carry the
 * `bench.rules.semgrep.` prefix a CI job's would) on the checkout's absolute paths, which the
 * upload's `checkout_uri` makes repository-relative. `targets` narrows the scan to the
 * project's shipped code, as the other scanners of the family see it; the checkout sits in a
 * git-ignored folder, so git's ignore rules are not applied (Semgrep's own defaults are).
 */
export const semgrep = (dir, { targets = ['.'], exclude = [] } = {}) =>
  inTemp('fix-rate-semgrep-', (tmp) => {
    const out = join(tmp, 'semgrep.sarif');
    const run = spawnSync(
      tool('semgrep'),
      [
        'scan',
        '--metrics=off',
        '--disable-version-check',
        '--config',
        relative(ROOT, SEMGREP_RULES),
        '--no-git-ignore',
        '--sarif',
        '--output',
        out,
        '--quiet',
        ...exclude.flatMap((e) => ['--exclude', e]),
        ...targets.map((t) => join(dir, t)),
      ],
      {
        cwd: rulesSnapshot(),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, SEMGREP_SEND_METRICS: 'off', SEMGREP_ENABLE_VERSION_CHECK: '0' },
      },
    );
    return readSarif(out, 'semgrep', run);
  });

/** `name version` of each scanner, as the tools print it. */
export const versions = () => {
  const ask = (cmd, args) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    return `${r.stdout}${r.stderr}`;
  };
  const first = (text, re) => re.exec(text)?.[1] ?? '?';
  return {
    spotbugs: `SpotBugs ${first(ask(tool('spotbugs'), ['-textui', '-version']), /(\d+\.\d+\.\d+)/)} + Find Security Bugs ${first(process.env.FINDSECBUGS_JAR ?? '', /findsecbugs-plugin-([\d.]+)\.jar/)}`,
    bandit: `Bandit ${first(ask(tool('bandit'), ['--version']), /bandit (\d+\.\d+\.\d+)/)}`,
    semgrep: `Semgrep ${first(ask(tool('semgrep'), ['--version']), /(\d+\.\d+\.\d+)/)}`,
    gosec: `gosec ${first(ask(tool('gosec'), ['-version']), /Version: v?(\d+\.\d+\.\d+)/)}`,
  };
};
