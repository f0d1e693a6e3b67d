// The Java family of the end-to-end fix rate: real SpotBugs with Find Security Bugs over the
// classes javac compiles from the checkout, and real Semgrep with the repository's rules, merged
// into one upload (SpotBugs' source-root-relative URIs resolve through its originalUriBaseIds and
// the upload's checkout_uri); the checks are javac over every file plus the project's behaviour
// check; the re-scan runs the same scanners.
import { join } from 'node:path';
import { compile, javacVersion, runChecks } from './java-apply.mjs';
import { checkoutUriOf, classing, flatResults, merged, readLabels } from './family-common.mjs';
import { countByTool } from './sarif-results.mjs';
import { semgrep, semgrepRulesPresent, spotbugs } from './scanners.mjs';

const FIX_RATE = join(import.meta.dirname, '..');
const PROJECT = join(FIX_RATE, 'projects', 'java');
const LABELS = readLabels(FIX_RATE, 'java');
const { classOf, labelOf } = classing({ project: PROJECT, labels: LABELS });

const scanAll = (dir) =>
  merged([
    spotbugs(dir),
    ...(semgrepRulesPresent() ? [semgrep(dir, { targets: ['src/main/java'] })] : []),
  ]);

export const javaFamily = {
  key: 'java',
  name: 'Java',
  project: PROJECT,
  labels: LABELS,
  prepare: () => javacVersion(),
  scan(dir) {
    const sarif = scanAll(dir);
    const results = flatResults(sarif, dir, classOf);
    return { sarif, results, checkoutUri: checkoutUriOf(dir), counts: countByTool(results) };
  },
  classOf,
  labelOf,
  rescan: (dir) => flatResults(scanAll(dir), dir, classOf),
  auditOnly: () => false,
  /** Files javac reports errors in (the check of every merge order's result). */
  broken: (dir) => compile(dir).broken,
  check(dir) {
    const build = compile(dir);
    const checks = build.ok ? runChecks(build.classes) : { ok: false, output: build.output };
    return {
      broken: build.broken,
      tests: { passed: checks.ok ? 1 : 0, failed: checks.ok ? 0 : 1, ok: build.ok && checks.ok },
      testOutput: checks.output,
    };
  },
};
