// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Every deployable's package name: nothing may import one. */
const SERVICES = [
  'api-gateway',
  'sarif-ingest',
  'triage',
  'fixer',
  'pr-publisher',
  'webhook-dispatcher',
].map((s) => `@remediation/${s}`);
const restrictImports = (extra, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: [...SERVICES, ...extra], message }] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      '.turbo/**',
      'bench/**',
      '**/*.mjs',
      '**/*.cjs',
      'vitest.config.ts',
      'packages/codemods/src/**/fixtures/**',
      // The demo application is deliberately vulnerable sample code, scanned by `remediate demo`.
      'scripts/demo/app/**',
      '.dev/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/*/tsconfig.json',
            'services/*/tsconfig.json',
            'test/e2e/tsconfig.json',
            'deploy/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      'import-x/no-cycle': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through loadConfig (packages/runtime).',
        },
      ],
    },
  },
  {
    // Packages never import services; services never import each other.
    files: ['packages/**/*.ts'],
    rules: restrictImports(['**/services/**'], 'Packages must not import services.'),
  },
  {
    files: ['services/*/src/**/*.ts'],
    rules: restrictImports(
      ['../../*/src/**'],
      'Services talk only through queues and the database.',
    ),
  },
  {
    // The codemod engine is pure: texts in, texts out; the fixer does the IO.
    files: ['packages/codemods/src/**/*.ts'],
    rules: restrictImports(
      ['**/services/**', 'fs', 'node:*', 'child_process', 'net', 'http', 'https'],
      'packages/codemods/src is pure: no file, network or process access.',
    ),
  },
  {
    // The triage engine is pure: findings and file texts in, verdicts out (node:crypto for hashes).
    files: ['packages/triage-engine/src/**/*.ts'],
    rules: restrictImports(
      [
        '**/services/**',
        ...['fs', 'fs/*', 'child_process', 'net', 'http', 'https', 'dgram'].flatMap((m) => [
          m,
          `node:${m}`,
        ]),
      ],
      'packages/triage-engine/src is pure: no file, network or process access.',
    ),
  },
  {
    // Response bodies from supertest are `any`; tests assert their shape instead.
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Migrations are frozen history: Kysely<any> by design, no app imports.
    files: ['packages/db/src/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Where configuration is read: the config loader, test setup, and the migrate entry point.
    files: [
      'packages/runtime/src/config.ts',
      'packages/db/src/migrate.ts',
      'packages/db/src/testing/**',
      'packages/cli/src/main.ts',
      // What git child processes inherit (PATH, HOME, proxies); not configuration.
      'packages/source/src/git/inherited-env.ts',
      'test/**',
      '**/*.test.ts',
      '**/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
