import { severityFromTags } from './severity-tags.js';
import type { ScannerHandler } from './types.js';

/**
 * Trivy: rules are vulnerabilities (CVE ids) or misconfigurations, with a numeric
 * `security-severity` and the severity word as a tag; the location is the scanned artifact.
 */
export const trivy: ScannerHandler = {
  id: 'trivy',
  matches: (run) => /trivy/i.test(run.tool.driver.name),
  severity: ({ rule }) => severityFromTags(rule),
};
