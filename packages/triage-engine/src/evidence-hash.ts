import { hash } from 'node:crypto';
import { CURVE, FITTED_ON, REPUTATION_RATES } from './scoring/calibration.js';
import type { Verdict } from './types.js';

/**
 * Bumped when signals, weights or the catalog change meaning, so verdicts of an older engine
 * are recomputed rather than reused.
 */
export const ENGINE_VERSION = 12;

/** Signals that are not deterministic evidence (merged opinions) stay out of the hash. */
const NOT_HASHED = new Set(['second_opinion']);

/**
 * A stable hash of the evidence that decided a verdict: the deterministic signals (name,
 * effect, detail, weight), the engine version and its calibration. Display-only fields (`at`,
 * line numbers), the second opinion, ids and timestamps are left out, so a rescan whose
 * evidence is unchanged yields the same hash and may reuse the stored verdict.
 */
export const evidenceHash = (verdict: Verdict): string =>
  hash(
    'sha256',
    `${PREFIX}${JSON.stringify(
      verdict.evidence
        .filter((e) => !NOT_HASHED.has(e.signal))
        .map((e) => [e.signal, e.effect, e.detail, e.weight ?? null]),
    )}}`,
  );

// The canonical JSON's constant start, `{"v":…,"c":[curve, fitted on],"e":`, written once.
const PREFIX = JSON.stringify({
  v: ENGINE_VERSION,
  c: [CURVE, REPUTATION_RATES, FITTED_ON],
  e: 0,
}).slice(0, -2);

/**
 * Short text for the `triage.completed` event's `evidence_summary`: the classification with its
 * confidence and the three most influential signals.
 */
export const summarizeEvidence = (verdict: Verdict): string => {
  const top = verdict.evidence
    .filter((e) => e.effect !== 'neutral' && e.effect !== 'severity')
    .slice(0, 3)
    .map(
      (e) =>
        `${e.signal} (${e.effect === 'true_positive' ? '+' : e.effect === 'false_positive' ? '-' : e.effect})`,
    );
  const ai = verdict.secondOpinion?.applied
    ? `; second opinion from ${verdict.secondOpinion.model}`
    : '';
  return `${verdict.classification} ${Math.round(verdict.confidence * 100)}%: ${top.join(', ') || 'no decisive signal'}${ai}`.slice(
    0,
    500,
  );
};
