import { severityFromLevel, severityFromScore } from '@remediation/sarif';
import type { VulnerabilityClass } from './catalog/classes.js';
import type { Evidence, Severity, TriageFinding } from './types.js';

/** Severities from the least to the most severe. */
export const SEVERITY_ORDER: readonly Severity[] = ['info', 'low', 'medium', 'high', 'critical'];

export const severityRank = (s: Severity): number => SEVERITY_ORDER.indexOf(s);

/** `s` moved by `delta` bands, clamped to the scale. */
export const shiftSeverity = (s: Severity, delta: number): Severity =>
  SEVERITY_ORDER[Math.max(0, Math.min(SEVERITY_ORDER.length - 1, severityRank(s) + delta))]!;

/**
 * The severity before signals: `security-severity` in GitHub's bands (≥ 9 critical, ≥ 7 high,
 * ≥ 4 medium, > 0 low) when the SARIF has one, else the scanner's own rating when ingestion
 * took one from it, else the class's severity (one band lower for `note`, `info` for `none`),
 * else the level.
 */
export const baseSeverity = (
  finding: TriageFinding,
  cls: VulnerabilityClass | undefined,
): { severity: Severity; evidence: Evidence } => {
  const raw =
    finding.properties['security-severity'] ?? finding.rule?.security_severity ?? undefined;
  const scored = severityFromScore(raw);
  const make = (severity: Severity, detail: string) => ({
    severity,
    evidence: { signal: 'base_severity', effect: 'severity' as const, detail },
  });
  if (scored) {
    const shown = typeof raw === 'string' || typeof raw === 'number' ? raw : '';
    return make(
      scored,
      `Severity ${scored} from the SARIF security-severity ${shown} (GitHub's bands).`,
    );
  }
  const fromLevel = severityFromLevel(finding.level);
  if (finding.severity !== fromLevel)
    return make(finding.severity, `Severity ${finding.severity} as ${finding.tool} rates it.`);
  if (cls) {
    const s =
      finding.level === 'none'
        ? 'info'
        : finding.level === 'note'
          ? shiftSeverity(cls.severity, -1)
          : cls.severity;
    return make(s, `Severity ${s} for ${cls.title.toLowerCase()} at level ${finding.level}.`);
  }
  return make(fromLevel, `Severity ${fromLevel} from the SARIF level ${finding.level}.`);
};
