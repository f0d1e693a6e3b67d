import { describe, expect, it } from 'vitest';
import type { Codemod } from '../api/types.js';
import { catalogFacets, filterCodemods, matchingRules } from './codemods-filter.js';

const codemod = (over: Partial<Codemod>): Codemod => ({
  id: 'remediate:js/x',
  title: 'X',
  languages: ['javascript'],
  rules: {},
  cwe: [],
  owasp: [],
  description: '',
  references: [],
  ...over,
});

const CATALOG = [
  codemod({
    id: 'remediate:js/insecure-randomness',
    title: 'Cryptographically secure random values',
    languages: ['javascript', 'typescript'],
    rules: {
      codeql: ['js/insecure-randomness'],
      semgrep: ['javascript.lang.security.audit.math-random'],
    },
    cwe: [338],
  }),
  codemod({
    id: 'remediate:python/yaml-unsafe-load',
    title: 'yaml.safe_load',
    languages: ['python'],
    rules: {
      bandit: ['B506'],
      semgrep: ['python.lang.security.deserialization.avoid-pyyaml-load'],
    },
    cwe: [502],
  }),
];

describe('the codemod catalog filters', () => {
  it('when filtering by language or scanner, then only codemods for it remain', () => {
    expect(filterCodemods(CATALOG, { language: 'python' }).map((c) => c.title)).toEqual([
      'yaml.safe_load',
    ]);
    expect(filterCodemods(CATALOG, { scanner: 'codeql' }).map((c) => c.title)).toEqual([
      'Cryptographically secure random values',
    ]);
    expect(filterCodemods(CATALOG, { scanner: 'semgrep' })).toHaveLength(2);
    expect(filterCodemods(CATALOG, {})).toHaveLength(2);
  });

  it('when searching a rule id in any case, then the codemod that fixes it remains with the matching rule named', () => {
    expect(filterCodemods(CATALOG, { text: 'b506' }).map((c) => c.id)).toEqual([
      'remediate:python/yaml-unsafe-load',
    ]);
    expect(matchingRules(CATALOG[1]!, 'B506')).toEqual([{ scanner: 'bandit', id: 'B506' }]);
  });

  it('when a rule id matches under another scanner than the one chosen, then the codemod is left out', () => {
    expect(filterCodemods(CATALOG, { scanner: 'semgrep', text: 'B506' })).toEqual([]);
  });

  it('when searching a CWE or a codemod id, then it matches too', () => {
    expect(filterCodemods(CATALOG, { text: 'CWE-338' }).map((c) => c.id)).toEqual([
      'remediate:js/insecure-randomness',
    ]);
    expect(filterCodemods(CATALOG, { text: 'yaml-unsafe' })).toHaveLength(1);
  });

  it('when the catalog is read, then the filter choices are its languages and scanners, sorted', () => {
    expect(catalogFacets(CATALOG)).toEqual({
      languages: ['javascript', 'python', 'typescript'],
      scanners: ['bandit', 'codeql', 'semgrep'],
    });
  });
});
