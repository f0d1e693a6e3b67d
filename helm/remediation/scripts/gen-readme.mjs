#!/usr/bin/env node
// Regenerates the values table of helm/remediation/README.md from the `# --` comments in
// values.yaml (`pnpm --filter @remediation/deploy helm:readme`). The generator lives in
// deploy/src/helm-readme.ts (Node runs TypeScript directly); deploy/test/chart.test.ts fails
// when the README is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const chart = fileURLToPath(new URL('..', import.meta.url));
const { renderReadme } = await import('../../../deploy/src/helm-readme.ts');
const readme = new URL('../README.md', import.meta.url);
const values = readFileSync(new URL('../values.yaml', import.meta.url), 'utf8');
writeFileSync(readme, await renderReadme(readFileSync(readme, 'utf8'), values));
process.stdout.write(`updated ${chart}README.md\n`);
