import { Type, type Static } from '@sinclair/typebox';

export const CODEMOD_LANGUAGES = [
  'javascript',
  'typescript',
  'tsx',
  'python',
  'java',
  'go',
] as const;

/** One codemod as `GET /codemods` lists it (coverage before a team buys in). */
export const Codemod = Type.Object(
  {
    id: Type.String({ description: '`remediate:<language>/<name>`; a fix names it in `codemod`' }),
    title: Type.String(),
    languages: Type.Array(Type.Union(CODEMOD_LANGUAGES.map((l) => Type.Literal(l)))),
    rules: Type.Record(Type.String(), Type.Array(Type.String()), {
      description:
        'Rule ids it fixes per scanner (`codeql`, `semgrep`, `eslint`, `bandit`, `sonarqube`, `snyk`, ...), as the scanner writes SARIF `ruleId`',
    }),
    cwe: Type.Array(Type.Integer()),
    owasp: Type.Array(Type.String()),
    description: Type.String(),
    references: Type.Array(
      Type.Object({ title: Type.String(), url: Type.String() }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false, title: 'Codemod' },
);
export type Codemod = Static<typeof Codemod>;

/** `GET /codemods` filters. */
export const CodemodFilters = {
  language: Type.Optional(
    Type.Union(
      CODEMOD_LANGUAGES.map((l) => Type.Literal(l)),
      { description: 'Only the codemods that handle this language' },
    ),
  ),
};

export const CodemodList = Type.Object(
  { data: Type.Array(Codemod) },
  { additionalProperties: false, title: 'CodemodList' },
);
