import { severityFromScore } from '../severity.js';
import { stringProp, type ScannerHandler } from './types.js';

const SONAR: Record<string, string> = {
  BLOCKER: 'critical',
  CRITICAL: 'high',
  MAJOR: 'medium',
  MINOR: 'low',
  INFO: 'info',
};

/** SonarQube: the issue severity (BLOCKER..INFO) as a rule or result property. */
export const sonarqube: ScannerHandler = {
  id: 'sonarqube',
  matches: (run) => /sonar/i.test(run.tool.driver.name),
  severity: ({ result, rule }) => {
    const raw =
      stringProp(result.properties, 'severity') ?? stringProp(rule?.properties, 'severity');
    return raw === undefined ? undefined : severityFromScore(SONAR[raw.toUpperCase()] ?? raw);
  },
};
