import type { Severity } from '@remediation/contracts';
import type { Level } from './sarif-types.js';

const NAMED: Record<string, Severity> = {
  critical: 'critical',
  high: 'high',
  medium: 'medium',
  moderate: 'medium',
  low: 'low',
  info: 'info',
  informational: 'info',
  none: 'info',
  negligible: 'info',
};

/**
 * A `security-severity` value: a CVSS-style score (GitHub's bands: ≥ 9.0 critical, ≥ 7.0 high,
 * ≥ 4.0 medium, > 0 low, 0 info) or a severity word (Semgrep writes `"MEDIUM"`).
 */
export const severityFromScore = (value: unknown): Severity | undefined => {
  if (
    typeof value === 'number' ||
    (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))
  ) {
    const score = Number(value);
    if (!Number.isFinite(score) || score < 0 || score > 10) return undefined;
    if (score >= 9) return 'critical';
    if (score >= 7) return 'high';
    if (score >= 4) return 'medium';
    if (score > 0) return 'low';
    return 'info';
  }
  return typeof value === 'string' ? NAMED[value.trim().toLowerCase()] : undefined;
};

/** Severity when the tool gives no score: error high, warning medium, note low, none info. */
export const severityFromLevel = (level: Level): Severity =>
  level === 'error' ? 'high' : level === 'warning' ? 'medium' : level === 'note' ? 'low' : 'info';
