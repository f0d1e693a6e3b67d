import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence, TriageFinding } from '../types.js';

const level = (v: unknown): 'high' | 'medium' | 'low' | undefined => {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  return s === 'high' || s === 'medium' || s === 'low' ? s : undefined;
};

/**
 * The scanner's own confidence in this result: Bandit's `issue_confidence`, Semgrep's
 * `confidence` metadata (result property or a `confidence:` tag), a generic `confidence`.
 */
export const toolConfidence = (finding: TriageFinding): Evidence[] => {
  const p = finding.properties;
  const tag = finding.rule?.tags.find((t) => /^confidence[:=]/i.test(t))?.split(/[:=]/)[1];
  const value = level(p.issue_confidence) ?? level(p.confidence) ?? level(tag);
  if (!value) return [];
  return [
    {
      signal: 'tool_confidence',
      effect: value === 'high' ? 'true_positive' : value === 'low' ? 'false_positive' : 'neutral',
      detail: `${finding.tool} rates its confidence in this result ${value}.`,
      weight: WEIGHTS.toolConfidence[value],
    },
  ];
};
