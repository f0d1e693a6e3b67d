// Fix-rate report, end to end through the real pipeline (issue 9), on real scanners' output
// only. For each family (JS/TS, Python, Java): the sample project is committed into a local bare
// git repository and a clean checkout of that commit is scanned as a CI job would scan it (JS/TS:
// ESLint with the security plugins; Python: Bandit 1.9.4's native SARIF; Java: SpotBugs 4.10.4
// with Find Security Bugs 1.14.0 over the compiled classes; every family: Semgrep with the
// repository's rules in bench/rules/semgrep). The tools' SARIF, untouched, is uploaded through
// `POST /v1/repositories/{id}/sarif` to api-gateway, sarif-ingest, triage and fixer running as
// processes, for a repository with `auto_fix` on and, in turn, `pr_grouping` `finding` (one fix
// per finding, the default) and `file`. Once the scan completes, the fixes are read through the
// API; each generated fix becomes its pull request and the pull requests are merged one at a
// time on a clean checkout, each brought up to date first by pr-publisher's own refresh (its
// `rebaseFix`, as after every merge), in five orders: by file and line, reversed, and three
// seeded shuffles. The first order's result is checked (the project's own tests or compiler)
// and scanned again with the same scanners; every other order's result is compared with it. Prints per family, class and scanner: findings,
// fixable findings (labels, read by the bench only; a labelled site no real scanner reports is
// outside the measured set), what triage called them, fixes that failed evaluation, fixed,
// look-alikes kept, unrelated code changed, files broken, new findings; why each fixable
// finding was not fixed; then one headline per grouping and a summary table.
//
// Usage: bash bench/fix-rate/run.sh [--only js,python,java,go] [--grouping finding,file]
//        [--json out.json] [--markdown] [--diffs] [--fixes prefix]
// --fixes writes each family's and grouping's generated fixes (codemod, findings, diff) to
// <prefix>-<family>-<grouping>.json, to replay the merges.
// run.sh installs the scanners (scripts/lib.sh ensure_scanners), the Python project's libraries
// and a JDK, then runs this file; it needs `pnpm build`, PostgreSQL and Redis on 127.0.0.1.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { familyReport, headline, printFamily, summary } from './lib/pipeline-report.mjs';
import { goFamily } from './lib/family-go.mjs';
import { javaFamily } from './lib/family-java.mjs';
import { jsFamily } from './lib/family-js.mjs';
import { pythonFamily } from './lib/family-python.mjs';
import { lineMaps } from './lib/js-lines.mjs';
import { count } from './lib/pipeline-count.mjs';
import {
  cleanCheckout,
  commitProject,
  differentLines,
  filesDiffering,
  headFiles,
  mergeInTurn,
  netDiff,
  removeCheckout,
} from './lib/pipeline-git.mjs';
import { mergeOrders } from './lib/merge-orders.mjs';
import { runScan, startPipeline } from './lib/pipeline.mjs';
import { semgrepRulesDigest, semgrepRulesPresent, versions } from './lib/scanners.mjs';

const args = process.argv.slice(2);
const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
/** `finding` (one fix per finding, the setting the report is for) and `file` (one per file). */
const groupings = (arg('--grouping') ?? 'finding,file').split(',');
const families = [jsFamily, pythonFamily, javaFamily, goFamily].filter(
  (f) => !arg('--only') || arg('--only').split(',').includes(f.key),
);

/** The scanners of a scan with their versions and result counts. */
const describe = (counts) =>
  [...counts]
    .map(([tool, n]) => `${VERSIONS.get(tool) ?? tool} ${n} results`)
    .concat(semgrepRulesPresent() ? [] : ['Semgrep not run: bench/rules/semgrep has no rules yet'])
    .join('; ');
let VERSIONS = new Map();

const checkLabels = (family) => {
  for (const l of family.labels) {
    const line = readFileSync(join(family.project, l.file), 'utf8').split('\n')[l.line - 1];
    if (!line?.includes(l.snippet)) throw new Error(`label out of date: ${l.file}:${l.line}`);
  }
};

/** One family through the pipeline; every checkout is removed before it returns. */
const runFamily = async (pipeline, family) => {
  family.prepare();
  checkLabels(family);
  const { repo, commit } = commitProject(family.project);
  const dirs = [];
  const checkout = (tag) => {
    const dir = cleanCheckout(repo, commit, `${family.key}-${tag}`);
    dirs.push(dir);
    return dir;
  };
  try {
    const scanned = checkout('scanned');
    const scan = family.scan(scanned);
    scan.scanner = describe(scan.counts);
    const before = scan.results;
    const texts = new Map(
      family.labels.map((l) => [l.file, readFileSync(join(scanned, l.file), 'utf8')]),
    );
    const baseline = family.check(checkout('baseline'));
    const reports = [];
    for (const grouping of groupings) {
      const result = await runScan(pipeline, {
        name: `fix-rate/${family.key}-${grouping}`,
        cloneUrl: repo.url,
        commit,
        sarif: scan.sarif,
        checkoutUri: scan.checkoutUri,
        grouping,
      });
      // Merged in the order of their findings' files and lines (deterministic, unlike creation).
      const at = new Map(result.findings.map((f) => [f.id, f.location]));
      const key = (fix) => {
        const l = at.get(fix.finding_ids[0]);
        return `${l?.uri ?? ''}\u0000${String(l?.start_line ?? 0).padStart(8, '0')}\u0000${fix.id}`;
      };
      const generated = result.fixes
        .filter((f) => f.status === 'generated')
        .sort((a, b) => key(a).localeCompare(key(b)));
      // The pull requests merged one at a time in several orders (issue 25: in any order); the
      // first order's result is checked, re-scanned and counted, every other order's result is
      // compared with it and its files checked for syntax.
      const orders = mergeOrders(generated);
      if (arg('--fixes'))
        writeFileSync(
          `${arg('--fixes')}-${family.key}-${grouping}.json`,
          `${JSON.stringify(
            generated.map((f) => ({
              id: f.id,
              codemod: f.codemod,
              at: f.finding_ids.map((id) => at.get(id)),
              diff: f.diff,
            })),
            null,
            2,
          )}\n`,
        );
      const fixedDir = checkout(`fixed-${grouping}`);
      const applied = await mergeInTurn(fixedDir, commit, orders[0].fixes);
      const files = headFiles(fixedDir);
      const byOrder = [
        { name: orders[0].name, applied, broken: null, differing: [], reordered: [] },
      ];
      for (const order of orders.slice(1)) {
        const dir = checkout(`order-${grouping}`);
        const inOrder = await mergeInTurn(dir, commit, order.fixes);
        const differing = filesDiffering(files, headFiles(dir));
        byOrder.push({
          name: order.name,
          applied: inOrder,
          broken: family.broken(dir),
          differing,
          reordered: differing.filter((p) => !differentLines(fixedDir, dir, [p]).length),
        });
        removeCheckout(dir);
      }
      const diff = netDiff(fixedDir, commit);
      if (args.includes('--diffs')) console.log(diff);
      const check = family.check(fixedDir);
      byOrder[0].broken = check.broken;
      const after = family.rescan(fixedDir);
      const counted = count({
        family,
        texts,
        result,
        applied,
        check,
        before,
        after,
        net: { diff, maps: lineMaps(diff) },
      });
      reports.push(
        familyReport({
          family,
          grouping,
          scan,
          result,
          generated,
          applied,
          byOrder,
          baseline,
          check,
          counted,
        }),
      );
    }
    return reports;
  } finally {
    for (const dir of dirs) removeCheckout(dir);
    repo.remove();
  }
};

const main = async () => {
  const started = performance.now();
  const v = versions();
  VERSIONS = new Map([
    ['SpotBugs', v.spotbugs],
    ['Bandit', v.bandit],
    ['Semgrep', v.semgrep],
    ['Semgrep OSS', v.semgrep],
    ['gosec', v.gosec],
  ]);
  const rules = semgrepRulesPresent() ? semgrepRulesDigest() : 'none';
  const pipeline = await startPipeline();
  const reports = [];
  try {
    for (const family of families) {
      for (const report of await runFamily(pipeline, family)) {
        printFamily(report, args.includes('--markdown'));
        reports.push(report);
      }
    }
  } finally {
    await pipeline.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log('');
  for (const grouping of groupings)
    console.log(
      headline(
        reports.filter((r) => r.grouping === grouping),
        seconds,
      ),
    );
  console.log('');
  console.log(summary(reports));
  console.log(
    `Semgrep rules used throughout (a copy of bench/rules/semgrep taken at the start): ${rules}`,
  );
  if (arg('--json'))
    writeFileSync(
      arg('--json'),
      `${JSON.stringify(
        reports.map((r) => r.json),
        null,
        2,
      )}\n`,
    );
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
