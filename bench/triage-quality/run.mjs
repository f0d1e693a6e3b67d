// The triage quality report (issue 8, "the number that matters"): runs the built triage engine
// over the labelled set and prints, per vulnerability class and overall, out-of-fold and
// in-sample, at each sensitivity:
//   - real vulnerabilities called FALSE_POSITIVE (target at most 5%),
//   - the share of false positives removed (called FALSE_POSITIVE or WONT_FIX; target at least 50%),
//   - a calibration table: confidence bucket → observed accuracy (target within 10 points).
// "out-of-fold": five-fold cross-validation by file; each fold is triaged with a calibration
// fitted on the other four (calibrate.mjs), so no finding is scored by a mapping fitted on it.
// "in-sample": the shipped calibration (fitted on the whole set by fit.mjs).
//
// Then the "real-world: advisory pairs" set (advisories/: published vulnerable and fixed package
// versions, labelled by the fix; built by advisories/build.sh into a git-ignored folder), scored
// with the shipped calibration only: nothing is fitted on it, so every figure there is out of
// sample. Buckets of the calibration table count when they hold 20 verdicts or more.
//
// Usage: pnpm --filter @remediation/triage-engine build && node bench/triage-quality/run.mjs [--misses]
import { triageFinding } from '../../packages/triage-engine/dist/index.js';
import { FOLDS, fitCalibration, scoreItems } from './calibrate.mjs';
import { languageOfItem, loadAdvisorySet, loadSet } from './lib.mjs';

const SENSITIVITIES = ['conservative', 'balanced', 'aggressive'];
const showMisses = process.argv.includes('--misses');
const pct = (a, b) => (b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);
const items = loadSet();

// Out-of-fold calibrations: fold k is triaged with constants fitted on the other folds.
const scores = scoreItems(items);
const foldCalibration = Array.from({ length: FOLDS }, (_, k) =>
  fitCalibration(scores.filter((r) => r.item.fold !== k)),
);

const verdictsFor = (sensitivity, part) =>
  items.map((item) => ({
    item,
    verdict: triageFinding(
      item.finding,
      item.source,
      { sensitivity, minSeverity: 'info', excludedPaths: [] },
      part === 'out-of-fold' ? { calibration: foldCalibration[item.fold] } : {},
    ),
  }));

const summarize = (rows) => {
  const tp = rows.filter((r) => r.item.label === 'TRUE_POSITIVE');
  const fp = rows.filter((r) => r.item.label === 'FALSE_POSITIVE');
  const wf = rows.filter((r) => r.item.label === 'WONT_FIX');
  return {
    n: rows.length,
    tp: tp.length,
    tpCalledFp: tp.filter((r) => r.verdict.classification === 'FALSE_POSITIVE').length,
    tpCalledWf: tp.filter((r) => r.verdict.classification === 'WONT_FIX').length,
    fp: fp.length,
    fpRemoved: fp.filter((r) => r.verdict.classification !== 'TRUE_POSITIVE').length,
    fpCalledFp: fp.filter((r) => r.verdict.classification === 'FALSE_POSITIVE').length,
    wf: wf.length,
    wfRight: wf.filter((r) => r.verdict.classification === 'WONT_FIX').length,
    right: rows.filter((r) => r.verdict.classification === r.item.label).length,
  };
};

const classTable = (rows) => {
  const byClass = new Map();
  for (const r of rows) {
    const c = r.verdict.vulnerabilityClass ?? '(unknown)';
    if (!byClass.has(c)) byClass.set(c, []);
    byClass.get(c).push(r);
  }
  console.log(
    '  class                        n   real  real→FP          false  removed (→FP)           wont_fix ok   accuracy',
  );
  const line = (name, s) =>
    console.log(
      `  ${name.padEnd(26)} ${String(s.n).padStart(4)} ${String(s.tp).padStart(5)} ${String(s.tpCalledFp).padStart(4)} ${pct(s.tpCalledFp, s.tp)} ${String(s.fp).padStart(6)} ${String(s.fpRemoved).padStart(5)} ${pct(s.fpRemoved, s.fp)} (${pct(s.fpCalledFp, s.fp)}) ${String(s.wf).padStart(6)} ${pct(s.wfRight, s.wf)}  ${pct(s.right, s.n)}`,
    );
  for (const [c, rs] of [...byClass].sort((a, b) => b[1].length - a[1].length))
    line(c, summarize(rs));
  const all = summarize(rows);
  line('ALL', all);
  return all;
};

const calibrationTable = (rows, minBucket = 10) => {
  const buckets = [0.5, 0.6, 0.7, 0.8, 0.9];
  console.log('  confidence      n   mean conf   observed accuracy   gap');
  let ece = 0;
  const lower = rows.filter((r) => r.verdict.confidence < 0.5);
  const groups = [
    [`[0.00,0.50)`, lower],
    ...buckets.map((b, i) => [
      `[${b.toFixed(2)},${i === buckets.length - 1 ? '1.00]' : `${(b + 0.1).toFixed(2)})`}`,
      rows.filter(
        (r) =>
          r.verdict.confidence >= b && (i === buckets.length - 1 || r.verdict.confidence < b + 0.1),
      ),
    ]),
  ];
  let worst = 0;
  for (const [name, rs] of groups) {
    if (rs.length === 0) {
      console.log(`  ${name}   ${'0'.padStart(4)}`);
      continue;
    }
    const mean = rs.reduce((s, r) => s + r.verdict.confidence, 0) / rs.length;
    const acc = rs.filter((r) => r.verdict.classification === r.item.label).length / rs.length;
    const gap = Math.abs(acc - mean);
    if (rs.length >= minBucket) worst = Math.max(worst, gap);
    ece += (rs.length / rows.length) * gap;
    console.log(
      `  ${name}   ${String(rs.length).padStart(4)}   ${mean.toFixed(3).padStart(8)}   ${acc.toFixed(3).padStart(17)}   ${(100 * gap).toFixed(1).padStart(5)} pts`,
    );
  }
  console.log(
    `  expected calibration error ${(100 * ece).toFixed(1)} pts; largest gap in a bucket of ${minBucket} or more: ${(100 * worst).toFixed(1)} pts`,
  );
};

const languages = [...new Set(items.map(languageOfItem))];
const classes = new Set(
  items.map(
    (i) =>
      i.finding.ruleId &&
      triageFinding(i.finding, i.source, {
        sensitivity: 'balanced',
        minSeverity: 'info',
        excludedPaths: [],
      }).vulnerabilityClass,
  ),
);
console.log(
  `Labelled set: ${items.length} findings (${items.filter((i) => i.origin === 'corpus').length} from the shared corpus, ${items.filter((i) => i.origin !== 'corpus').length} from real scanners on repo/), languages ${languages.join(', ')}, ${classes.size} vulnerability classes`,
);
console.log(
  `labels: ${['TRUE_POSITIVE', 'FALSE_POSITIVE', 'WONT_FIX'].map((l) => `${l} ${items.filter((i) => i.label === l).length}`).join(', ')}; ${FOLDS}-fold cross-validation by file`,
);

for (const sensitivity of SENSITIVITIES) {
  for (const part of ['out-of-fold', 'in-sample']) {
    const subset = verdictsFor(sensitivity, part);
    console.log(`\n=== sensitivity ${sensitivity}, ${part} (${subset.length} findings) ===`);
    const s = classTable(subset);
    console.log(
      `  real vulnerabilities called FALSE_POSITIVE: ${s.tpCalledFp}/${s.tp} = ${pct(s.tpCalledFp, s.tp).trim()} (target ≤ 5%); called WONT_FIX: ${s.tpCalledWf}`,
    );
    console.log(
      `  false positives removed: ${s.fpRemoved}/${s.fp} = ${pct(s.fpRemoved, s.fp).trim()} (target ≥ 50%); called FALSE_POSITIVE exactly: ${pct(s.fpCalledFp, s.fp).trim()}`,
    );
    calibrationTable(subset);
    if (sensitivity === 'balanced' && part === 'out-of-fold') {
      const by = (name, keyOf) => {
        const groups = new Map();
        for (const r of subset) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
        for (const [k, rs] of groups) {
          const g = summarize(rs);
          console.log(
            `  ${name} ${k.padEnd(10)} n=${String(g.n).padStart(3)}  real→FP ${g.tpCalledFp}/${g.tp}  false removed ${g.fpRemoved}/${g.fp} (${pct(g.fpRemoved, g.fp).trim()})  accuracy ${pct(g.right, g.n).trim()}`,
          );
        }
      };
      by('origin  ', (r) => (r.item.origin === 'corpus' ? 'corpus' : 'repo'));
      by('language', (r) => languageOfItem(r.item));
    }
    if (showMisses && sensitivity === 'balanced' && part === 'out-of-fold') {
      console.log('\n  misses (label → verdict, confidence):');
      for (const r of subset.filter((x) => x.verdict.classification !== x.item.label))
        console.log(
          `  [fold ${r.item.fold}] ${r.item.label} → ${r.verdict.classification} ${r.verdict.confidence}  ${r.item.key}\n      why: ${r.item.why}\n      engine: ${r.verdict.justification.slice(0, 220)}`,
        );
    }
  }
}

// The real-world set of code nobody here wrote, with its source: advisory pairs.
const advisory = loadAdvisorySet();
if (!advisory) {
  console.log(
    '\n=== real-world: advisory pairs: not built on this machine (bash bench/triage-quality/advisories/build.sh) ===',
  );
} else {
  const pairs = new Set(advisory.map((i) => i.why.split(':')[0].replace(/ \(.*/, '')));
  for (const sensitivity of SENSITIVITIES) {
    const rows = advisory.map((item) => ({
      item,
      verdict: triageFinding(item.finding, item.source, {
        sensitivity,
        minSeverity: 'info',
        excludedPaths: [],
      }),
    }));
    console.log(
      `\n=== real-world: advisory pairs, sensitivity ${sensitivity}, shipped calibration (${rows.length} findings from ${pairs.size} advisories; real ${rows.filter((r) => r.item.label === 'TRUE_POSITIVE').length}, false ${rows.filter((r) => r.item.label === 'FALSE_POSITIVE').length}) ===`,
    );
    const s = classTable(rows);
    console.log(
      `  real vulnerabilities called FALSE_POSITIVE: ${s.tpCalledFp}/${s.tp} = ${pct(s.tpCalledFp, s.tp).trim()} (target ≤ 5%); called WONT_FIX: ${s.tpCalledWf}`,
    );
    console.log(
      `  false positives removed: ${s.fpRemoved}/${s.fp} = ${pct(s.fpRemoved, s.fp).trim()} (target ≥ 50%); called FALSE_POSITIVE exactly: ${pct(s.fpCalledFp, s.fp).trim()}`,
    );
    calibrationTable(rows, 20);
    if (sensitivity === 'balanced') {
      const by = new Map();
      for (const r of rows) {
        const k = languageOfItem(r.item);
        by.set(k, [...(by.get(k) ?? []), r]);
      }
      for (const [k, rs] of by) {
        const g = summarize(rs);
        console.log(
          `  language ${k.padEnd(10)} n=${String(g.n).padStart(3)}  real→FP ${g.tpCalledFp}/${g.tp}  false removed ${g.fpRemoved}/${g.fp} (${pct(g.fpRemoved, g.fp).trim()})  accuracy ${pct(g.right, g.n).trim()}`,
        );
      }
      const flows = new Map();
      for (const r of rows) {
        const sig =
          r.verdict.evidence.find((e) => e.signal?.startsWith('flow_reconstructed'))?.signal ??
          'no flow signal';
        const k = `${r.item.label} ${sig}`;
        flows.set(k, (flows.get(k) ?? 0) + 1);
      }
      console.log(
        `  flow reconstruction: ${[...flows]
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join('; ')}`,
      );
    }
    if (showMisses && sensitivity === 'balanced')
      for (const r of rows.filter((x) => x.verdict.classification !== x.item.label))
        console.log(
          `  ${r.item.label} → ${r.verdict.classification} ${r.verdict.confidence}  ${r.item.key}\n      why: ${r.item.why}\n      engine: ${r.verdict.justification.slice(0, 220)}`,
        );
  }
}
