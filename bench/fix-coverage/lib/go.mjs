// The Go ecosystem of bench:fix-coverage, in one file: modules from the Go module proxy (`go mod
// download`, pinned versions, their dependencies downloaded into the module cache so gosec and
// the compiler can type-check them), real gosec 2.30.0 and Semgrep with bench/rules/semgrep/go,
// the fixer's fixGroup on every finding a Go codemod is bound to, and per fix a copy of the
// module with the fix applied: gofmt -l, go vet and go build of the changed packages, and gosec
// and Semgrep again on them.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { codemodIds, resultsOf, ruleCounts, sample } from './findings.mjs';
import { fixerVerdict, rescanVerdict } from './outcome.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, '.tools', 'bin');
const { fixGroup } = await import(join(ROOT, 'services', 'fixer', 'dist', 'fix', 'generate.js'));

/**
 * Popular modules with file, crypto, TLS, HTTP-server and SQL code (none written here), pinned
 * to versions the proxy serves; change a pin, never a module's code.
 */
export const GO = [
  'github.com/lib/pq@v1.10.9',
  'github.com/go-sql-driver/mysql@v1.8.1',
  'github.com/jmoiron/sqlx@v1.4.0',
  'github.com/gorilla/mux@v1.8.1',
  'github.com/gorilla/websocket@v1.5.3',
  'github.com/go-chi/chi/v5@v5.2.1',
  'github.com/spf13/afero@v1.11.0',
  'github.com/sirupsen/logrus@v1.9.3',
  'github.com/hashicorp/go-retryablehttp@v0.7.7',
  'github.com/urfave/cli/v2@v2.27.5',
];

const ENV = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', CGO_ENABLED: '0' };
const run = (cmd, args, cwd, timeout = 600_000) => {
  const r = spawnSync(cmd, args, {
    cwd,
    env: ENV,
    encoding: 'utf8',
    timeout,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout ?? '', output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
};

const writable = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    chmodSync(p, e.isDirectory() ? 0o755 : 0o644);
    if (e.isDirectory()) writable(p);
  }
};

/** Each module's source from the proxy, copied (writable) to `cache/src/go/<name>`, its dependencies downloaded. */
export const fetchGo = async (specs, cache) =>
  specs.map((spec) => {
    const dir = join(cache, 'src', 'go', spec.replace(/[/@]/g, '_'));
    if (existsSync(join(dir, 'go.mod'))) return { spec, dir };
    const r = run('go', ['mod', 'download', '-json', spec], ROOT);
    let info;
    try {
      info = JSON.parse(r.stdout);
    } catch {
      return { spec, error: r.output.slice(0, 300) };
    }
    if (info.Error || !info.Dir) return { spec, error: info.Error ?? 'no Dir' };
    mkdirSync(dirname(dir), { recursive: true });
    cpSync(info.Dir, dir, { recursive: true });
    writable(dir);
    if (!existsSync(join(dir, 'go.mod')))
      writeFileSync(join(dir, 'go.mod'), `module ${info.Path}\n`);
    const deps = run('go', ['mod', 'download'], dir);
    if (deps.status !== 0) return { spec, error: `dependencies: ${deps.output.slice(0, 300)}` };
    return { spec, dir };
  });

/** gosec's SARIF over a module (or some of its packages), URIs prefixed with `prefix/`. */
const gosec = (dir, prefix, patterns = ['./...']) => {
  const tmp = mkdtempSync(join(tmpdir(), 'fix-coverage-gosec-'));
  try {
    const out = join(tmp, 'gosec.sarif');
    const r = run(join(BIN, 'gosec'), ['-quiet', '-fmt', 'sarif', '-out', out, ...patterns], dir);
    if (!existsSync(out))
      return { log: { runs: [] }, errors: [`gosec ${prefix}: ${r.output.slice(0, 300)}`] };
    const log = JSON.parse(readFileSync(out, 'utf8'));
    for (const run_ of log.runs)
      for (const result of run_.results ?? [])
        for (const loc of result.locations ?? []) {
          const a = loc.physicalLocation?.artifactLocation;
          if (a?.uri && !a.uri.startsWith('/') && !a.uri.includes(':'))
            a.uri = `${prefix}/${a.uri}`;
        }
    return { log, errors: [] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

/**
 * Semgrep with bench/rules/semgrep/go over `targets` (absolute folders), test files and vendor
 * excluded; with `only` (paths relative to the folder), just those files, still reached through
 * the folder: Semgrep's default ignores (`build/`, ...) apply to files under a folder target but
 * not to files named on the command line, and the re-scan of a fixed file must see it as the
 * corpus scan did (urfave/cli's internal/build/build.go is never scanned there).
 */
const semgrep = (targets, only = []) => {
  const tmp = mkdtempSync(join(tmpdir(), 'fix-coverage-semgrep-go-'));
  try {
    const out = join(tmp, 'semgrep.sarif');
    const r = run(
      join(BIN, 'semgrep'),
      [
        'scan',
        '--metrics=off',
        '--disable-version-check',
        '--config',
        'bench/rules/semgrep/go',
        '--no-git-ignore',
        '--sarif',
        '--output',
        out,
        '--quiet',
        '--exclude',
        '*_test.go',
        '--exclude',
        'vendor',
        '--timeout',
        '30',
        ...only.flatMap((f) => ['--include', `**/${f}`]),
        ...targets,
      ],
      ROOT,
      3_600_000,
    );
    if (!existsSync(out))
      return { log: { runs: [] }, errors: [`semgrep: ${r.output.slice(0, 300)}`] };
    return { log: JSON.parse(readFileSync(out, 'utf8')), errors: [] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

const merge = (logs) => ({ version: '2.1.0', runs: logs.flatMap((l) => l.runs) });

const countsBy = (results, tools) => {
  const counts = new Map();
  for (const r of results) {
    const key = `${r.tool}\t${r.path}`;
    if (!counts.has(key)) counts.set(key, []);
    counts.get(key).push(r);
  }
  const byKey = new Map([...counts].map(([k, v]) => [k, ruleCounts(v)]));
  const fn = (tool, path) => byKey.get(`${tool}\t${path}`) ?? new Map();
  fn.tools = tools;
  return fn;
};

/** gofmt -l, go vet and go build of the packages holding `files` (module-relative) in `dir`. */
const goChecks = (dir, files) => {
  const pkgs = [...new Set(files.map((f) => `./${dirname(f)}`))];
  const fmt = run('gofmt', ['-l', ...files], dir);
  const vet = run('go', ['vet', ...pkgs], dir);
  const build = run('go', ['build', ...pkgs], dir);
  return {
    formatted: fmt.output.trim() === '',
    builds: build.status === 0 && vet.status === 0,
    output: `${fmt.output}${vet.output}${build.output}`.slice(0, 2000),
  };
};

/** The Go pass: same records and figures as the other ecosystems' (`runEcosystem`). */
export const runGo = async ({ root, packages, work, maxPerRule, say }) => {
  const t0 = performance.now();
  const logs = [];
  const errors = [];
  for (const pkg of packages) {
    const g = gosec(join(root, pkg), pkg);
    logs.push(g.log);
    errors.push(...g.errors);
  }
  const gosecSeconds = Math.round((performance.now() - t0) / 1000);
  const s = semgrep(packages.map((p) => join(root, p)));
  logs.push(s.log);
  errors.push(...s.errors);
  const scanSeconds = Math.round((performance.now() - t0) / 1000);
  const results = resultsOf(merge(logs), root);
  const tools = [...new Set(results.map((r) => r.tool))];
  const covered = results
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
    `go: ${results.length} results (gosec ${gosecSeconds} s, all ${scanSeconds} s), ${covered.length} with a codemod, fixing ${chosen.length}`,
  );

  // What the original already passes: a package that did not build, or a file gofmt already
  // rewrites (doc comments laid out before Go 1.19's gofmt), says nothing about the fix.
  const baseline = new Map();
  const builds = (pkg, file) => {
    const key = `${pkg}\t${dirname(file)}`;
    if (!baseline.has(key)) baseline.set(key, goChecks(join(root, pkg), [file]).builds);
    return baseline.get(key);
  };
  const formatted = (pkg, file) => goChecks(join(root, pkg), [file]).formatted;
  const before = countsBy(results, tools);
  const records = [];
  const t1 = performance.now();
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
          codeFlows: [],
          sarifFixes: f.sarifFixes,
        },
      ],
      read,
    );
    const fixer = fixerVerdict(outcome);
    const record = {
      ecosystem: 'go',
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
      // The module copied with the fix applied, checked and scanned again.
      const copy = join(work, 'verify', 'go', String(i));
      rmSync(copy, { recursive: true, force: true });
      cpSync(pkgDir, copy, { recursive: true });
      for (const c of outcome.files) writeFileSync(join(copy, c.path), c.after);
      const goFiles = outcome.files.map((c) => c.path).filter((p) => p.endsWith('.go'));
      const checked = goChecks(copy, goFiles);
      const original = goFiles.every((p) => builds(f.pkg, p));
      const gofmtBroke = !checked.formatted && goFiles.every((p) => formatted(f.pkg, p));
      record.compile = !original ? 'unchecked' : checked.builds && !gofmtBroke ? 'ok' : 'broken';
      record.broken = record.compile === 'broken';
      if (record.broken) record.compileOutput = checked.output;
      const pkgs = [...new Set(goFiles.map((p) => `./${dirname(p)}`))];
      const again = resultsOf(
        merge([gosec(copy, f.pkg, pkgs).log, semgrep([copy], goFiles).log]),
        dirname(copy),
      ).map((r) => ({ ...r, path: `${f.pkg}/${r.path.slice(r.path.indexOf('/') + 1)}` }));
      record.rescan = rescanVerdict(record, record.changed, before, countsBy(again, tools));
      rmSync(copy, { recursive: true, force: true });
    }
    records.push(record);
  }
  const fixSeconds = Math.round((performance.now() - t1) / 1000);
  return {
    records,
    figures: {
      packages: packages.length,
      results: results.length,
      covered: covered.length,
      attempted: chosen.length,
      scanErrors: errors,
      seconds: { scan: scanSeconds, fix_and_verify: fixSeconds },
      scanReused: false,
    },
  };
};

export const goVersion = () => run('go', ['version'], ROOT).output.trim();
