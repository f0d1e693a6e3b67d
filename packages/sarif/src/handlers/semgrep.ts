import { stringProp, type ScannerHandler } from './types.js';

/**
 * Semgrep: `security-severity` is a word (`"MEDIUM"`), `precision` and `confidence` are rule
 * properties, CWE and OWASP ids are tags (`CWE-89: ...`).
 */
export const semgrep: ScannerHandler = {
  id: 'semgrep',
  matches: (run) => /semgrep/i.test(run.tool.driver.name),
  lowConfidence: ({ rule }) =>
    stringProp(rule?.properties, 'precision') === 'low' ||
    stringProp(rule?.properties, 'confidence')?.toUpperCase() === 'LOW',
};
