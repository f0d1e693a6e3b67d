import type { Scanner } from './types.js';

// SARIF `tool.driver.name` values seen in the corpus and in the scanners' own SARIF writers.
const DRIVERS: [RegExp, Scanner][] = [
  [/codeql|lgtm/i, 'codeql'],
  [/semgrep/i, 'semgrep'],
  [/^eslint$/i, 'eslint'],
  [/bandit/i, 'bandit'],
  [/sonar/i, 'sonarqube'],
  [/snyk/i, 'snyk'],
  [/gosec/i, 'gosec'],
  [/njsscan|nodejsscan/i, 'njsscan'],
  [/spotbugs|findsecbugs/i, 'spotbugs'],
  [/^pmd$/i, 'pmd'],
];

/** The scanner family of a SARIF driver name (or a scanner key itself), or null. */
export const scannerOf = (tool: string): Scanner | null =>
  DRIVERS.find(([re]) => re.test(tool.trim()))?.[1] ?? null;

/**
 * True when a reported rule id is one a codemod declares, per the scanner's conventions:
 * exact for every scanner; CodeQL ids may carry a query-pack prefix (`com.lgtm/js-queries:js/x`);
 * Semgrep prefixes ids with the rules' directory path (`rules.python.lang...`), so a declared id
 * also matches as a dotted suffix.
 */
export const ruleMatches = (scanner: Scanner, declared: string, reported: string): boolean => {
  if (declared === reported) return true;
  if (scanner === 'codeql') return reported.slice(reported.lastIndexOf(':') + 1) === declared;
  if (scanner === 'semgrep') return reported.endsWith(`.${declared}`);
  return false;
};
