// Fix-rate benchmark, Java part, run directly on the codemods (no service).
//
// THE JAVA SARIF IS SYNTHESIZED, NOT FROM A REAL SCANNER RUN: no Java SAST scanner installs here,
// so lib/java-sarif.mjs writes CodeQL-shaped and Semgrep-shaped SARIF (the corpus's shapes, real
// rule ids, CodeQL code flows where a taint path exists) for the labelled sites of
// labels/java.json. Every result goes through codemodsFor/transform/evaluate (the built
// @remediation/codemods), the diffs are applied with `git apply` on a copy, every file is
// compiled with `javac` and the project's behaviour check runs; the "re-scan" is
// lib/java-detect.mjs, a pattern detector written from the labels' class definitions and
// independent of the codemods' own detection. Prints per class: findings, fixable findings
// fixed, files broken, unrelated code changed, new findings.
//
// Usage: node bench/fix-rate/java-direct.mjs [--json out.json] [--sarif dir] [--diff]
// Needs: the built codemods (pnpm --filter @remediation/codemods build) and a JDK 17+ (javac).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyDiff,
  compile,
  copyProject,
  diffOf,
  javacVersion,
  removeCopy,
  runChecks,
} from './lib/java-apply.mjs';
import { detectProject } from './lib/java-detect.mjs';
import { fixAll } from './lib/java-fix.mjs';
import { changedOriginalLines, lineMaps, originalRange } from './lib/java-lines.mjs';
import { codeqlSarif, findingsFromSarif, semgrepSarif } from './lib/java-sarif.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const PROJECT = join(HERE, 'projects', 'java');
const LABELS = JSON.parse(readFileSync(join(HERE, 'labels', 'java.json'), 'utf8')).sites;
const arg = (name) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null;

const lineText = (file, line) =>
  readFileSync(join(PROJECT, file), 'utf8').split('\n')[line - 1] ?? '';
for (const label of LABELS) {
  if (!lineText(label.file, label.line).includes(label.snippet)) {
    throw new Error(`label out of date: ${label.file}:${label.line} ${label.snippet}`);
  }
}

// 1. The project compiles and its checks pass as written.
const started = performance.now();
const javac = javacVersion();
const baseline = copyProject(PROJECT);
const baseBuild = compile(baseline);
const baseChecks = baseBuild.ok
  ? runChecks(baseBuild.classes)
  : { ok: false, output: baseBuild.output };
removeCopy(baseline);
if (!baseBuild.ok || !baseChecks.ok) throw new Error(`baseline broken:\n${baseChecks.output}`);

// 2. Synthesized SARIF (CodeQL- and Semgrep-shaped) → findings; each tied back to its label.
const sarif = { codeql: codeqlSarif(LABELS, PROJECT), semgrep: semgrepSarif(LABELS, PROJECT) };
if (arg('--sarif')) {
  mkdirSync(arg('--sarif'), { recursive: true });
  for (const [name, doc] of Object.entries(sarif)) {
    writeFileSync(join(arg('--sarif'), `java-${name}.sarif`), `${JSON.stringify(doc, null, 2)}\n`);
  }
}
const findings = [...findingsFromSarif(sarif.codeql), ...findingsFromSarif(sarif.semgrep)].map(
  (f) => {
    const label = LABELS.find((l) =>
      l.reports.some(
        (r) =>
          r.rule === f.ruleId &&
          (r.at ?? r.span).file === f.path &&
          (r.at?.line ?? r.span.fromLine) === f.location.startLine,
      ),
    );
    return { ...f, label };
  },
);
const before = detectProject(PROJECT);

// 3. Fix, apply on a copy, compile, check, re-scan.
const { texts, records } = fixAll(PROJECT, findings);
const diff = diffOf(texts);
if (process.argv.includes('--diff')) console.log(diff);
const copy = copyProject(PROJECT);
applyDiff(copy, diff);
const build = compile(copy);
const checks = build.ok ? runChecks(build.classes) : { ok: false, output: 'not compiled' };
const after = detectProject(copy);
removeCopy(copy);
const elapsed = (performance.now() - started) / 1000;

// 4. Count.
const maps = lineMaps(diff);
const changed = changedOriginalLines(diff);
const removed = (path, line) => changed.get(path)?.has(line) ?? false;
const afterAt = (cls, path, line) =>
  after.some((a) => {
    if (a.class !== cls || a.file !== path) return false;
    const [from, to] = originalRange(maps, a.file, a.line);
    return from <= line && line <= to;
  });
const recordsOf = (label) => records.filter((r) => r.finding.label === label);
const siteFixed = (label) =>
  recordsOf(label).some((r) => r.outcome === 'fixed' || r.outcome === 'already_fixed') &&
  !afterAt(label.class, label.file, label.line);
const unrelated = records.filter(
  (r) => r.outcome === 'fixed' && r.finding.label?.expected !== 'fixed',
);
const newFindings = after.filter((a) => {
  const [from, to] = originalRange(maps, a.file, a.line);
  return !before.some(
    (b) => b.class === a.class && b.file === a.file && from <= b.line && b.line <= to,
  );
});
const fixedFiles = (cls) =>
  new Set(
    records
      .filter((r) => r.outcome === 'fixed' && r.finding.label?.class === cls)
      .map((r) => r.finding.path),
  );

const classes = [...new Set(LABELS.map((l) => l.class))].sort();
const rows = classes.map((cls) => {
  const labels = LABELS.filter((l) => l.class === cls);
  const results = findings.filter((f) => f.label?.class === cls);
  const fixable = results.filter((f) => f.label.expected === 'fixed');
  const fixableSites = labels.filter((l) => l.expected === 'fixed');
  const lookAlikes = labels.filter((l) => l.expected === 'untouched');
  return {
    class: cls,
    findings: results.length,
    fixableFindings: fixable.length,
    fixedFindings: fixable.filter((f) => siteFixed(f.label)).length,
    fixableSites: fixableSites.length,
    fixedSites: fixableSites.filter(siteFixed).length,
    untouched: lookAlikes.length,
    untouchedKept: lookAlikes.filter((l) => !removed(l.file, l.line)).length,
    brokenFiles: build.broken.filter((file) => fixedFiles(cls).has(file)).length,
    unrelated: unrelated.filter((r) => r.finding.label?.class === cls).length,
    newFindings: newFindings.filter((a) => a.class === cls).length,
  };
});
const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);

console.log(
  `Java fix rate, direct (codemods without the service), ${elapsed.toFixed(1)} s, ${javac}`,
);
console.log(
  'NOTE: the Java SARIF is SYNTHESIZED (CodeQL- and Semgrep-shaped, written from labels/java.json), not from a real scanner run;',
);
console.log(
  '      the re-scan is an independent pattern detector (lib/java-detect.mjs) plus javac and the behaviour check.',
);
console.log(
  `findings: ${findings.length} (CodeQL-shaped ${sarif.codeql.runs[0].results.length}, Semgrep-shaped ${sarif.semgrep.runs[0].results.length}); labelled sites: ${LABELS.length}`,
);
console.log('');
const header = [
  'class',
  'findings',
  'fixable',
  'fixed',
  'sites fixable',
  'sites fixed',
  'left untouched',
  'broken files',
  'unrelated changes',
  'new findings',
];
const table = rows.map((r) => [
  r.class,
  r.findings,
  r.fixableFindings,
  `${r.fixedFindings} (${pct(r.fixedFindings, r.fixableFindings)})`,
  r.fixableSites,
  `${r.fixedSites} (${pct(r.fixedSites, r.fixableSites)})`,
  `${r.untouchedKept}/${r.untouched}`,
  r.brokenFiles,
  r.unrelated,
  r.newFindings,
]);
table.push([
  'total',
  total('findings'),
  total('fixableFindings'),
  `${total('fixedFindings')} (${pct(total('fixedFindings'), total('fixableFindings'))})`,
  total('fixableSites'),
  `${total('fixedSites')} (${pct(total('fixedSites'), total('fixableSites'))})`,
  `${total('untouchedKept')}/${total('untouched')}`,
  build.broken.length,
  unrelated.length,
  newFindings.length,
]);
const widths = header.map((h, i) =>
  Math.max(h.length, ...table.map((row) => String(row[i]).length)),
);
const print = (row) => console.log(row.map((c, i) => String(c).padEnd(widths[i])).join('  '));
print(header);
print(widths.map((w) => '-'.repeat(w)));
table.forEach(print);
console.log('');
console.log(
  `javac after the fixes: ${build.ok ? 'every file compiles' : `errors in ${build.broken.join(', ')}`}`,
);
console.log(
  `behaviour check after the fixes: ${checks.ok ? 'passed' : `FAILED\n${checks.output}`}`,
);
const notFixed = records.filter((r) => !['fixed', 'already_fixed'].includes(r.outcome));
if (notFixed.length) {
  console.log('');
  console.log('not fixed:');
  for (const r of notFixed) {
    const where = `${r.finding.path.replace('src/main/java/com/acme/notes/', '')}:${r.finding.location.startLine}`;
    console.log(
      `  ${where} ${r.finding.ruleId} → ${r.outcome}${r.detail ? `: ${r.detail}` : ''} [label: ${r.finding.label?.expected ?? 'none'}]`,
    );
  }
}
for (const a of newFindings) console.log(`new finding: ${a.class} ${a.file}:${a.line} ${a.text}`);
for (const r of unrelated)
  console.log(
    `unrelated change: ${r.codemod} at ${r.finding.path}:${r.finding.location.startLine}`,
  );

if (arg('--json')) {
  writeFileSync(
    arg('--json'),
    `${JSON.stringify({ synthesizedSarif: true, elapsed, javac, rows, compiled: build.ok, checks: checks.ok, records: records.map((r) => ({ path: r.finding.path, ruleId: r.finding.ruleId, tool: r.finding.tool, line: r.finding.location.startLine, codemod: r.codemod, outcome: r.outcome, detail: r.detail, label: r.finding.label?.expected ?? null })) }, null, 2)}\n`,
  );
}
const ok = build.ok && checks.ok && unrelated.length === 0 && newFindings.length === 0;
process.exitCode = ok ? 0 : 1;
