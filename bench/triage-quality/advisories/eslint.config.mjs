// ESLint for the advisory-pair set: the labelled set's security rules (../eslint.scan.config.mjs)
// on every JavaScript file, as CommonJS, except the files scan.mjs found to be ES modules (the
// list it wrote, named by ADVISORY_ESLINT_MODULES).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import scan from '../eslint.scan.config.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const modules = JSON.parse(
  readFileSync(
    process.env.ADVISORY_ESLINT_MODULES ??
      join(here, '..', '.work', 'advisories', 'next', 'eslint-modules.json'),
    'utf8',
  ),
);
const base = scan[0];

export default [
  { ...base, files: ['**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...(modules.length
    ? [{ files: modules, languageOptions: { ...base.languageOptions, sourceType: 'module' } }]
    : []),
];
