// Fix-rate benchmark, JS/TS part, run directly on the codemods (no service): scans the sample
// project with the real ESLint security plugins, feeds every SARIF result through
// codemodsFor/transform/evaluate, applies the diffs with `git apply` on a copy, then re-runs
// ESLint, a syntax check and the project's node:test suite, and prints per class: findings,
// fixable findings fixed, files broken, unrelated code changed, new findings.
//
// Usage: node bench/fix-rate/js-direct.mjs [--json out.json]
// Needs: the built codemods (pnpm --filter @remediation/codemods build), PostgreSQL on
// 127.0.0.1:5432 for the project's tests (DATABASE_URL overrides).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codemodsFor, languageOf } from '@remediation/codemods';
import {
  applyDiff,
  brokenFiles,
  copyProject,
  diffOf,
  removeCopy,
  runTests,
} from './lib/js-apply.mjs';
import { fixAll } from './lib/js-fix.mjs';
import { lineMaps, originalLines } from './lib/js-lines.mjs';
import { codeqlShaped, findingsFromSarif } from './lib/js-sarif.mjs';
import { scanJs } from './lib/js-scanner.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const PROJECT = join(HERE, 'projects', 'js');
const LABELS = JSON.parse(readFileSync(join(HERE, 'labels', 'js.json'), 'utf8')).sites;
const jsonOut = process.argv.includes('--json')
  ? process.argv[process.argv.indexOf('--json') + 1]
  : null;

for (const label of LABELS) {
  const line = readFileSync(join(PROJECT, label.file), 'utf8').split('\n')[label.line - 1] ?? '';
  if (!line.includes(label.snippet))
    throw new Error(`label out of date: ${label.file}:${label.line}`);
}

const classOf = (finding) => {
  const language = languageOf(finding.path);
  const codemod = language && codemodsFor(finding.tool, finding.ruleId, language)[0];
  return codemod ? codemod.id.split('/')[1] : null;
};
const labelOf = (finding, cls) =>
  LABELS.find(
    (l) => l.file === finding.path && l.line === finding.location.startLine && l.class === cls,
  ) ??
  LABELS.find(
    (l) =>
      l.file === finding.path &&
      l.class === cls &&
      finding.location.startLine <= l.line &&
      l.line <= (finding.location.endLine ?? finding.location.startLine),
  );

// 1. Scan the project as it is, and its tests as they are.
const started = performance.now();
const baselineCopy = copyProject(PROJECT);
const baselineTests = runTests(baselineCopy);
removeCopy(baselineCopy);
const eslint = findingsFromSarif(scanJs(PROJECT), PROJECT).map((f) => ({
  ...f,
  class: classOf(f),
}));
for (const f of eslint) f.label = f.class ? labelOf(f, f.class) : undefined;

// 2. Sites the real scanner does not report get a CodeQL-shaped finding written from the labels.
const reported = new Set(eslint.filter((f) => f.label).map((f) => f.label));
const supplementary = LABELS.filter(
  (l) => !reported.has(l) && (l.expected === 'fixed' || l.why.startsWith('vulnerable')),
).map((l) => ({
  ...codeqlShaped(l, readFileSync(join(PROJECT, l.file), 'utf8')),
  class: l.class,
  label: l,
}));
const findings = [...eslint, ...supplementary];

// 3. Fix, apply on a copy, check.
const { texts, records } = fixAll(PROJECT, findings);
const copy = copyProject(PROJECT);
const diff = diffOf(texts);
applyDiff(copy, diff);
const broken = brokenFiles(copy);
const tests = runTests(copy);
const after = findingsFromSarif(scanJs(copy), copy);
removeCopy(copy);
const elapsed = (performance.now() - started) / 1000;

// 4. Count.
const maps = lineMaps(diff);
if (process.argv.includes('--diff')) console.log(diff);
/** The labelled site a fix edited: the label of its class whose line the fix's lines cover. */
const editedLabel = (r) =>
  LABELS.find(
    (l) =>
      l.file === r.finding.path &&
      l.class === r.finding.class &&
      [...r.site.originalFixLines, r.site.originalLines].some(
        ([a, b]) => a <= l.line && l.line <= b,
      ),
  );
const fixedRecords = records.filter((r) => r.outcome === 'fixed');
const fixedLabels = new Set(fixedRecords.map(editedLabel).filter(Boolean));
const stillThere = (f) =>
  after.some(
    (a) =>
      a.path === f.path &&
      a.ruleId === f.ruleId &&
      originalLines(maps, a.path, a.location.startLine).includes(f.location.startLine),
  );
const unrelated = fixedRecords.filter((r) => editedLabel(r)?.expected !== 'fixed');
const newFindings = after.filter(
  (a) =>
    !eslint.some(
      (b) =>
        b.path === a.path &&
        b.ruleId === a.ruleId &&
        originalLines(maps, a.path, a.location.startLine).includes(b.location.startLine),
    ),
);
/** The class of the fix that changed a new finding's line (else the class its rule maps to). */
const newFindingClass = (a) => {
  const lines = originalLines(maps, a.path, a.location.startLine);
  const fix = fixedRecords.find(
    (r) =>
      r.finding.path === a.path &&
      r.site.originalLines &&
      lines.some((l) => r.site.originalLines[0] <= l && l <= r.site.originalLines[1]),
  );
  return fix?.finding.class ?? classOf({ ...a, tool: 'ESLint' }) ?? '(no codemod)';
};
const classes = [...new Set(findings.map((f) => f.class ?? '(no codemod)'))].sort();
const rows = classes.map((cls) => {
  const of = (list) => list.filter((f) => (f.class ?? '(no codemod)') === cls);
  const e = of(eslint);
  const s = of(supplementary);
  const fixable = (list) => list.filter((f) => f.label?.expected === 'fixed');
  const fixed = (list) => fixable(list).filter((f) => fixedLabels.has(f.label));
  // A finding on the same site as a labelled one (e.g. the call a flag belongs to) counts with it.
  return {
    class: cls,
    eslintFindings: e.length,
    eslintFixable: fixable(e).length,
    eslintFixed: fixed(e).length,
    goneOnRescan: fixed(e).filter((f) => !stillThere(f)).length,
    codeqlShaped: s.length,
    codeqlShapedFixable: fixable(s).length,
    codeqlShapedFixed: fixed(s).length,
    lookAlikesLeft: LABELS.filter(
      (l) => l.class === cls && l.expected === 'untouched' && !fixedLabels.has(l),
    ).length,
    lookAlikes: LABELS.filter((l) => l.class === cls && l.expected === 'untouched').length,
    unrelated: unrelated.filter((r) => (r.finding.class ?? '(no codemod)') === cls).length,
    newFindings: newFindings.filter((a) => newFindingClass(a) === cls).length,
  };
});
const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);

console.log(`JS/TS fix rate, direct (codemods without the service), ${elapsed.toFixed(1)} s`);
console.log(
  `scanner: ESLint ${eslint.length} findings; CodeQL-shaped findings written from the labels for sites ESLint does not report: ${supplementary.length}`,
);
console.log('');
const header = [
  'class',
  'eslint findings',
  'fixable',
  'fixed',
  'gone on re-scan',
  'codeql-shaped fixable',
  'fixed',
  'look-alikes left',
  'unrelated changes',
  'new findings',
];
const table = rows.map((r) => [
  r.class,
  r.eslintFindings,
  r.eslintFixable,
  `${r.eslintFixed} (${pct(r.eslintFixed, r.eslintFixable)})`,
  r.goneOnRescan,
  r.codeqlShapedFixable,
  `${r.codeqlShapedFixed} (${pct(r.codeqlShapedFixed, r.codeqlShapedFixable)})`,
  `${r.lookAlikesLeft}/${r.lookAlikes}`,
  r.unrelated,
  r.newFindings,
]);
table.push([
  'total',
  total('eslintFindings'),
  total('eslintFixable'),
  `${total('eslintFixed')} (${pct(total('eslintFixed'), total('eslintFixable'))})`,
  total('goneOnRescan'),
  total('codeqlShapedFixable'),
  `${total('codeqlShapedFixed')} (${pct(total('codeqlShapedFixed'), total('codeqlShapedFixable'))})`,
  `${total('lookAlikesLeft')}/${total('lookAlikes')}`,
  total('unrelated'),
  total('newFindings'),
]);
const widths = header.map((h, i) =>
  Math.max(h.length, ...table.map((row) => String(row[i]).length)),
);
for (const row of [header, ...table])
  console.log(row.map((c, i) => String(c).padEnd(widths[i])).join('  '));
console.log('');
const sites = new Set([...fixedLabels].filter((l) => l.expected === 'fixed'));
const fixableSites = LABELS.filter((l) => l.expected === 'fixed');
console.log(
  `labelled sites fixed: ${sites.size}/${fixableSites.length} (${pct(sites.size, fixableSites.length)}); files changed: ${texts.size}; files broken: ${broken.length}${broken.length ? ` (${broken.join(', ')})` : ''}`,
);
console.log(
  `project tests: before ${baselineTests.pass} passed, ${baselineTests.fail} failed; after fixes ${tests.pass} passed, ${tests.fail} failed`,
);
const missed = fixableSites.filter((l) => !sites.has(l));
for (const l of missed) {
  const r = records.find((x) => x.finding.label === l);
  console.log(
    `not fixed: ${l.file}:${l.line} ${l.class}: ${r ? `${r.outcome}${r.detail ? ` (${r.detail})` : ''}` : 'no finding'}`,
  );
}
for (const a of newFindings)
  console.log(`new finding: ${a.path}:${a.location.startLine} ${a.ruleId}: ${a.message}`);
for (const r of unrelated)
  console.log(`unrelated change: ${r.finding.path}:${r.finding.location.startLine} ${r.codemod}`);
const refusals = records.filter(
  (r) => r.finding.label?.expected === 'untouched' && r.outcome !== 'fixed',
);
for (const r of refusals)
  console.log(
    `left alone as expected: ${r.finding.path}:${r.finding.location.startLine} ${r.codemod ?? r.finding.ruleId}: ${r.outcome}${r.detail ? ` (${r.detail})` : ''}`,
  );
if (tests.fail > 0 || tests.status !== 0)
  console.log(
    tests.output
      .split('\n')
      .filter((l) => /✖|Error|expected/.test(l))
      .slice(0, 30)
      .join('\n'),
  );
if (jsonOut)
  writeFileSync(
    jsonOut,
    `${JSON.stringify({ rows, records: records.map((r) => ({ ...r, finding: { ...r.finding, label: r.finding.label?.snippet } })), newFindings, broken, tests: { before: baselineTests.pass, after: tests.pass, failed: tests.fail } }, null, 2)}\n`,
  );
