import { stringProp, type ScannerHandler } from './types.js';

/**
 * CodeQL (and LGTM, its predecessor): rules live in `tool.extensions` (query packs) and are
 * referenced by `rule.toolComponent`; `security-severity`, `precision`, `kind` (`path-problem`)
 * and CWE tags are rule properties. `precision: low` marks low-confidence queries.
 */
export const codeql: ScannerHandler = {
  id: 'codeql',
  matches: (run) =>
    /codeql|lgtm/i.test(run.tool.driver.name) ||
    (run.tool.extensions ?? []).some((e) => /^codeql\//i.test(e.name)),
  lowConfidence: ({ rule }) => stringProp(rule?.properties, 'precision') === 'low',
  rule: (rule, metadata) => ({
    ...metadata,
    kind: stringProp(rule.properties, 'kind') ?? metadata.kind,
    // CodeQL repeats the rule's display name in properties.name; `name` is often the id.
    name: stringProp(rule.properties, 'name') ?? metadata.name,
  }),
};
