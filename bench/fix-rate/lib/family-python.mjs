// The Python family of the end-to-end fix rate: Debian's Bandit (lib/python-scanner.mjs, its JSON
// converted to SARIF), the results python-direct.mjs writes from the labels for sites Bandit
// 1.6.2 cannot report (one SARIF run per scanner named in the labels: SonarQube, CodeQL), the
// project's checks (every module compiles, the unittest suite) and the re-scan, as
// python-direct.mjs does them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenFiles, runTests } from './python-apply.mjs';
import { findingsFromSarif } from './python-bandit-sarif.mjs';
import { banditClass, banditVersion, ensurePythonTools, scanPython } from './python-scanner.mjs';

const FIX_RATE = join(import.meta.dirname, '..');
const LABELS = JSON.parse(readFileSync(join(FIX_RATE, 'labels', 'python.json'), 'utf8')).sites;

/** A result written from a label carries the label's scanner; Bandit's are matched by line. */
const shapedLabel = (f) =>
  LABELS.find(
    (l) =>
      l.scanner &&
      l.scanner.tool === f.tool &&
      l.scanner.ruleId === f.ruleId &&
      l.file === f.path &&
      l.line === f.line,
  );
const classOf = (f) => (f.tool === 'Bandit' ? banditClass(f.ruleId) : shapedLabel(f)?.class);
const labelOf = (f) =>
  f.tool === 'Bandit'
    ? LABELS.find(
        (l) => l.file === f.path && l.line === f.line && l.class === f.class && !l.scanner,
      )
    : shapedLabel(f);

const shapedRuns = (dir) => {
  const byTool = Map.groupBy(
    LABELS.filter((l) => l.scanner),
    (l) => l.scanner.tool,
  );
  return [...byTool].map(([tool, labels]) => ({
    tool: {
      driver: {
        name: tool,
        rules: [...new Set(labels.map((l) => l.scanner.ruleId))].map((id) => ({ id })),
      },
    },
    results: labels.map((l) => {
      const column =
        readFileSync(join(dir, l.file), 'utf8').split('\n')[l.line - 1].indexOf(l.snippet) + 1;
      return {
        ruleId: l.scanner.ruleId,
        message: { text: l.why },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: l.file },
              region: {
                startLine: l.line,
                startColumn: column,
                endLine: l.line,
                endColumn: column + l.snippet.length,
              },
            },
          },
        ],
      };
    }),
    properties: { synthesized: true },
  }));
};

const flat = (f) => ({
  tool: f.tool,
  ruleId: f.ruleId,
  path: f.path,
  line: f.location.startLine,
  endLine: f.location.endLine,
  message: f.message,
});

export const pythonFamily = {
  key: 'python',
  name: 'Python',
  project: join(FIX_RATE, 'projects', 'python'),
  labels: LABELS,
  prepare: () => ensurePythonTools(),
  scan(dir) {
    const sarif = scanPython(dir);
    const shaped = shapedRuns(dir);
    return {
      sarif: { ...sarif, runs: [...sarif.runs, ...shaped] },
      checkoutUri: null,
      scanner: `Bandit ${banditVersion()} (Debian) ${sarif.runs[0].results.length} findings, JSON converted to SARIF; results shaped like ${shaped.map((r) => r.tool.driver.name).join('/')} written from the labels for sites Bandit 1.6.2 cannot report: ${shaped.reduce((n, r) => n + r.results.length, 0)}`,
    };
  },
  /** Results of a real scanner run (the rest are written from the labels). */
  real: (f) => f.tool === 'Bandit',
  classOf,
  /** A re-scan result standing for a finding: same rule and path, at one of its original lines. */
  sameFinding: (f, a, lines) =>
    f.path === a.path && f.ruleId === a.ruleId && lines.includes(f.line),
  /** Findings the re-scan (the same scanner) speaks for. */
  rescanned: (f) => f.tool === 'Bandit',
  labelOf,
  rescan: (dir) =>
    findingsFromSarif(scanPython(dir)).map((f) => ({ ...flat(f), class: banditClass(f.ruleId) })),
  /** Bandit's audit markers for the shell-free form its own B602/B605 advice recommends. */
  auditOnly: (f) => f.ruleId === 'B603' || f.ruleId === 'B607',
  check(dir) {
    const broken = brokenFiles(dir);
    const tests = runTests(dir);
    return {
      broken,
      tests: { passed: tests.passed, failed: tests.failed, ok: tests.status === 0 },
      testOutput: tests.output,
    };
  },
};
