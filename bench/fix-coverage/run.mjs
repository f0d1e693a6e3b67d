// `pnpm bench:fix-coverage [--only python,js] [--limit N] [--max-per-rule N] [--json out.json]
// [--reuse-scan]`:
// the fixer on code nobody here wrote. Real scanners over popular packages from the registries
// (corpus.mjs), the fixer's group logic on every finding a codemod is bound to, each fix re-scanned
// and compiled in a copy. Prints per codemod and scanner: findings, fixed and verified, fixed but
// still reported or with new findings, declined by reason, not recognized, broken files.
import { execFileSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { JAVA, JS, PYTHON } from './corpus.mjs';
import { pythonVersion } from './lib/compile.mjs';
import { runEcosystem } from './lib/ecosystem.mjs';
import { fetchJava, fetchJs, fetchPython } from './lib/fetch.mjs';
import { GO, fetchGo, runGo } from './lib/go.mjs';
import { markdown, summarize } from './lib/report.mjs';
import { ensureJsScanner } from '../fix-rate/lib/js-scanner.mjs';
import { versions } from '../fix-rate/lib/scanners.mjs';

const HERE = import.meta.dirname;
const CACHE = join(HERE, '.cache');
const ECOSYSTEMS = {
  python: { specs: PYTHON, fetch: fetchPython },
  js: { specs: JS, fetch: fetchJs },
  java: { specs: JAVA, fetch: fetchJava },
  // Go (lib/go.mjs): gosec and Semgrep, each fix compiled and re-scanned in a module copy.
  go: { specs: GO, fetch: fetchGo, run: runGo },
};

const { values: args } = parseArgs({
  options: {
    // Java is asked for explicitly: SpotBugs takes about a minute per jar on 2 shared cores.
    only: { type: 'string', default: 'python,js' },
    limit: { type: 'string' },
    'max-per-rule': { type: 'string', default: '100' },
    json: { type: 'string' },
    // Reuse the first scan of an earlier run over the same packages and rules (.cache/scan/).
    'reuse-scan': { type: 'boolean', default: false },
  },
});
const say = (line) => console.error(line);
const only = args.only.split(',').filter(Boolean);
const unknown = only.filter((e) => !(e in ECOSYSTEMS));
if (unknown.length > 0)
  throw new Error(`unknown ecosystem ${unknown.join(', ')}: python, js, java, go`);
const maxPerRule = Number(args['max-per-rule']);

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: HERE,
  encoding: 'utf8',
}).trim();
const dirty = execFileSync(
  'git',
  ['status', '--porcelain', '--', 'packages/codemods', 'services/fixer'],
  {
    cwd: join(HERE, '..', '..'),
    encoding: 'utf8',
  },
).trim();

if (only.includes('js')) ensureJsScanner();
const t0 = performance.now();
const records = [];
const corpus = {};
const figures = {};
for (const eco of only) {
  const { specs, fetch, run = runEcosystem } = ECOSYSTEMS[eco];
  const chosen = args.limit ? specs.slice(0, Number(args.limit)) : specs;
  say(`${eco}: fetching ${chosen.length} packages (cached in ${CACHE})`);
  const fetched = await fetch(chosen, CACHE);
  const failed = fetched.filter((f) => f.error);
  for (const f of failed) say(`  not fetched: ${f.spec}: ${f.error}`);
  corpus[eco] = { packages: fetched.length - failed.length, notFetched: failed };
  const pass = await run({
    eco,
    root: join(CACHE, 'src', eco),
    packages: fetched.filter((f) => !f.error).map((f) => basename(f.dir)),
    work: CACHE,
    maxPerRule,
    reuseScan: args['reuse-scan'],
    say,
  });
  records.push(...pass.records);
  figures[eco] = pass.figures;
}

const summary = summarize(records);
const over = summary.rows.filter((r) => r.not_recognized > 0.1 * r.findings);
console.log(
  `fix coverage on wild code — commit ${commit}${dirty ? ' (codemods/fixer with uncommitted changes)' : ''}`,
);
const { bandit, semgrep, spotbugs } = versions();
console.log(
  `${bandit}, ${semgrep}; ESLint 9 with eslint-plugin-security, sonarjs, no-unsanitized; compile check ${pythonVersion()}, node ${process.version} --check`,
);
for (const eco of only)
  console.log(
    `${eco}: ${corpus[eco].packages} packages, ${figures[eco].results} results, ${figures[eco].covered} with a codemod, ${figures[eco].attempted} tried (at most ${maxPerRule} per codemod and scanner); seconds ${JSON.stringify(figures[eco].seconds)}${figures[eco].scanReused ? ' (scan reused from an earlier run)' : ''}`,
  );
console.log('');
console.log(markdown(summary));
console.log('');
const t = summary.total;
const fixedCount = t.verified + t.still_reported + t.new_findings + t.not_rescanned;
console.log(
  `totals: ${t.findings} findings, ${fixedCount} fixed (${t.verified} verified, ${t.still_reported} still reported, ${t.new_findings} with new findings, ${t.not_rescanned} not re-scanned), ${t.rejected} rejected by evaluation, ${t.declined} declined, ${t.not_recognized} not recognized (${((100 * t.not_recognized) / Math.max(1, t.findings)).toFixed(1)}%), ${t.broken} broken files`,
);
console.log(
  `targets: not recognized <= 10% per codemod: ${over.length === 0 ? 'met' : `missed by ${over.map((r) => `${r.codemod} (${r.scanner}) ${r.not_recognized}/${r.findings}`).join(', ')}`}; 0 broken files: ${t.broken === 0 ? 'met' : `missed (${t.broken})`}`,
);
console.log(`run took ${Math.round((performance.now() - t0) / 1000)} s`);
if (args.json) {
  mkdirSync(join(args.json, '..'), { recursive: true });
  writeFileSync(
    args.json,
    `${JSON.stringify({ commit, codemodsDirty: Boolean(dirty), maxPerRule, corpus, figures, summary, records }, null, 2)}\n`,
  );
}
