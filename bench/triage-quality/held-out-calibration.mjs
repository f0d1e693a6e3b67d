// Compares calibrations on the held-out pairs, the one set none of them was fitted on: the shipped
// calibration (packages/triage-engine/src/scoring/calibration.ts), the refit `fit.mjs --write` would
// ship (the current method on every non-held-out finding, the opened groups with their first
// scores), and, with --since=G, a refit whose opened groups are only those from G on (older opened
// groups left out of the fit). For each: real vulnerabilities called FALSE_POSITIVE, false positives
// removed, the worst confidence bucket of 20 or more and the expected calibration error, at the
// balanced sensitivity. This is how the shipped curve is kept or replaced when a held-out group is
// measured (README, "Triage quality"; decision 0019): a calibration is never chosen on the figures
// of the findings it was fitted on.
//
// Usage: node bench/triage-quality/held-out-calibration.mjs [--since=G]  (needs the advisory set
// built and the workspace built; scores only the held-out pairs, once, like run.mjs)
import { triageFinding } from '../../packages/triage-engine/dist/index.js';
import { fitCalibration, fittingRows, scoreItems } from './calibrate.mjs';
import { loadAdvisorySet, loadSet, mapTurning } from './lib.mjs';

const advisory = loadAdvisorySet();
if (!advisory) {
  console.error(
    'the advisory pairs are not built here (bash bench/triage-quality/advisories/build.sh)',
  );
  process.exit(1);
}
const held = advisory.filter((i) => i.heldOut);
if (!held.length) {
  console.error('no held-out pairs in the set: nothing to compare on');
  process.exit(1);
}
const since = Number(
  process.argv.find((a) => a.startsWith('--since='))?.slice('--since='.length) ?? NaN,
);
const rows = fittingRows(await scoreItems([...loadSet(), ...advisory.filter((i) => !i.heldOut)]));
const BALANCED = { sensitivity: 'balanced', minSeverity: 'info', excludedPaths: [] };
const BUCKETS = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01];

/** The figures of one calibration on the held-out findings (`options` as triageFinding takes). */
const report = async (name, options) => {
  const verdicts = await mapTurning(held, (item) => ({
    item,
    v: triageFinding(item.finding, item.source, BALANCED, options),
  }));
  const real = verdicts.filter((r) => r.item.label === 'TRUE_POSITIVE');
  const fake = verdicts.filter((r) => r.item.label === 'FALSE_POSITIVE');
  let ece = 0;
  let worst = null;
  for (let b = 0; b < BUCKETS.length - 1; b++) {
    const inside = verdicts.filter(
      (r) => r.v.confidence >= BUCKETS[b] && r.v.confidence < BUCKETS[b + 1],
    );
    if (!inside.length) continue;
    const mean = inside.reduce((s, r) => s + r.v.confidence, 0) / inside.length;
    const right = inside.filter((r) => r.v.classification === r.item.label).length / inside.length;
    const gap = Math.abs(right - mean);
    if (inside.length >= 20) worst = Math.max(worst ?? 0, gap);
    ece += (inside.length / verdicts.length) * gap;
  }
  const calledFalse = real.filter((r) => r.v.classification === 'FALSE_POSITIVE').length;
  const removed = fake.filter((r) => r.v.classification !== 'TRUE_POSITIVE').length;
  console.log(
    `${name}: real called FALSE_POSITIVE ${calledFalse}/${real.length}, false positives removed ${removed}/${fake.length}, worst bucket of 20 ${worst === null ? '-' : (100 * worst).toFixed(1)} pts, ECE ${(100 * ece).toFixed(1)} pts`,
  );
};

console.log(`held-out pairs: ${held.length} findings (balanced)`);
await report('shipped calibration', {});
const refit = fitCalibration(rows);
await report('refit (fit.mjs --write)', { calibration: refit });
if (Number.isInteger(since)) {
  const recent = fitCalibration(
    rows.filter((r) => r.item.origin !== 'advisory' || !r.item.group || r.item.group >= since),
  );
  await report(`refit, opened groups ${since} on only`, { calibration: recent });
}
