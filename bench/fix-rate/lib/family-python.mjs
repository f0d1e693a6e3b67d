// The Python family of the end-to-end fix rate: real Bandit 1.9.4 (its own SARIF formatter) and
// real Semgrep with the repository's rules, merged into one upload; the project's checks (every
// module compiles, the unittest suite); the re-scan runs the same scanners.
import { join } from 'node:path';
import { checkoutUriOf, classing, flatResults, merged, readLabels } from './family-common.mjs';
import { brokenFiles, runTests } from './python-apply.mjs';
import { countByTool } from './sarif-results.mjs';
import { bandit, semgrep, semgrepRulesPresent } from './scanners.mjs';

const FIX_RATE = join(import.meta.dirname, '..');
const PROJECT = join(FIX_RATE, 'projects', 'python');
const LABELS = readLabels(FIX_RATE, 'python');

/** The labels' class names for the Python codemods whose id differs from them. */
const LABEL_CLASS = {
  'assert-security-check': 'assert',
  'jwt-unverified-decode': 'jwt',
  'lxml-resolve-entities': 'xml',
  'xml-defusedxml': 'xml',
  'os-system': 'command-injection',
  'subprocess-shell-true': 'command-injection',
  'pickle-to-json': 'deserialization',
  'sql-parameterized': 'sql',
  'yaml-unsafe-load': 'yaml',
};
/** Bandit's import and audit checks no codemod is bound to, by the family of flaw they mark. */
const banditFamily = (f) =>
  f.tool === 'Bandit'
    ? /^B(60[2-7]|404)$/.test(f.ruleId)
      ? 'command-injection'
      : /^B(31[3-9]|320|40[5-9]|41[01])$/.test(f.ruleId)
        ? 'xml'
        : /^B(403|301|302)$/.test(f.ruleId)
          ? 'deserialization'
          : undefined
    : undefined;

const { classOf, labelOf } = classing({
  project: PROJECT,
  labels: LABELS,
  codemodClass: (id) => {
    const name = id.split('/')[1];
    return LABEL_CLASS[name] ?? name;
  },
  fallbackClass: banditFamily,
});

// Tests excluded from both scanners, as a CI job scanning the shipped code would.
const scanAll = (dir) =>
  merged([
    bandit(dir, { exclude: ['tests'] }),
    ...(semgrepRulesPresent() ? [semgrep(dir, { exclude: ['tests'] })] : []),
  ]);

export const pythonFamily = {
  key: 'python',
  name: 'Python',
  project: PROJECT,
  labels: LABELS,
  prepare: () => {},
  scan(dir) {
    const sarif = scanAll(dir);
    const results = flatResults(sarif, dir, classOf);
    return { sarif, results, checkoutUri: checkoutUriOf(dir), counts: countByTool(results) };
  },
  classOf,
  labelOf,
  rescan: (dir) => flatResults(scanAll(dir), dir, classOf),
  /** Bandit's audit markers for the shell-free form its own B602/B605 advice recommends. */
  auditOnly: (f) => f.tool === 'Bandit' && (f.ruleId === 'B603' || f.ruleId === 'B607'),
  /** Files that no longer compile (the check of every merge order's result). */
  broken: (dir) => brokenFiles(dir),
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
