// ESLint configuration `remediate demo` scans the demo application with: the security plugins the
// fix-rate benchmark uses (eslint-plugin-security, eslint-plugin-sonarjs, eslint-plugin-no-unsanitized),
// resolved from the bench package where the workspace installs them (this folder has no
// node_modules of its own, and the scanned checkout lives outside the workspace).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromBench = createRequire(new URL('../../bench/package.json', import.meta.url));
const load = async (name) => (await import(pathToFileURL(fromBench.resolve(name)).href)).default;

const security = await load('eslint-plugin-security');
const sonarjs = await load('eslint-plugin-sonarjs');
const noUnsanitized = await load('eslint-plugin-no-unsanitized');

export default [
  { ignores: ['node_modules/**'] },
  { files: ['**/*.{js,mjs}'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
  { files: ['**/*.{js,cjs}'], languageOptions: { sourceType: 'commonjs' } },
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  {
    plugins: { sonarjs },
    // The benchmark's sonarjs rules. sonarjs/os-command and security/detect-child-process report
    // the same call: one fix covers both (the fixer attributes a site another fix rewrote).
    rules: {
      'sonarjs/os-command': 'error',
      'sonarjs/pseudo-random': 'error',
      'sonarjs/hashing': 'error',
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
