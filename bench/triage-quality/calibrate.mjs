// Calibration fitting shared by fit.mjs (writes the shipped constants, fitted on the whole set)
// and run.mjs (refits on four folds to score the fifth, for out-of-fold figures).
import { reputationOnly, triageFinding } from '../../packages/triage-engine/dist/index.js';

export const FOLDS = 5;
const sigmoid = (x) => 1 / (1 + Math.exp(-x));

/** The evidence score of a verdict: the sum of its signals' weights (no second opinion). */
export const scoreOf = (verdict) =>
  verdict.evidence
    .filter((e) => e.signal !== 'second_opinion')
    .reduce((s, e) => s + (e.weight ?? 0), 0);

/** Score and WONT_FIX reason of every item at the balanced setting (independent of calibration). */
export const scoreItems = (items) =>
  items.map((item) => {
    const v = triageFinding(item.finding, item.source, {
      sensitivity: 'balanced',
      minSeverity: 'info',
      excludedPaths: [],
    });
    return {
      item,
      score: scoreOf(v),
      wontFixReason: v.classification === 'WONT_FIX' ? v.evidence[0].signal : null,
      // nothing known about the finding beyond its rule: fitted on its own curve
      reputationOnly: reputationOnly(v.evidence.filter((e) => e.signal !== 'second_opinion')),
    };
  });

/**
 * Platt scaling by Newton's method on the log-loss of scored findings (label TRUE_POSITIVE = 1),
 * with a ridge penalty pulling the slope towards 1 (the weights are log-odds already).
 */
export const fitPlatt = (rows, lambda = 0.5) => {
  const data = rows.filter((r) => r.wontFixReason === null);
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let ga = lambda * (a - 1);
    let gb = 0;
    let haa = lambda;
    let hab = 0;
    let hbb = 1e-6;
    for (const r of data) {
      const y = r.item.label === 'TRUE_POSITIVE' ? 1 : 0;
      const p = sigmoid(a * r.score + b);
      const w = p * (1 - p);
      ga += (p - y) * r.score;
      gb += p - y;
      haa += w * r.score * r.score;
      hab += w * r.score;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { a: Math.round(a * 1e4) / 1e4, b: Math.round(b * 1e4) / 1e4 };
};

/**
 * Isotonic regression of P(real) on the score (pool adjacent violators), the curve the engine
 * ships: each pooled block's observed rate with Jeffreys' prior ((k + 0.5) / (n + 1), within
 * [0.01, 0.99], so no block says 0 or 1), kept non-decreasing, as knots the engine interpolates
 * linearly between. The score takes few distinct values (a sum of fixed weights) and P(real)
 * jumps between them in a way no sigmoid follows (all 110 scored findings at -0.8 or below are
 * false, the masses at 0 and 2.6 are 77% and 87% real); the out-of-fold figures check that the
 * curve does not overfit.
 */
export const fitCurve = (rows) => {
  const data = rows
    .filter((r) => r.wontFixReason === null)
    .map((r) => ({
      score: Math.round(r.score * 100) / 100,
      y: r.item.label === 'TRUE_POSITIVE' ? 1 : 0,
    }))
    .sort((x, z) => x.score - z.score);
  const blocks = [];
  for (const { score, y } of data) {
    const last = blocks.at(-1);
    if (last && last.hi === score) {
      last.n++;
      last.k += y;
    } else blocks.push({ lo: score, hi: score, n: 1, k: y });
    while (blocks.length > 1) {
      const b = blocks.at(-1);
      const a = blocks.at(-2);
      if (a.k / a.n < b.k / b.n) break;
      blocks.splice(-2, 2, { lo: a.lo, hi: b.hi, n: a.n + b.n, k: a.k + b.k });
    }
  }
  const knots = [];
  let floor = 0;
  for (const b of blocks) {
    floor = Math.max(
      floor,
      Math.min(0.99, Math.max(0.01, Math.round((100 * (b.k + 0.5)) / (b.n + 1)) / 100)),
    );
    knots.push([b.lo, floor]);
    if (b.hi !== b.lo) knots.push([b.hi, floor]);
  }
  return knots;
};

/** P(real) of a score on a curve of knots (the engine's `probabilityOf`, for the bench). */
export const onCurve = (curve, score) => {
  if (score <= curve[0][0]) return curve[0][1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i];
    if (score <= x1) {
      const [x0, y0] = curve[i - 1];
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (score - x0)) / (x1 - x0);
    }
  }
  return curve.at(-1)[1];
};

/** Log-loss of a mapping score → P(real) on scored rows. */
export const logLoss = (rows, probability) => {
  const data = rows.filter((r) => r.wontFixReason === null);
  return (
    data.reduce((s, r) => {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, probability(r.score)));
      return s - (r.item.label === 'TRUE_POSITIVE' ? Math.log(p) : Math.log(1 - p));
    }, 0) / Math.max(1, data.length)
  );
};

/** Confidence of each WONT_FIX rule: observed accuracy under a Beta(9, 1) prior, at most 0.99. */
export const fitWontFix = (rows) => {
  const out = {};
  for (const reason of [
    'suppressed',
    'excluded_path',
    'below_min_severity',
    'non_production_code',
  ]) {
    const seen = rows.filter((r) => r.wontFixReason === reason);
    const right = seen.filter((r) => r.item.label === 'WONT_FIX').length;
    out[reason] = Math.min(0.99, Math.round((100 * (right + 9)) / (seen.length + 10)) / 100);
  }
  return out;
};

/**
 * The cap on P(real) of findings with nothing but the rule's reputation: among those the curve
 * puts at 0.5 or more, the rate of real ones (Jeffreys' prior). The score does not tell them
 * apart from findings whose flow was read, which are right more often at the same score.
 */
export const fitReputationCap = (rows, curve) => {
  const seen = rows.filter(
    (r) => r.wontFixReason === null && r.reputationOnly && onCurve(curve, r.score) >= 0.5,
  );
  if (seen.length === 0) return null;
  const real = seen.filter((r) => r.item.label === 'TRUE_POSITIVE').length;
  return Math.round((100 * (real + 0.5)) / (seen.length + 1)) / 100;
};

/** Calibration fitted on rows: the curve, the WONT_FIX rules, the reputation-only cap. */
export const fitCalibration = (rows) => {
  // The curve is fitted on the findings with evidence about themselves; those resting on their
  // rule's reputation alone get min(curve, cap).
  const curve = fitCurve(rows.filter((r) => !r.reputationOnly));
  return { curve, wontFix: fitWontFix(rows), reputationCap: fitReputationCap(rows, curve) };
};

/** Platt scaling as a mapping (the baseline fit.mjs compares the curve with). */
export const plattMapping =
  ({ a, b }) =>
  (score) =>
    sigmoid(a * score + b);
