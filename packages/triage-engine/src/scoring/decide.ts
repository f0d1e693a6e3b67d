import type { Calibration, Evidence, Sensitivity } from '../types.js';
import { PLATT } from './calibration.js';

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

/** Verdicts whose confidence is below this are `uncertain` (candidates for a second opinion). */
export const UNCERTAIN_BELOW = 0.7;

// Signals that describe the rule, not this finding: they never dismiss a finding on their own.
const REPUTATION = new Set(['rule_precision', 'tool_confidence', 'dataflow_tier']);

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

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
  platt: Calibration['platt'] = PLATT,
): Decision => {
  const score = evidence.reduce((s, e) => s + (e.weight ?? 0), 0);
  const p = sigmoid(platt.a * score + platt.b);
  const specific = evidence.some((e) => e.effect === 'false_positive' && !REPUTATION.has(e.signal));
  const falsePositive = p < FALSE_POSITIVE_BELOW[sensitivity] && specific;
  return {
    score,
    probabilityTrue: round2(p),
    falsePositive,
    confidence: round2(falsePositive ? 1 - p : p),
  };
};
