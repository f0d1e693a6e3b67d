import { stringProp, type ScannerHandler } from './types.js';

/**
 * ESLint (`@microsoft/eslint-formatter-sarif`): absolute `file://` URIs for every result (made
 * repository-relative with `checkout_uri`), `helpUri` per rule, and the rule's category in
 * `properties.category`, which is kept as a tag.
 */
export const eslint: ScannerHandler = {
  id: 'eslint',
  matches: (run) => /^eslint$/i.test(run.tool.driver.name),
  rule: (rule, metadata) => {
    const category = stringProp(rule.properties, 'category');
    return category && !metadata.tags.includes(category)
      ? { ...metadata, tags: [...metadata.tags, category] }
      : metadata;
  },
};
