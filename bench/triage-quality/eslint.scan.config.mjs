// The ESLint security configuration the labelled set is scanned with (build-set.mjs): the
// security-relevant rules of eslint-plugin-security, eslint-plugin-sonarjs and
// no-unsanitized. security/detect-object-injection is left out: it reports every `obj[key]`.
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import security from 'eslint-plugin-security';
import sonarjs from 'eslint-plugin-sonarjs';

export default [
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'commonjs' },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { security, sonarjs, 'no-unsanitized': noUnsanitized },
    rules: {
      'security/detect-child-process': 'warn',
      'security/detect-eval-with-expression': 'warn',
      'security/detect-non-literal-fs-filename': 'warn',
      'security/detect-non-literal-regexp': 'warn',
      'security/detect-non-literal-require': 'warn',
      'security/detect-pseudoRandomBytes': 'warn',
      'security/detect-unsafe-regex': 'warn',
      'security/detect-possible-timing-attacks': 'warn',
      'sonarjs/pseudo-random': 'warn',
      'sonarjs/hashing': 'warn',
      'sonarjs/os-command': 'warn',
      'sonarjs/sql-queries': 'warn',
      'sonarjs/code-eval': 'warn',
      'sonarjs/no-hardcoded-passwords': 'warn',
      'sonarjs/no-hardcoded-secrets': 'warn',
      'no-unsanitized/method': 'warn',
      'no-unsanitized/property': 'warn',
    },
  },
];
