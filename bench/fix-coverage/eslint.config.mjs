// The ESLint security configuration the npm corpus is scanned with: the recommended sets of
// eslint-plugin-security and no-unsanitized, and the security rules of eslint-plugin-sonarjs, as
// a project adopting them would enable them (the fix-rate project's configuration). What a build wrote
// (dist/, umd/, bundles/, minified files) is left out, as lib/scan.mjs BUILT says why.
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import security from 'eslint-plugin-security';
import sonarjs from 'eslint-plugin-sonarjs';
import tseslint from 'typescript-eslint';

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/umd/**',
      '**/bundles/**',
      '**/*.min.js',
      '**/*.bundle.js',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  {
    files: ['**/*.{js,cjs,mjs,ts,mts,cts}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'off', noInlineConfig: true },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  { files: ['**/*.{ts,mts,cts}'], languageOptions: { parser: tseslint.parser } },
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  {
    plugins: { sonarjs },
    rules: {
      'sonarjs/pseudo-random': 'error',
      'sonarjs/hashing': 'error',
      'sonarjs/os-command': 'error',
      'sonarjs/no-os-command-from-path': 'error',
      'sonarjs/sql-queries': 'error',
      'sonarjs/insecure-cookie': 'error',
      'sonarjs/cookie-no-httponly': 'error',
      'sonarjs/unverified-certificate': 'error',
      'sonarjs/code-eval': 'error',
      'sonarjs/insecure-jwt-token': 'error',
    },
  },
];
