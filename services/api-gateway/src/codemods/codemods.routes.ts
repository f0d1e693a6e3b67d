import { catalog } from '@remediation/codemods';
import { CodemodFilters, CodemodList, type Codemod } from '@remediation/contracts';
import { defineRoute, type RouteDef } from '../http/route.js';

/** The catalog never changes while the process runs: built once. */
let cached: Codemod[] | undefined;
const entries = (): Codemod[] =>
  (cached ??= catalog().map((c) => ({
    id: c.id,
    title: c.title,
    languages: [...c.languages],
    rules: Object.fromEntries(Object.entries(c.rules).map(([k, v]) => [k, [...(v ?? [])]])),
    cwe: [...c.cwe],
    owasp: [...c.owasp],
    description: c.description,
    references: c.references.map((r) => ({ title: r.title, url: r.url })),
  })));

export const codemodRoutes = (): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/codemods',
    operationId: 'listCodemods',
    summary:
      'Every codemod: its languages, the rule ids it fixes per scanner, what it does and references (also in docs/codemods.md)',
    tag: 'Fixes',
    access: 'repository',
    query: CodemodFilters,
    success: { status: 200, description: 'The codemod catalog', schema: CodemodList },
    errors: ['validation_failed'],
    handle: ({ query }) => {
      const { language } = query;
      const data = language ? entries().filter((c) => c.languages.includes(language)) : entries();
      return Promise.resolve({ status: 200, body: { data } });
    },
  }),
];
