import { severityFromTags } from './severity-tags.js';
import { stringProp, type ScannerHandler } from './types.js';

/**
 * gosec: CWE through `relationships` to the `CWE` taxonomy (read generically), severity as an
 * upper-case tag, and `precision` on the rule (`low` = low confidence).
 */
export const gosec: ScannerHandler = {
  id: 'gosec',
  matches: (run) => /gosec/i.test(run.tool.driver.name),
  severity: ({ rule }) => severityFromTags(rule),
  lowConfidence: ({ rule }) => stringProp(rule?.properties, 'precision') === 'low',
};
