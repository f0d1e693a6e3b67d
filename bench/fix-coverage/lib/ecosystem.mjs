// One ecosystem's pass: scan its packages with the real scanners, run the fixer's group logic
// (services/fixer fixGroup, built) on every finding a codemod is bound to, each as a group of one
// with its package as the repository, then re-scan the fixed files in a copy and compile them.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { nodeChecks, pythonFailures } from './compile.mjs';
import { codemodIds, resultsOf, ruleCounts, sample } from './findings.mjs';
import { fixerVerdict, rescanVerdict } from './outcome.mjs';
import { NO_RESCAN, SCANNERS } from './scan.mjs';

const FIXER = join(import.meta.dirname, '..', '..', '..', 'services', 'fixer', 'dist', 'fix');
const { fixGroup } = await import(join(FIXER, 'generate.js'));

const JS_CHECKED = new Set(['.js', '.cjs', '.mjs']);

/** `(tool, path) => Map<ruleId, count>` over flat results, with `.tools`. */
const countsBy = (results, tools) => {
  const groups = new Map();
  for (const r of results) {
    const key = `${r.tool}\t${r.path}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const counts = new Map([...groups].map(([k, v]) => [k, ruleCounts(v)]));
  const fn = (tool, path) => counts.get(`${tool}\t${path}`) ?? new Map();
  fn.tools = tools;
  return fn;
};

/**
 * Every scanner of `eco` over `packages`. With `cache` (the corpus scan), each scanner's results
 * are written to `cache.dir` under `cache.key` and, when `cache.reuse`, read back from there
 * instead of scanning (Semgrep also keeps each chunk of packages it scanned).
 */
const scanAll = async (eco, root, packages, say, { rescan = false, cache = null } = {}) => {
  const results = [];
  const errors = [];
  const seconds = {};
  // Packages a scanner could not scan (`<package>: <scanner> exit ...`), by scanner.
  const failed = {};
  const noteFailed = (name, e) => {
    failed[name] ??= new Set();
    for (const line of e) failed[name].add(line.slice(0, line.indexOf(':')));
  };
  for (const [name, scan] of Object.entries(SCANNERS[eco])) {
    if (rescan && NO_RESCAN.has(name)) continue;
    const file = cache && join(cache.dir, `${eco}-${name}-${cache.key.slice(0, 24)}.json`);
    if (cache?.reuse && existsSync(file)) {
      const kept = JSON.parse(readFileSync(file, 'utf8'));
      results.push(...kept.results);
      errors.push(...kept.errors);
      noteFailed(name, kept.errors);
      seconds[name] = kept.seconds;
      say(`  ${name}: reused (${kept.seconds} s when scanned)`);
      continue;
    }
    const t0 = performance.now();
    const { log, errors: e } = await scan(
      root,
      packages,
      cache ? { cacheDir: join(cache.dir, 'chunks'), reuse: cache.reuse } : {},
    );
    seconds[name] = Math.round((performance.now() - t0) / 1000);
    const found = resultsOf(log, root);
    results.push(...found);
    errors.push(...e);
    noteFailed(name, e);
    if (file) {
      mkdirSync(cache.dir, { recursive: true });
      writeFileSync(file, JSON.stringify({ results: found, errors: e, seconds: seconds[name] }));
    }
    say(`  ${name}: ${seconds[name]} s`);
  }
  return { results, errors, seconds, failed };
};

const RULES = join(import.meta.dirname, '..', '..', 'rules', 'semgrep');
const RULE_FOLDERS = { python: 'python', js: 'javascript', java: 'java' };

/** Hash of every file under `dir` (names and contents), recursively. */
const hashTree = (hash, dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const p = join(dir, e.name);
    if (e.isDirectory()) hashTree(hash, p);
    else hash.update(`${p}\0`).update(readFileSync(p));
  }
};

/**
 * What the first scan of an ecosystem depends on besides the scanners' pinned versions: the
 * packages, the Semgrep rules and the ESLint configuration. A cached scan is reused only when
 * this key is unchanged.
 */
const scanKey = (eco, packages) => {
  const hash = createHash('sha256').update(`${eco}\0${packages.join('\0')}\0`);
  hashTree(hash, join(RULES, RULE_FOLDERS[eco]));
  hash.update(readFileSync(join(import.meta.dirname, '..', 'eslint.config.mjs')));
  return hash.digest('hex');
};

/** The nearest package.json above `uri` inside `pkgDir` (Node reads its `type`). */
const nearestPackageJson = (pkgDir, uri) => {
  for (let d = dirname(uri); ; d = dirname(d)) {
    const rel = d === '.' ? 'package.json' : join(d, 'package.json');
    if (existsSync(join(pkgDir, rel))) return rel;
    if (d === '.' || d === '/') return undefined;
  }
};

/**
 * Runs one ecosystem over `packages` (folder names under `root`), trying at most `maxPerRule`
 * findings per codemod and scanner. Returns the outcome records and the pass's figures.
 */
export const runEcosystem = async ({ eco, root, packages, work, maxPerRule, reuseScan, say }) => {
  // --reuse-scan: each scanner's results from an earlier run with the same key (iterating on
  // codemods does not need the corpus scanned again; fixed copies are always re-scanned).
  const key = scanKey(eco, packages);
  say(`${eco}: scanning ${packages.length} packages${reuseScan ? ' (reusing kept scans)' : ''}`);
  const scan = await scanAll(eco, root, packages, say, {
    cache: { dir: join(work, 'scan'), key, reuse: Boolean(reuseScan) },
  });
  const reused = Boolean(reuseScan);
  const tools = [...new Set(scan.results.map((r) => r.tool))];
  const covered = scan.results
    .map((r) => ({ ...r, codemods: codemodIds(r) }))
    .filter((r) => r.codemods.length > 0);
  const groups = new Map();
  for (const r of covered) {
    const key = `${r.codemods[0]}\t${r.scanner}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const chosen = [...groups.values()].flatMap((g) =>
    sample(
      g,
      maxPerRule,
      (r) => `${r.path}:${r.location.startLine}:${r.location.startColumn}:${r.ruleId}`,
    ),
  );
  say(
    `${eco}: ${scan.results.length} results, ${covered.length} with a codemod, fixing ${chosen.length}`,
  );

  // One folder per run: two runs of an ecosystem at once must not re-scan each other's copies.
  const verify = join(work, 'verify', `${eco}-${process.pid}`);
  rmSync(verify, { recursive: true, force: true });
  const t0 = performance.now();
  const records = [];
  for (const [i, f] of chosen.entries()) {
    const pkgDir = join(root, f.pkg);
    const read = async (p) => {
      try {
        return readFileSync(join(pkgDir, p), 'utf8');
      } catch {
        return undefined;
      }
    };
    const outcome = await fixGroup(
      [
        {
          id: String(i),
          tool: f.tool,
          ruleId: f.ruleId,
          uri: f.uri,
          location: f.location,
          message: f.message,
          // Semgrep writes no dataflow traces without --dataflow-traces, Bandit and ESLint none.
          codeFlows: [],
          sarifFixes: f.sarifFixes,
        },
      ],
      read,
    );
    const fixer = fixerVerdict(outcome);
    const record = {
      ecosystem: eco,
      scanner: f.scanner,
      tool: f.tool,
      ruleId: f.ruleId,
      path: f.path,
      line: f.location.startLine,
      codemod:
        fixer.kind === 'fixed' && fixer.codemod.startsWith('remediate:')
          ? fixer.codemod
          : f.codemods[0],
      fixer,
      changed: outcome.files.map((c) => `${f.pkg}/${c.path}`),
    };
    if (fixer.kind === 'fixed') {
      const base = join(verify, 'all', String(i), f.pkg);
      for (const c of outcome.files) {
        mkdirSync(dirname(join(base, c.path)), { recursive: true });
        writeFileSync(join(base, c.path), c.after);
      }
      const pj = JS_CHECKED.has(extname(f.uri)) ? nearestPackageJson(pkgDir, f.uri) : undefined;
      if (pj && !existsSync(join(base, pj))) copyFileSync(join(pkgDir, pj), join(base, pj));
    }
    records.push(record);
  }
  const fixSeconds = Math.round((performance.now() - t0) / 1000);
  const fixed = records.map((r, i) => [r, i]).filter(([r]) => r.fixer.kind === 'fixed');
  say(`${eco}: fixer ran in ${fixSeconds} s, ${fixed.length} fixed; re-scanning the fixed copies`);

  let rescanSeconds = 0;
  if (fixed.length > 0) {
    const t1 = performance.now();
    const again = await scanAll(eco, verify, ['all'], () => {}, { rescan: true });
    rescanSeconds = Math.round((performance.now() - t1) / 1000);
    const byFix = new Map();
    for (const r of again.results) {
      const [i, pkg, ...rest] = r.uri.split('/');
      // A package the scanner could not scan in the corpus (Bandit's SARIF writer fails on
      // rich) has nothing to compare its re-scan with: every result would count as new.
      if (scan.failed[r.scanner]?.has(pkg)) continue;
      if (!byFix.has(i)) byFix.set(i, []);
      byFix.get(i).push({ ...r, path: `${pkg}/${rest.join('/')}` });
    }
    const before = countsBy(scan.results, tools);
    const pyOriginal = [];
    const pyFixed = [];
    for (const [r, i] of fixed) {
      r.rescan = NO_RESCAN.has(r.scanner)
        ? { kind: 'not_rescanned' }
        : rescanVerdict(r, r.changed, before, countsBy(byFix.get(String(i)) ?? [], tools));
      for (const p of r.changed.filter((p) => p.endsWith('.py'))) {
        pyOriginal.push(join(root, p));
        pyFixed.push(join(verify, 'all', String(i), p));
      }
    }
    const pyOriginalBad = pythonFailures([...new Set(pyOriginal)]);
    const pyFixedBad = pythonFailures(pyFixed);
    for (const [r, i] of fixed) {
      const checks = r.changed.flatMap((p) => {
        const original = join(root, p);
        const copy = join(verify, 'all', String(i), p);
        if (p.endsWith('.py')) return pyOriginalBad.has(original) ? [] : [!pyFixedBad.has(copy)];
        if (JS_CHECKED.has(extname(p))) return nodeChecks(original) ? [nodeChecks(copy)] : [];
        return [];
      });
      r.compile = checks.length === 0 ? 'unchecked' : checks.every(Boolean) ? 'ok' : 'broken';
      r.broken = r.compile === 'broken';
    }
  }
  return {
    records,
    figures: {
      packages: packages.length,
      results: scan.results.length,
      covered: covered.length,
      attempted: chosen.length,
      scanErrors: scan.errors,
      seconds: { scan: scan.seconds, fix: fixSeconds, rescan: rescanSeconds },
      scanReused: reused,
    },
  };
};
