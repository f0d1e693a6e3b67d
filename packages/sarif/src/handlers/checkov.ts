import { severityFromScore } from '../severity.js';
import { stringProp, type ScannerHandler } from './types.js';

/** Checkov: `CKV_*` rules with a guideline `helpUri`; newer versions add a `severity` property. */
export const checkov: ScannerHandler = {
  id: 'checkov',
  matches: (run) => /checkov/i.test(run.tool.driver.name),
  severity: ({ result, rule }) =>
    severityFromScore(
      stringProp(result.properties, 'severity') ?? stringProp(rule?.properties, 'severity'),
    ),
};
