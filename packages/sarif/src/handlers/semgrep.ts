import type { ReportingDescriptor } from '../sarif-types.js';
import { stringProp, type ScannerHandler } from './types.js';

/** Semgrep without a Semgrep App login writes this in place of every match-based id. */
const PLACEHOLDER_FINGERPRINT = 'requires login';
/** Semgrep's generic short description (`Semgrep Finding: <rule id>`), which says nothing. */
const GENERIC_SHORT_DESCRIPTION = /^Semgrep Finding: /;

const lowConfidenceTag = (rule: ReportingDescriptor | undefined): boolean => {
  const tags = rule?.properties?.['tags'];
  return Array.isArray(tags) && tags.some((t) => t === 'LOW CONFIDENCE');
};

/**
 * Semgrep: `security-severity` is a word (`"MEDIUM"`) when present, CWE and OWASP ids are tags
 * (`CWE-89: ...`), and a rule's `confidence` metadata becomes a tag (`"LOW CONFIDENCE"`, Semgrep
 * 1.x) or, in older outputs, a `confidence` property. The OSS CLI writes `"requires login"` as
 * every result's `matchBasedId/v1` fingerprint: it identifies nothing, so it is not used.
 */
export const semgrep: ScannerHandler = {
  id: 'semgrep',
  matches: (run) => /semgrep/i.test(run.tool.driver.name),
  lowConfidence: ({ rule }) =>
    stringProp(rule?.properties, 'precision') === 'low' ||
    stringProp(rule?.properties, 'confidence')?.toUpperCase() === 'LOW' ||
    lowConfidenceTag(rule),
  rule: (rule, metadata) =>
    metadata.short_description !== null &&
    GENERIC_SHORT_DESCRIPTION.test(metadata.short_description) &&
    rule.fullDescription?.text
      ? { ...metadata, short_description: rule.fullDescription.text }
      : metadata,
  fingerprints: (fingerprints) =>
    Object.fromEntries(
      Object.entries(fingerprints).filter(([, value]) => value !== PLACEHOLDER_FINGERPRINT),
    ),
};
