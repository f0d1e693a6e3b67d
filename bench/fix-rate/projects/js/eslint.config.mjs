import security from 'eslint-plugin-security';
import sonarjs from 'eslint-plugin-sonarjs';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['node_modules/**'] },
  {
    files: ['**/*.{js,cjs,mjs,ts}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
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
