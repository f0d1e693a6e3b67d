// Fits the triage engine's confidence calibration (calibrate.mjs: an isotonic curve of P(real)
// over the evidence score, the confidence of each WONT_FIX rule, and the P(real) of findings with
// nothing but their rule's reputation, per class) on every labelled set (our own and the
// advisory pairs, which must be built: advisories/build.sh; not the held-out pairs) and, with --write,
// rewrites packages/triage-engine/src/scoring/calibration.ts (rebuild the package afterwards).
// The findings of opened held-out groups are fitted with their first scores (first-scores.mjs).
// It also prints the five-fold cross-validated log-loss of the curve against Platt scaling (the
// method it replaced) and the raw score: run.mjs reports quality and
// calibration on out-of-fold predictions, never on the data a mapping was fitted on.
//
// Usage: node bench/triage-quality/fit.mjs [--write]
import { writeFileSync } from 'node:fs';
import {
  CLASS_PRIOR_WEIGHT,
  CLASS_PRIOR_WEIGHTS,
  FOLDS,
  calibrationFold,
  fitCalibration,
  fitPlatt,
  fittingRows,
  logLoss,
  onCurve,
  plattMapping,
  probabilityOfRow,
  scoreItems,
} from './calibrate.mjs';
import { loadAdvisorySet, loadSet } from './lib.mjs';

const advisory = loadAdvisorySet();
if (!advisory) {
  console.error(
    'the advisory pairs are not built here (bash bench/triage-quality/advisories/build.sh): the calibration is fitted on them too',
  );
  process.exit(1);
}
// The held-out pairs calibrate nothing: their figures stay those of code the engine never saw.
// The opened held-out groups count with the scores they had while held out (first-scores.mjs):
// confidence is about code the engine was not written against.
const rows = fittingRows(await scoreItems([...loadSet(), ...advisory.filter((i) => !i.heldOut)]));
for (const r of rows) r.fold = calibrationFold(r.item);
const calibration = fitCalibration(rows);
console.log(
  `scored findings ${rows.filter((r) => r.wontFixReason === null).length}, WONT_FIX by a rule ${rows.filter((r) => r.wontFixReason).length}`,
);
console.log(`curve on all: ${JSON.stringify(calibration.curve)}`);
console.log(`WONT_FIX ${JSON.stringify(calibration.wontFix)}`);
console.log(
  `reputation-only rates (${rows.filter((r) => r.reputationOnly && r.wontFixReason === null).length} findings with nothing but the rule's reputation): ${JSON.stringify(calibration.reputationRates)}`,
);
const loss = { raw: 0, platt: 0, curve: 0, both: 0 };
for (let k = 0; k < FOLDS; k++) {
  const test = rows.filter((r) => r.fold === k);
  const train = rows.filter((r) => r.fold !== k);
  const fold = fitCalibration(train);
  loss.raw += logLoss(test, plattMapping({ a: 1, b: 0 })) * test.length;
  loss.platt += logLoss(test, plattMapping(fitPlatt(train))) * test.length;
  loss.curve += logLoss(test, (score) => onCurve(fold.curve, score)) * test.length;
  // the shipped mapping: the reputation-only findings at their class's rate
  for (const r of test.filter((x) => x.wontFixReason === null)) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, probabilityOfRow(fold, r)));
    loss.both -= r.item.label === 'TRUE_POSITIVE' ? Math.log(p) : Math.log(1 - p);
  }
  console.log(`fold ${k}: ${test.length} findings, curve ${JSON.stringify(fold.curve)}`);
}
{
  // The same five folds, scored on the opened groups' first scores alone: the calibration on code
  // the engine had not been written against.
  let ll = 0;
  const first = rows.filter((r) => r.first && r.wontFixReason === null);
  for (let k = 0; k < FOLDS; k++) {
    const fold = fitCalibration(rows.filter((r) => r.fold !== k));
    for (const r of first.filter((x) => x.fold === k)) {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, probabilityOfRow(fold, r)));
      ll -= r.item.label === 'TRUE_POSITIVE' ? Math.log(p) : Math.log(1 - p);
    }
  }
  console.log(
    `out-of-fold log-loss on the ${first.length} findings of opened held-out groups, as first scored: ${(ll / Math.max(1, first.length)).toFixed(4)}`,
  );
}
console.log(
  `out-of-fold log-loss: raw score ${(loss.raw / rows.length).toFixed(4)}, Platt ${(loss.platt / rows.length).toFixed(4)}, isotonic curve ${(loss.curve / rows.length).toFixed(4)}, with the reputation-only rates ${(loss.both / rows.filter((r) => r.wontFixReason === null).length).toFixed(4)}`,
);

// The class prior's weight: the one with the lowest out-of-fold log-loss on the reputation-only
// findings is the one to ship (CLASS_PRIOR_WEIGHT in calibrate.mjs).
const byWeight = CLASS_PRIOR_WEIGHTS.map((weight) => {
  let loss = 0;
  let n = 0;
  for (let k = 0; k < FOLDS; k++) {
    const fold = fitCalibration(
      rows.filter((r) => r.fold !== k),
      weight,
    );
    for (const r of rows.filter(
      (x) => x.fold === k && x.wontFixReason === null && x.reputationOnly,
    )) {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, probabilityOfRow(fold, r)));
      loss -= r.item.label === 'TRUE_POSITIVE' ? Math.log(p) : Math.log(1 - p);
      n++;
    }
  }
  return [weight, loss / n];
});
const best = byWeight.reduce((a, b) => (b[1] < a[1] ? b : a));
console.log(
  `reputation-only findings, out-of-fold log-loss by the class prior's weight: ${byWeight.map(([w, l]) => `${w} ${l.toFixed(4)}`).join(', ')}; lowest at ${best[0]}${best[0] === CLASS_PRIOR_WEIGHT ? ' (the one in use)' : ` — set CLASS_PRIOR_WEIGHT in calibrate.mjs to it (now ${CLASS_PRIOR_WEIGHT})`}`,
);

if (process.argv.includes('--write')) {
  const path = new URL('../../packages/triage-engine/src/scoring/calibration.ts', import.meta.url);
  const wontFix = Object.entries(calibration.wontFix)
    .map(([k, v]) => `  ${k}: ${v},`)
    .join('\n');
  writeFileSync(
    path,
    `// Generated by bench/triage-quality/fit.mjs from the labelled sets (bench/triage-quality: our own and the advisory pairs).
// Do not edit by hand: re-run \`node bench/triage-quality/fit.mjs --write\`.

/**
 * P(real) over the evidence score: knots \`[score, probability]\` of an isotonic fit, linear
 * between knots, flat beyond the ends.
 */
export const CURVE: readonly (readonly [number, number])[] = ${JSON.stringify(calibration.curve)};

/**
 * P(real) of a finding resting on its rule's reputation alone (no evidence about the finding
 * itself), by \`<class>/<tier>\` then tier (\`low\`: the reputation's score is negative): the
 * rate of real ones among such findings, a class's pulled towards its tier's.
 */
export const REPUTATION_RATES: Readonly<Record<string, number>> = ${JSON.stringify(calibration.reputationRates, null, 2).replace(/"(\w+)":/g, '$1:')};

/** Observed accuracy of each WONT_FIX rule (Beta(9, 1) prior), used as its confidence. */
export const WONT_FIX_CONFIDENCE: Readonly<Record<string, number>> = {
${wontFix}
};

/** Labelled findings the constants were fitted on (our own set and the advisory pairs). */
export const FITTED_ON = ${rows.length};
`,
  );
  console.log(`wrote ${path.pathname}`);
}
