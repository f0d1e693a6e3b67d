import { CODEMODS } from '../registry.js';
import type { Language, Reference, RuleIds } from '../types.js';

/** What `GET /v1/codemods` and docs/codemods.md show for one codemod. */
export interface CatalogEntry {
  id: string;
  title: string;
  languages: readonly Language[];
  rules: RuleIds;
  cwe: readonly number[];
  owasp: readonly string[];
  description: string;
  references: readonly Reference[];
}

/** Every codemod's public description, in registry order. */
export const catalog = (): CatalogEntry[] =>
  CODEMODS.map((c) => ({
    id: c.id,
    title: c.title,
    languages: c.languages,
    rules: c.rules,
    cwe: c.cwe,
    owasp: c.owasp ?? [],
    description: c.description,
    references: c.references,
  }));
