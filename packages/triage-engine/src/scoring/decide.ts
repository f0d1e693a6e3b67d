import type { Calibration, Evidence, Sensitivity } from '../types.js';
import { CURVE, REPUTATION_RATES } from './calibration.js';

/**
 * Calibrated probability below which a finding is called FALSE_POSITIVE, per sensitivity.
 * Conservative dismisses only findings very likely false; aggressive anything more likely
 * false than real.
 */
export const FALSE_POSITIVE_BELOW: Readonly<Record<Sensitivity, number>> = {
  conservative: 0.2,
  balanced: 0.35,
  aggressive: 0.5,
};

/**
 * Verdicts whose confidence is below this are `uncertain` (candidates for a second opinion):
 * with the calibrated curve, a verdict resting on the rule's reputation alone is right about
 * three times in four (0.77-0.78), which is uncertain.
 */
export const UNCERTAIN_BELOW = 0.8;

// Signals that describe the rule, not this finding: they never dismiss a finding on their own.
const REPUTATION = new Set(['rule_precision', 'tool_confidence', 'dataflow_tier']);

/** True when no weighted evidence is about the finding itself, only about its rule. */
export const reputationOnly = (evidence: readonly Evidence[]): boolean =>
  !evidence.some((e) => e.weight && !REPUTATION.has(e.signal));

/**
 * The group a reputation-only finding is calibrated in: its class and whether its rule's
 * reputation leans false (`low`: a negative score, e.g. a low-precision rule) or not (`other`).
 */
export const reputationKeys = (
  score: number,
  classId: string | undefined,
): readonly [string, string] => {
  const tier = score < 0 ? 'low' : 'other';
  return [`${classId ?? '(none)'}/${tier}`, tier];
};

/** P(real) of a score on a calibration curve: linear between knots, flat beyond the ends. */
export const probabilityOf = (curve: Calibration['curve'], score: number): number => {
  const first = curve[0]!;
  if (score <= first[0]) return first[1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i]!;
    if (score <= x1) {
      const [x0, y0] = curve[i - 1]!;
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (score - x0)) / (x1 - x0);
    }
  }
  return curve[curve.length - 1]![1];
};

export interface Decision {
  score: number;
  probabilityTrue: number;
  falsePositive: boolean;
  confidence: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Sums the evidence weights, maps the sum to a calibrated probability of a real vulnerability
 * and decides. FALSE_POSITIVE needs the probability under the sensitivity's threshold and at
 * least one signal about this very finding pointing that way: a rule's reputation alone never
 * dismisses a finding, at any sensitivity.
 */
export const decide = (
  evidence: readonly Evidence[],
  sensitivity: Sensitivity,
  curve: Calibration['curve'] = CURVE,
  reputationRates: Calibration['reputationRates'] | null = REPUTATION_RATES,
  classId?: string,
): Decision => {
  const score = evidence.reduce((s, e) => s + (e.weight ?? 0), 0);
  // A finding nothing is known about beyond its rule sits at the rate of real ones among such
  // findings of its class (the score cannot tell them apart from findings whose flow was read).
  const [byClass, byTier] = reputationKeys(score, classId);
  const p =
    reputationRates && reputationOnly(evidence)
      ? (reputationRates[byClass] ?? reputationRates[byTier] ?? probabilityOf(curve, score))
      : probabilityOf(curve, score);
  const specific = evidence.some((e) => e.effect === 'false_positive' && !REPUTATION.has(e.signal));
  const falsePositive = p < FALSE_POSITIVE_BELOW[sensitivity] && specific;
  return {
    score,
    probabilityTrue: round2(p),
    falsePositive,
    confidence: round2(falsePositive ? 1 - p : p),
  };
};
