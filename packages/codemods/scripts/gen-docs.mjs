// Writes docs/codemods.md from the codemod catalog (run by `pnpm build` after tsc).
// The registry test fails when the committed file differs from the catalog.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { catalog, catalogMarkdown } from '../dist/index.js';

const target = fileURLToPath(new URL('../../../docs/codemods.md', import.meta.url));
const next = catalogMarkdown(catalog());
const current = await readFile(target, 'utf8').catch(() => null);
if (current !== next) {
  await writeFile(target, next);
  console.log(`wrote ${target}`);
}
