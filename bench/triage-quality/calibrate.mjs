// Calibration fitting shared by fit.mjs (writes the shipped constants, fitted on every labelled
// set: our own and the advisory pairs) and run.mjs (refits on four folds to score the fifth, for
// out-of-fold figures).
import {
  reputationKeys,
  reputationOnly,
  triageFinding,
} from '../../packages/triage-engine/dist/index.js';
import { existsSync, readFileSync } from 'node:fs';
import { foldOf, mapTurning } from './lib.mjs';

export const FOLDS = 5;

/**
 * The calibration fold of a labelled item: our own set's by file; an advisory pair's by package,
 * so the vulnerable and the fixed version of one package (near-identical code) share a fold and
 * never calibrate each other.
 */
export const calibrationFold = (item) =>
  item.origin === 'advisory' ? foldOf(`advisory:${advisoryPackage(item)}`) : item.fold;

/** The package of an advisory item, from its provenance: `npm growl`, `pypi Pillow`, `go …`. */
export const advisoryPackage = (item) => {
  const pkg = /\((npm|pypi|go|maven) (\S+) /.exec(item.why);
  if (!pkg) throw new Error(`advisory item without its package in why: ${item.key}`);
  return `${pkg[1]} ${pkg[2]}`;
};
const sigmoid = (x) => 1 / (1 + Math.exp(-x));

/** The evidence score of a verdict: the sum of its signals' weights (no second opinion). */
export const scoreOf = (verdict) =>
  verdict.evidence
    .filter((e) => e.signal !== 'second_opinion')
    .reduce((s, e) => s + (e.weight ?? 0), 0);

/** Score and WONT_FIX reason of every item at the balanced setting (independent of calibration). */
export const scoreItems = (items) =>
  mapTurning(items, (item) => {
    const v = triageFinding(item.finding, item.source, {
      sensitivity: 'balanced',
      minSeverity: 'info',
      excludedPaths: [],
    });
    return {
      item,
      cls: v.vulnerabilityClass,
      score: scoreOf(v),
      wontFixReason: v.classification === 'WONT_FIX' ? v.evidence[0].signal : null,
      // nothing known about the finding beyond its rule: fitted on its own curve
      reputationOnly: reputationOnly(v.evidence.filter((e) => e.signal !== 'second_opinion')),
    };
  });

/**
 * Rows for fitting: each finding of an opened held-out group scored as the engine scored it while
 * the group was held out (advisories/first-scores.json, first-scores.mjs), not as today's engine,
 * whose rules were written while reading them, does. Those rows are marked `first`.
 */
export const fittingRows = (rows) => {
  const path = new URL('./advisories/first-scores.json', import.meta.url);
  if (!existsSync(path)) return rows;
  const first = new Map(JSON.parse(readFileSync(path, 'utf8')).rows.map((r) => [r.key, r]));
  return rows.map((r) => {
    const f = first.get(r.item.key);
    return f
      ? {
          ...r,
          score: f.score,
          wontFixReason: f.wontFixReason,
          reputationOnly: f.reputationOnly,
          first: true,
        }
      : r;
  });
};

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
 * Pseudo-findings a class's reputation-only rate borrows from its tier's rate (a prior): the
 * weight of CLASS_PRIOR_WEIGHTS with the lowest out-of-fold log-loss in fit.mjs (Infinity: one
 * rate per tier, no class's own).
 */
export const CLASS_PRIOR_WEIGHT = 2;
export const CLASS_PRIOR_WEIGHTS = [2, 5, 10, 25, 50, Infinity];

const jeffreys = (rows) =>
  (rows.filter((r) => r.item.label === 'TRUE_POSITIVE').length + 0.5) / (rows.length + 1);
const round2 = (x) => Math.round(100 * x) / 100;

/**
 * P(real) of findings with nothing but their rule's reputation, which the score cannot tell apart
 * from findings whose flow was read: per tier (the reputation leans false, `low`, or not,
 * `other`), the rate of real ones (Jeffreys' prior); per class and tier, the class's rate pulled
 * towards its tier's by CLASS_PRIOR_WEIGHT pseudo-findings, so a class seen a few times sits near
 * the tier's rate and a class seen often near its own base rate.
 */
export const fitReputationRates = (rows, weight = CLASS_PRIOR_WEIGHT) => {
  const seen = rows.filter((r) => r.wontFixReason === null && r.reputationOnly);
  const rates = {};
  const groups = new Map();
  for (const r of seen) {
    const [byClass, byTier] = reputationKeys(r.score, r.cls);
    if (!groups.has(byTier)) groups.set(byTier, []);
    if (!groups.has(byClass)) groups.set(byClass, []);
    groups.get(byTier).push(r);
    groups.get(byClass).push(r);
  }
  for (const tier of ['low', 'other'])
    if (groups.has(tier)) rates[tier] = round2(jeffreys(groups.get(tier)));
  if (weight === Infinity) return rates;
  for (const [key, rs] of [...groups].filter(([k]) => k.includes('/')).sort()) {
    const prior = rates[key.split('/')[1]];
    const real = rs.filter((r) => r.item.label === 'TRUE_POSITIVE').length;
    rates[key] = round2((real + weight * prior) / (rs.length + weight));
  }
  return rates;
};

/** Calibration fitted on rows: the curve, the WONT_FIX rules, the reputation-only rates. */
export const fitCalibration = (rows, weight = CLASS_PRIOR_WEIGHT) => {
  // The curve is fitted on the findings with evidence about themselves; those resting on their
  // rule's reputation alone get their class's rate.
  const curve = fitCurve(rows.filter((r) => !r.reputationOnly));
  return { curve, wontFix: fitWontFix(rows), reputationRates: fitReputationRates(rows, weight) };
};

/** P(real) of a scored row under a fitted calibration (the engine's mapping, for the bench). */
export const probabilityOfRow = (calibration, r) => {
  if (!r.reputationOnly) return onCurve(calibration.curve, r.score);
  const [byClass, byTier] = reputationKeys(r.score, r.cls);
  return (
    calibration.reputationRates[byClass] ??
    calibration.reputationRates[byTier] ??
    onCurve(calibration.curve, r.score)
  );
};

/** Platt scaling as a mapping (the baseline fit.mjs compares the curve with). */
export const plattMapping =
  ({ a, b }) =>
  (score) =>
    sigmoid(a * score + b);
