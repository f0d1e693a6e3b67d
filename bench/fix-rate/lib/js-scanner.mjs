// Runs the real JS/TS scanner of the fix-rate benchmark: ESLint 9 with eslint-plugin-security,
// eslint-plugin-sonarjs and eslint-plugin-no-unsanitized (the project's eslint.config.mjs),
// written as SARIF by @microsoft/eslint-formatter-sarif.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ESLINT = join(BENCH, 'node_modules', '.bin', 'eslint');
const NEEDED = [
  'eslint',
  'eslint-plugin-security',
  'eslint-plugin-sonarjs',
  'eslint-plugin-no-unsanitized',
  '@microsoft/eslint-formatter-sarif',
  'typescript-eslint',
];

/** Installs the bench package's devDependencies (under the workspace's pnpm lock) when absent. */
export const ensureJsScanner = () => {
  if (NEEDED.every((name) => existsSync(join(BENCH, 'node_modules', name)))) return;
  const lock = '/tmp/remediation-pnpm.lock';
  const pnpm = ['pnpm', 'install', '--frozen-lockfile', '--filter', '@remediation/bench...'];
  const command = spawnSync('flock', ['--version']).status === 0 ? ['flock', lock, ...pnpm] : pnpm;
  execFileSync(command[0], command.slice(1), { cwd: BENCH, stdio: 'inherit' });
};

/**
 * Scans a project directory (which must sit under bench/ so the plugins resolve) and returns the
 * SARIF log. ESLint exits 1 when it reports problems, which is the expected case here.
 */
export const scanJs = (projectDir) => {
  ensureJsScanner();
  const out = join(mkdtempSync(join(tmpdir(), 'js-sarif-')), 'eslint.sarif');
  const result = spawnSync(
    ESLINT,
    [
      '--no-config-lookup',
      '-c',
      join(projectDir, 'eslint.config.mjs'),
      '-f',
      '@microsoft/eslint-formatter-sarif',
      '-o',
      out,
      '.',
    ],
    { cwd: projectDir, encoding: 'utf8' },
  );
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`eslint failed (${result.status}): ${result.stderr}`);
  }
  const sarif = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(dirname(out), { recursive: true, force: true });
  return sarif;
};
