import type { Codemod } from '../api/types.js';

/** What the catalog page filters by: a language, a scanner, and text (rule id, codemod id, title, CWE). */
export interface CodemodQuery {
  language?: string | undefined;
  scanner?: string | undefined;
  text?: string | undefined;
}

export interface RuleMatch {
  scanner: string;
  id: string;
}

/** The rule ids of `codemod` that contain `text` (any case), within one scanner when given. */
export const matchingRules = (codemod: Codemod, text: string, scanner?: string): RuleMatch[] => {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return Object.entries(codemod.rules)
    .filter(([s]) => !scanner || s === scanner)
    .flatMap(([s, ids]) =>
      ids.filter((id) => id.toLowerCase().includes(needle)).map((id) => ({ scanner: s, id })),
    );
};

const describes = (c: Codemod, needle: string) =>
  [c.id, c.title, ...c.cwe.map((n) => `CWE-${n}`), ...c.owasp].some((s) =>
    s.toLowerCase().includes(needle),
  );

/** The codemods that fit every part of the query given (an empty query keeps them all). */
export const filterCodemods = (list: readonly Codemod[], q: CodemodQuery): Codemod[] => {
  const needle = q.text?.trim().toLowerCase() ?? '';
  return list.filter(
    (c) =>
      (!q.language || c.languages.some((l) => l === q.language)) &&
      (!q.scanner || (c.rules[q.scanner]?.length ?? 0) > 0) &&
      (!needle ||
        describes(c, needle) ||
        matchingRules(c, needle, q.scanner || undefined).length > 0),
  );
};

/** Every language and every scanner the catalog names, for the filters' choices. */
export const catalogFacets = (list: readonly Codemod[]) => ({
  languages: [...new Set(list.flatMap((c) => c.languages))].sort(),
  scanners: [...new Set(list.flatMap((c) => Object.keys(c.rules)))].sort(),
});
