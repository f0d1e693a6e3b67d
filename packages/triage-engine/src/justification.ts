import type { VulnerabilityClass } from './catalog/classes.js';
import type { Evidence, TriageFinding, Verdict } from './types.js';

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The strongest piece of evidence pointing the verdict's way. */
export const decidingEvidence = (
  verdict: Pick<Verdict, 'classification' | 'evidence'>,
): Evidence | undefined => {
  const want =
    verdict.classification === 'WONT_FIX'
      ? 'wont_fix'
      : verdict.classification === 'FALSE_POSITIVE'
        ? 'false_positive'
        : 'true_positive';
  return [...verdict.evidence]
    .filter((e) => e.effect === want)
    .sort((a, b) => Math.abs(b.weight ?? 10) - Math.abs(a.weight ?? 10))[0];
};

/**
 * One or two sentences naming the class, the rule and the deciding evidence, e.g. "False
 * positive: SQL injection rule B608, but the SQL text passed to cursor.execute is a literal
 * and the values are bound separately (a parameterized query)."
 */
export const justify = (
  verdict: Verdict,
  finding: TriageFinding,
  cls: VulnerabilityClass | undefined,
): string => {
  const what = `${cls ? cls.title : 'finding'} (${finding.ruleId ?? 'no rule id'})`;
  const deciding = decidingEvidence(verdict);
  const reason = deciding ? lower(sentence(deciding.detail)) : '';
  const pct = `${Math.round(verdict.confidence * 100)}%`;
  switch (verdict.classification) {
    case 'WONT_FIX':
      return `Won't fix ${what}: ${reason}`;
    case 'FALSE_POSITIVE':
      return `False positive ${what}: ${reason} Confidence ${pct}.`;
    default: {
      const against = verdict.evidence.find(
        (e) => e.effect === 'false_positive' && (e.weight ?? 0) <= -1.5,
      );
      const reputationOnly =
        !deciding || deciding.signal === 'rule_precision' || deciding.signal === 'tool_confidence';
      const seen =
        verdict.evidence.some(
          (e) => e.signal === 'source_unavailable' || e.signal === 'file_unavailable',
        ) && !finding.snippet
          ? 'the SARIF'
          : 'the code';
      const basis = reputationOnly
        ? `${reason ? reason.replace(/\.$/, '; ') : ''}nothing in ${seen} shows it is safe.`
        : reason;
      // Kept because nothing proves it false, while its score says it is probably not real.
      const doubt =
        verdict.confidence < 0.5
          ? ' Not confirmed: most findings with this evidence turn out to be false positives.'
          : '';
      return `True positive ${what}: ${basis}${against ? ` Outweighed: ${lower(sentence(against.detail))}` : ''}${doubt} Confidence ${pct}.`;
    }
  }
};
