// The JS/TS family of the end-to-end fix rate: real ESLint (security, sonarjs, no-unsanitized;
// lib/js-scanner.mjs) and real Semgrep with the repository's rules, merged into one upload; the
// project's checks (syntax of every file, node:test suite); the re-scan runs the same scanners.
import { join } from 'node:path';
import { checkoutUriOf, classing, flatResults, merged, readLabels } from './family-common.mjs';
import { brokenFiles, runTests } from './js-apply.mjs';
import { ensureJsScanner, scanJs } from './js-scanner.mjs';
import { countByTool } from './sarif-results.mjs';
import { semgrep, semgrepRulesPresent } from './scanners.mjs';

const FIX_RATE = join(import.meta.dirname, '..');
const PROJECT = join(FIX_RATE, 'projects', 'js');
const LABELS = readLabels(FIX_RATE, 'js');
const { classOf, labelOf } = classing({ project: PROJECT, labels: LABELS });

const scanAll = (dir) => merged([scanJs(dir), ...(semgrepRulesPresent() ? [semgrep(dir)] : [])]);

export const jsFamily = {
  key: 'js',
  name: 'JS/TS',
  project: PROJECT,
  labels: LABELS,
  prepare: () => ensureJsScanner(),
  scan(dir) {
    const sarif = scanAll(dir);
    const results = flatResults(sarif, dir, classOf);
    return {
      sarif,
      results,
      // ESLint writes absolute file:// URIs; the upload names the checkout they are under.
      checkoutUri: checkoutUriOf(dir),
      counts: countByTool(results),
    };
  },
  classOf,
  labelOf,
  rescan: (dir) => flatResults(scanAll(dir), dir, classOf),
  auditOnly: () => false,
  /** Files that no longer compile (the check of every merge order's result). */
  broken: (dir) => brokenFiles(dir),
  check(dir) {
    const broken = brokenFiles(dir);
    const tests = runTests(dir);
    return {
      broken,
      tests: { passed: tests.pass, failed: tests.fail, ok: tests.status === 0 },
      testOutput: tests.output,
    };
  },
};
