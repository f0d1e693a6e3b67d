// The real scanner for the Python sample project: Bandit from Debian (apt-get installs it and the
// packages the project's tests import when they are missing), run through
// python-bandit-compat.py, its JSON report converted to SARIF.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { banditToSarif } from './python-bandit-sarif.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Debian's interpreter: the one apt-get installs Bandit and the project's libraries for. */
export const PYTHON = '/usr/bin/python3';
/** What the bench needs: the scanner, and what the project imports (python3-defusedxml: after the XML fixes). */
const PACKAGES = [
  'bandit',
  'python3-flask',
  'python3-requests',
  'python3-yaml',
  'python3-jwt',
  'python3-defusedxml',
];

const installed = (name) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout.includes(
    'install ok installed',
  );

/** Installs the missing Debian packages (idempotent: nothing happens when all are there). */
export const ensurePythonTools = () => {
  const missing = PACKAGES.filter((p) => !installed(p));
  if (missing.length === 0) return [];
  const run = (args) => {
    const command = process.getuid?.() === 0 ? args : ['sudo', ...args];
    execFileSync(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...missing]);
  return missing;
};

/** Bandit's version, e.g. `1.6.2`. */
export const banditVersion = () => {
  const run = spawnSync(PYTHON, [join(HERE, 'python-bandit-compat.py'), '--version'], {
    encoding: 'utf8',
  });
  return /(\d+\.\d+\.\d+)/.exec(`${run.stdout}${run.stderr}`)?.[1] ?? null;
};

/**
 * Scans a project directory with Bandit (recursively, tests excluded) and returns SARIF 2.1.0.
 * Bandit exits 1 when it finds issues; only a missing report is an error.
 */
export const scanPython = (dir, { exclude = ['tests'] } = {}) => {
  const run = spawnSync(
    PYTHON,
    [
      join(HERE, 'python-bandit-compat.py'),
      '-r',
      '-q',
      '-f',
      'json',
      '-x',
      exclude.map((e) => `./${e}`).join(','),
      '.',
    ],
    { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout.trim().startsWith('{'))
    throw new Error(`bandit failed (${run.status}): ${run.stderr}`);
  return banditToSarif(JSON.parse(run.stdout), { root: dir, version: banditVersion() });
};

/** Bandit test id → the class of flaw it reports (the fix-rate labels' classes). */
const BANDIT_CLASS = {
  B311: 'insecure-random',
  B303: 'weak-hash',
  B324: 'weak-hash',
  B501: 'tls-verify-disabled',
  B113: 'requests-timeout',
  B306: 'tempfile-mktemp',
  B201: 'flask-debug',
  B608: 'sql',
  B301: 'deserialization',
  B302: 'deserialization',
  B403: 'deserialization',
  B506: 'yaml',
  B101: 'assert',
};

/** The class of a Bandit result: the table above, then the command-injection and XML families. */
export const banditClass = (ruleId) =>
  BANDIT_CLASS[ruleId] ??
  (/^B(60[2-7]|404)$/.test(ruleId)
    ? 'command-injection'
    : /^B(31[3-9]|320|40[5-9]|41[01])$/.test(ruleId)
      ? 'xml'
      : 'other');
