// Calibration fitting shared by fit.mjs (writes the shipped constants, fitted on the whole set)
// and run.mjs (refits on four folds to score the fifth, for out-of-fold figures).
import { triageFinding } from '../../packages/triage-engine/dist/index.js';

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

/** Log-loss of a Platt mapping on scored rows. */
export const logLoss = (rows, { a, b }) => {
  const data = rows.filter((r) => r.wontFixReason === null);
  return (
    data.reduce((s, r) => {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, sigmoid(a * r.score + b)));
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

/** Calibration fitted on rows. */
export const fitCalibration = (rows) => ({ platt: fitPlatt(rows), wontFix: fitWontFix(rows) });
