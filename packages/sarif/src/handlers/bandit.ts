import { severityFromScore } from '../severity.js';
import { stringProp, type ScannerHandler } from './types.js';

/** Bandit: `issue_severity` and `issue_confidence` (HIGH/MEDIUM/LOW) are result properties. */
export const bandit: ScannerHandler = {
  id: 'bandit',
  matches: (run) => /bandit/i.test(run.tool.driver.name),
  severity: ({ result }) => severityFromScore(stringProp(result.properties, 'issue_severity')),
  lowConfidence: ({ result }) =>
    stringProp(result.properties, 'issue_confidence')?.toUpperCase() === 'LOW',
};
