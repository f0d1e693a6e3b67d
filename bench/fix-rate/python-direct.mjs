// Fix-rate benchmark, Python part, run directly on the codemods (no service): scans the sample
// project with the real Bandit (Debian's, installed with apt-get when missing), converts its JSON
// to SARIF, feeds every result through codemodsFor/transform/evaluate, applies the diff with
// `git apply` on a copy, then re-runs Bandit, compiles every module and runs the project's
// unittest suite, and prints per class: findings, fixable findings fixed, files broken,
// unrelated code changed, new findings. Sites Bandit 1.6.2 cannot report (JWT, cookies, Django
// settings, timeouts, a few random calls) get findings shaped like the scanner named in the
// labels, counted in their own columns.
//
// Usage: node bench/fix-rate/python-direct.mjs [--json out.json] [--diff]
// Needs: the built codemods (pnpm --filter @remediation/codemods build); apt-get access the
// first time (bandit, python3-flask, python3-requests, python3-yaml, python3-jwt,
// python3-defusedxml).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyDiff,
  brokenFiles,
  copyProject,
  diffOf,
  matches,
  removeCopy,
  runTests,
} from './lib/python-apply.mjs';
import { findingsFromSarif } from './lib/python-bandit-sarif.mjs';
import { currentLine, fixAll } from './lib/python-fix.mjs';
import {
  banditClass,
  banditVersion,
  ensurePythonTools,
  scanPython,
} from './lib/python-scanner.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const PROJECT = join(HERE, 'projects', 'python');
const LABELS = JSON.parse(readFileSync(join(HERE, 'labels', 'python.json'), 'utf8')).sites;
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

/**
 * Bandit's audit markers for the shell-free form its own B602/B605 advice recommends: B603 flags
 * every subprocess call without a shell, B607 one whose program is found through PATH.
 */
const AUDIT_ONLY = new Set(['B603', 'B607']);
const classOf = banditClass;

const installed = ensurePythonTools();
if (installed.length) console.log(`installed: ${installed.join(', ')}`);

const source = (file) => readFileSync(join(PROJECT, file), 'utf8').split('\n');
for (const label of LABELS) {
  if (!source(label.file)[label.line - 1]?.includes(label.snippet))
    throw new Error(`label out of date: ${label.file}:${label.line}`);
}

// 1. The project's tests as they are, and Bandit's findings.
const started = performance.now();
const baselineCopy = copyProject(PROJECT);
const baselineTests = runTests(baselineCopy);
removeCopy(baselineCopy);
const labelFor = (path, line, cls) =>
  LABELS.find((l) => l.file === path && l.line === line && l.class === cls && !l.scanner);
const bandit = findingsFromSarif(scanPython(PROJECT)).map((f) => {
  const cls = classOf(f.ruleId);
  return { ...f, class: cls, label: labelFor(f.path, f.location.startLine, cls) };
});

// 2. Findings shaped like another scanner's for labelled sites Bandit 1.6.2 does not report.
const supplementary = LABELS.filter((l) => l.scanner).map((l) => {
  const column = source(l.file)[l.line - 1].indexOf(l.snippet) + 1;
  return {
    path: l.file,
    tool: l.scanner.tool,
    ruleId: l.scanner.ruleId,
    message: l.why,
    location: {
      startLine: l.line,
      startColumn: column,
      endLine: l.line,
      endColumn: column + l.snippet.length,
    },
    class: l.class,
    label: l,
    supplementary: true,
  };
});

// 3. Fix, apply on a copy with git apply, check.
const { files, records } = fixAll(PROJECT, [...bandit, ...supplementary]);
const diff = diffOf(files);
const copy = copyProject(PROJECT);
applyDiff(copy, diff);
const applied = matches(copy, files);
const broken = brokenFiles(copy);
const tests = runTests(copy);
const after = findingsFromSarif(scanPython(copy));
removeCopy(copy);
const elapsed = (performance.now() - started) / 1000;
if (args.includes('--diff')) console.log(diff);

// 4. Count, in the original line numbering.
const mapOf = (path) => files.get(path)?.map ?? null;
/** The original line a line of the fixed file stands for (null for an added line). */
const originalLine = (path, line) => {
  const map = mapOf(path);
  return map ? (map[line - 1]?.orig ?? null) : line;
};
const pristine = (path, line) => {
  const map = mapOf(path);
  if (!map) return true;
  const at = currentLine(map, line);
  return at !== null && map[at - 1].pristine;
};
const goneOnRescan = (f) =>
  !after.some(
    (a) =>
      a.path === f.path &&
      a.ruleId === f.ruleId &&
      originalLine(a.path, a.location.startLine) === f.location.startLine,
  );
const newFindings = after.filter((a) => {
  const line = originalLine(a.path, a.location.startLine);
  return !bandit.some(
    (b) => b.path === a.path && b.ruleId === a.ruleId && b.location.startLine === line,
  );
});
const fixedRecords = records.filter((r) => r.outcome === 'fixed');
/** The labelled sites a fix covers: labels of its class whose line its edits or statement cover. */
const coveredLabels = (r) =>
  LABELS.filter(
    (l) =>
      l.file === r.finding.path &&
      l.class === r.finding.class &&
      (r.fixLines.includes(l.line) || r.allowed.includes(l.line)),
  );
const fixedLabels = new Set(fixedRecords.flatMap(coveredLabels));
const unrelatedFixes = fixedRecords.filter(
  (r) => !coveredLabels(r).some((l) => l.expected === 'fixed'),
);
/**
 * Lines of the fixed files that changed outside what the applied fixes may touch (their
 * statements, imports, helpers), named by the original line they stand for (an added line by
 * the line above it).
 */
const unrelatedLines = [...files].flatMap(([path, { map }]) => {
  if (!map) return [];
  const allowed = new Set(
    fixedRecords.filter((r) => r.finding.path === path).flatMap((r) => r.allowed),
  );
  let anchor = 0;
  return map.flatMap((m) => {
    anchor = m.orig ?? anchor;
    return m.pristine || allowed.has(anchor) ? [] : [`${path}:${anchor}`];
  });
});
/** A finding an earlier fix in the file already took care of (the XML import swap, say). */
const fixedEarlier = (f) => {
  const record = records.find((r) => r.finding === f);
  return (
    !!record &&
    record.outcome !== 'fixed' &&
    goneOnRescan(f) &&
    fixedRecords.some((r) => r.finding.path === f.path && r.codemod === record.codemod)
  );
};

const classes = [...new Set([...bandit, ...supplementary].map((f) => f.class))].sort();
const rows = classes.map((cls) => {
  const of = (list) => list.filter((f) => f.class === cls);
  const fixable = (list) => of(list).filter((f) => f.label?.expected === 'fixed');
  const fixed = (list) => fixable(list).filter((f) => fixedLabels.has(f.label) || fixedEarlier(f));
  return {
    class: cls,
    findings: of(bandit).length,
    fixable: fixable(bandit).length,
    fixed: fixed(bandit).length,
    gone: fixable(bandit).filter(goneOnRescan).length,
    shapedFixable: fixable(supplementary).length,
    shapedFixed: fixed(supplementary).length,
    lookAlikes: LABELS.filter((l) => l.class === cls && l.expected === 'untouched').length,
    lookAlikesKept: LABELS.filter(
      (l) => l.class === cls && l.expected === 'untouched' && pristine(l.file, l.line),
    ).length,
    unrelated: unrelatedFixes.filter((r) => r.finding.class === cls).length,
    newFindings: newFindings.filter((a) => classOf(a.ruleId) === cls).length,
    newAudit: newFindings.filter((a) => classOf(a.ruleId) === cls && AUDIT_ONLY.has(a.ruleId))
      .length,
  };
});
const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);

console.log(`Python fix rate, direct (codemods without the service), ${elapsed.toFixed(1)} s`);
console.log(
  `scanner: Bandit ${banditVersion()} (${bandit.length} findings); findings shaped like Semgrep/SonarQube/CodeQL results for labelled sites Bandit 1.6.2 cannot report: ${supplementary.length}`,
);
console.log('');
const header = [
  'class',
  'bandit findings',
  'fixable',
  'fixed',
  'gone on re-scan',
  'shaped fixable',
  'fixed',
  'look-alikes kept',
  'unrelated changes',
  'new findings (B603/B607)',
];
const newCell = (all, audit) => (audit ? `${all} (${audit})` : `${all}`);
const table = rows.map((r) => [
  r.class,
  r.findings,
  r.fixable,
  `${r.fixed} (${pct(r.fixed, r.fixable)})`,
  r.gone,
  r.shapedFixable,
  `${r.shapedFixed} (${pct(r.shapedFixed, r.shapedFixable)})`,
  `${r.lookAlikesKept}/${r.lookAlikes}`,
  r.unrelated,
  newCell(r.newFindings, r.newAudit),
]);
table.push([
  'total',
  total('findings'),
  total('fixable'),
  `${total('fixed')} (${pct(total('fixed'), total('fixable'))})`,
  total('gone'),
  total('shapedFixable'),
  `${total('shapedFixed')} (${pct(total('shapedFixed'), total('shapedFixable'))})`,
  `${total('lookAlikesKept')}/${total('lookAlikes')}`,
  total('unrelated'),
  newCell(total('newFindings'), total('newAudit')),
]);
const widths = header.map((h, i) =>
  Math.max(h.length, ...table.map((row) => String(row[i]).length)),
);
for (const row of [header, ...table])
  console.log(row.map((c, i) => String(c).padEnd(widths[i])).join('  '));
console.log('');
for (const f of bandit) if (f.label && fixedEarlier(f)) fixedLabels.add(f.label);
const fixableSites = LABELS.filter((l) => l.expected === 'fixed');
const sitesFixed = fixableSites.filter((l) => fixedLabels.has(l));
console.log(
  `labelled sites fixed: ${sitesFixed.length}/${fixableSites.length} (${pct(sitesFixed.length, fixableSites.length)}); files changed: ${files.size}; diff applied with git apply: ${applied ? 'yes' : 'NO'}; files broken: ${broken.length}${broken.length ? ` (${broken.join(', ')})` : ''}; unrelated lines changed: ${unrelatedLines.length}`,
);
console.log(
  `project tests: before ${baselineTests.passed} passed, ${baselineTests.failed} failed, ${baselineTests.skipped} skipped; after fixes ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped`,
);
for (const l of fixableSites.filter((s) => !fixedLabels.has(s))) {
  const r = records.find((x) => x.finding.label === l);
  console.log(
    `not fixed: ${l.file}:${l.line} ${l.class}: ${r ? `${r.outcome}${r.detail ? ` (${r.detail})` : ''}` : 'no finding'}`,
  );
}
for (const f of bandit.filter(
  (b) => b.label?.expected === 'fixed' && fixedLabels.has(b.label) && !goneOnRescan(b),
)) {
  console.log(
    `fixed but still reported: ${f.path}:${f.location.startLine} ${f.ruleId}: ${f.label.why}`,
  );
}
for (const a of newFindings)
  console.log(
    `new finding: ${a.path}:${a.location.startLine} ${a.ruleId} (${a.severity}): ${a.message}`,
  );
for (const r of unrelatedFixes)
  console.log(`unrelated fix: ${r.finding.path}:${r.finding.location.startLine} ${r.codemod}`);
for (const line of unrelatedLines) console.log(`unrelated line changed: ${line}`);
for (const f of bandit.filter((b) => !b.label))
  console.log(`unlabelled finding: ${f.path}:${f.location.startLine} ${f.ruleId}`);
const leftAlone = records.filter((r) => r.finding.label?.expected === 'untouched');
for (const r of leftAlone)
  console.log(
    `left alone as expected: ${r.finding.path}:${r.finding.location.startLine} ${r.finding.ruleId} → ${r.codemod ?? '(no codemod)'}: ${r.outcome}${r.detail ? ` (${r.detail})` : ''}`,
  );
if (tests.failed > 0 || tests.status !== 0)
  console.log(
    tests.output
      .split('\n')
      .filter((l) => /FAIL|ERROR|Error|assert/i.test(l))
      .slice(0, 30)
      .join('\n'),
  );
if (jsonOut) {
  const slim = records.map((r) => ({
    path: r.finding.path,
    line: r.finding.location.startLine,
    ruleId: r.finding.ruleId,
    tool: r.finding.tool,
    codemod: r.codemod,
    outcome: r.outcome,
    detail: r.detail,
  }));
  writeFileSync(
    jsonOut,
    `${JSON.stringify({ rows, records: slim, newFindings, broken, unrelatedLines, tests: { before: baselineTests, after: { ...tests, output: undefined } } }, null, 2)}\n`,
  );
}
