import { CLASSIFICATIONS } from '@remediation/contracts';
import { UNCERTAIN_BELOW } from '../scoring/decide.js';
import type { Classification, Evidence, Verdict } from '../types.js';

export interface SecondOpinion {
  classification: Classification;
  confidence: number;
  reasoning: string;
}

const MAX_REASONING = 1000;

/**
 * Parses the model's answer: one JSON object (optionally in a single ```json fence) with
 * `classification`, `confidence` in [0, 1] and a non-empty `reasoning`. Anything else is null.
 */
export const parseSecondOpinion = (text: string): SecondOpinion | null => {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```$/.exec(text.trim());
  let value: unknown;
  try {
    value = JSON.parse(fenced ? fenced[1]! : text.trim());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.classification !== 'string' ||
    !(CLASSIFICATIONS as readonly string[]).includes(v.classification)
  )
    return null;
  if (
    typeof v.confidence !== 'number' ||
    !Number.isFinite(v.confidence) ||
    v.confidence < 0 ||
    v.confidence > 1
  )
    return null;
  if (typeof v.reasoning !== 'string' || v.reasoning.trim() === '') return null;
  return {
    classification: v.classification as Classification,
    confidence: v.confidence,
    reasoning: v.reasoning.trim().slice(0, MAX_REASONING),
  };
};

/** Bounds on what a second opinion can do (docs/decisions/0019-triage.md). */
export const SECOND_OPINION_LIMITS = {
  /** Minimum model confidence to turn a FALSE_POSITIVE into TRUE_POSITIVE (the safe direction). */
  raiseToTrue: 0.6,
  /** Minimum model confidence to dismiss an uncertain TRUE_POSITIVE. */
  dismiss: 0.8,
  /** A dismissal needs the deterministic probability of a real finding below this. */
  dismissBelowProbability: 0.5,
  /** Confidence after a flip, and the most an agreement can add. */
  flippedConfidence: [0.55, 0.7] as const,
  agreementGain: 0.1,
  agreementCeiling: 0.85,
  /** The most a disagreement takes from a verdict it cannot flip. */
  disagreementLoss: 0.1,
} as const;

const round2 = (x: number) => Math.round(x * 100) / 100;
const L = SECOND_OPINION_LIMITS;

/**
 * Merges an LLM second opinion into a verdict. It is recorded as evidence with the model name
 * and never trusted blindly: WONT_FIX verdicts (suppressions, settings, non-production code)
 * never change; a confident deterministic verdict is never flipped (a disagreement only lowers
 * its confidence a little); an uncertain FALSE_POSITIVE becomes TRUE_POSITIVE when the model is
 * fairly sure; an uncertain TRUE_POSITIVE is dismissed only when the model is very sure, the
 * deterministic probability is below one half and no strong signal says it is real.
 */
export const mergeSecondOpinion = (
  verdict: Verdict,
  opinion: SecondOpinion & { model: string },
): Verdict => {
  const evidence: Evidence = {
    signal: 'second_opinion',
    effect:
      opinion.classification === 'TRUE_POSITIVE'
        ? 'true_positive'
        : opinion.classification === 'FALSE_POSITIVE'
          ? 'false_positive'
          : 'wont_fix',
    detail: `${opinion.model} answers ${opinion.classification} with confidence ${round2(opinion.confidence)}: ${opinion.reasoning.slice(0, 300)}`,
  };
  const agrees = opinion.classification === verdict.classification;
  let classification = verdict.classification;
  let confidence = verdict.confidence;
  const policy = verdict.classification === 'WONT_FIX' || opinion.classification === 'WONT_FIX';
  if (!policy && agrees && verdict.uncertain)
    confidence = Math.max(
      confidence,
      Math.min(L.agreementCeiling, confidence + L.agreementGain * opinion.confidence),
    );
  else if (!policy && !agrees && !verdict.uncertain)
    confidence = Math.max(
      UNCERTAIN_BELOW - 0.05,
      confidence - L.disagreementLoss * opinion.confidence,
    );
  else if (!policy && !agrees) {
    const strongTrue = verdict.evidence.some(
      (e) => e.effect === 'true_positive' && (e.weight ?? 0) >= 1,
    );
    const flip =
      opinion.classification === 'TRUE_POSITIVE'
        ? opinion.confidence >= L.raiseToTrue
        : opinion.confidence >= L.dismiss &&
          (verdict.probabilityTrue ?? 1) < L.dismissBelowProbability &&
          !strongTrue;
    const [low, high] = L.flippedConfidence;
    if (flip) {
      classification = opinion.classification;
      confidence =
        low +
        (high - low) *
          Math.min(1, Math.max(0, (opinion.confidence - L.raiseToTrue) / (1 - L.raiseToTrue)));
    } else confidence = Math.max(0.3, confidence - L.disagreementLoss * opinion.confidence);
  }
  confidence = round2(confidence);
  const applied = classification !== verdict.classification || confidence !== verdict.confidence;
  const flipped = classification !== verdict.classification;
  const justification = flipped
    ? `${classification === 'TRUE_POSITIVE' ? 'True positive' : 'False positive'} according to a second opinion from ${opinion.model} (${opinion.reasoning.slice(0, 200)}); the deterministic signals were uncertain: ${verdict.justification}`
    : applied
      ? `${verdict.justification} A second opinion from ${opinion.model} ${agrees ? 'agreed' : 'disagreed'}.`
      : verdict.justification;
  return {
    ...verdict,
    classification,
    confidence,
    uncertain: classification !== 'WONT_FIX' && confidence < UNCERTAIN_BELOW,
    evidence: [...verdict.evidence.filter((e) => e.signal !== 'second_opinion'), evidence],
    justification,
    secondOpinion: {
      model: opinion.model,
      classification: opinion.classification,
      confidence: round2(opinion.confidence),
      applied,
    },
  };
};
