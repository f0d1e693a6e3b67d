import { severityFromScore } from '../severity.js';
import { stringProp, type ScannerHandler } from './types.js';

/**
 * Snyk (Code and Open Source): CWE ids in the rule's `cwe` property (read generically),
 * `priorityScore` (0-1000) and `isAutofixable` in result properties, multi-step code flows.
 */
export const snyk: ScannerHandler = {
  id: 'snyk',
  matches: (run) => /snyk/i.test(run.tool.driver.name),
  severity: ({ result, rule }) => {
    const cvss = stringProp(rule?.properties, 'cvssScore');
    if (cvss !== undefined) return severityFromScore(cvss);
    const priority = Number(stringProp(result.properties, 'priorityScore'));
    if (!Number.isFinite(priority)) return undefined;
    return priority >= 800 ? 'high' : priority >= 500 ? 'medium' : 'low';
  },
};
