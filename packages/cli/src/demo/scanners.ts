import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { CliError } from '../io.js';

/** A scanner the demo runs on the checkout, writing SARIF 2.1.0 to `output`. */
export interface Scanner {
  name: string;
  command: string;
  args: (output: string) => string[];
  env?: Record<string, string>;
}

const INSTALL_BANDIT = `bash -c 'source scripts/lib.sh && ensure_bandit' (./scripts/dev.sh runs it)`;

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `name` on PATH, else in the workspace's `.tools/bin` (where scripts/lib.sh installs tools). */
export const findTool = (
  name: string,
  root: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined =>
  [...(env['PATH'] ?? '').split(delimiter).filter(Boolean), join(root, '.tools', 'bin')]
    .map((dir) => join(dir, name))
    .find(executable);

/**
 * The demo's scanners: ESLint with the security plugins (the bench package's install, the
 * configuration in scripts/demo), Bandit, and with `withSemgrep` Semgrep when it is installed and
 * the bench's local rules exist (opt-in: those rules are young, and they report the sites Bandit
 * and ESLint report, so each site would get a second fix and branch). A missing required scanner is a CliError naming it and the command installing it.
 */
export const demoScanners = (
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  withSemgrep = false,
): { scanners: Scanner[]; skipped: string[] } => {
  const bench = join(root, 'bench', 'node_modules');
  const eslint = join(bench, '.bin', 'eslint');
  const formatter = join(bench, '@microsoft', 'eslint-formatter-sarif', 'sarif.js');
  if (!executable(eslint) || !existsSync(formatter))
    throw new CliError(
      'ESLint with the security plugins is not installed (bench/node_modules): run `pnpm install` at the workspace root',
    );
  const bandit = findTool('bandit', root, env);
  if (!bandit)
    throw new CliError(`Bandit is not installed (.tools/bin/bandit): run ${INSTALL_BANDIT}`);
  const scanners: Scanner[] = [
    {
      name: 'ESLint',
      command: eslint,
      args: (output) => [
        '--no-config-lookup',
        '-c',
        join(root, 'scripts', 'demo', 'eslint.config.mjs'),
        '-f',
        formatter,
        '-o',
        output,
        '.',
      ],
    },
    {
      name: 'Bandit',
      command: bandit,
      args: (output) => ['-r', '.', '-f', 'sarif', '-o', output, '-q'],
    },
  ];
  const skipped: string[] = [];
  if (!withSemgrep) return { scanners, skipped: ['Semgrep (add --semgrep to run it)'] };
  const semgrep = findTool('semgrep', root, env);
  const rules = join(root, 'bench', 'rules', 'semgrep');
  if (semgrep && existsSync(rules)) {
    scanners.push({
      name: 'Semgrep',
      command: semgrep,
      // Local rules only, no metrics, no version check: nothing leaves the machine.
      args: (output) => [
        'scan',
        '--metrics=off',
        '--disable-version-check',
        '--config',
        rules,
        '--sarif',
        '--output',
        output,
        '--quiet',
        '.',
      ],
      env: { SEMGREP_SEND_METRICS: 'off', SEMGREP_ENABLE_VERSION_CHECK: '0' },
    });
  } else {
    skipped.push(
      semgrep
        ? 'Semgrep (no local rules in bench/rules/semgrep)'
        : "Semgrep (optional; install: bash -c 'source scripts/lib.sh && ensure_semgrep')",
    );
  }
  return { scanners, skipped };
};

export interface SarifLog {
  version: string;
  $schema?: string;
  runs: unknown[];
}

/**
 * Runs a scanner in `cwd` and reads its SARIF. Exit 1 means "found something" for all three;
 * anything else, or no output file, is a failure with the scanner's own message.
 */
export const runScanner = (
  scanner: Scanner,
  cwd: string,
  output: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<SarifLog> =>
  new Promise((resolve, reject) => {
    execFile(
      scanner.command,
      scanner.args(output),
      {
        cwd,
        env: { ...env, ...scanner.env },
        timeout: 300_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, _stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        if (code !== 0 && code !== 1) {
          reject(
            new CliError(`${scanner.name} failed (exit ${code}): ${stderr.trim().slice(-2000)}`),
          );
          return;
        }
        readFile(output, 'utf8').then(
          (text) => resolve(JSON.parse(text) as SarifLog),
          () =>
            reject(new CliError(`${scanner.name} wrote no SARIF: ${stderr.trim().slice(-2000)}`)),
        );
      },
    );
  });

/** One SARIF log with every scanner's runs, as the scanners wrote them (one scan, one upload). */
export const mergeSarif = (logs: readonly SarifLog[]): SarifLog => ({
  version: '2.1.0',
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  runs: logs.flatMap((log) => log.runs),
});
