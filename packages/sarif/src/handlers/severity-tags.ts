import type { Severity } from '@remediation/contracts';
import { severityFromScore } from '../severity.js';
import type { ReportingDescriptor } from '../sarif-types.js';

const WORDS = new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);

/** Trivy and gosec put the severity as an upper-case tag (`"tags": ["security", "HIGH"]`). */
export const severityFromTags = (rule: ReportingDescriptor | undefined): Severity | undefined => {
  const tags = rule?.properties?.['tags'];
  if (!Array.isArray(tags)) return undefined;
  const word = tags.find((t): t is string => typeof t === 'string' && WORDS.has(t));
  return word ? severityFromScore(word) : undefined;
};
