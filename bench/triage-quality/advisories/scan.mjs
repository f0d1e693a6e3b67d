// Runs the repository's pinned scanners over the advisory-pair tree (TREE/<ecosystem>/<case>/…)
// and returns their SARIF logs with file URIs relative to TREE: ESLint with the labelled set's
// security configuration on npm/, Semgrep 1.185.0 with bench/rules/semgrep (JavaScript, Python,
// Go and Java folders) on everything (maven/ is Java), Bandit 1.9.4 on pypi/, gosec v2.30.0 on each Go case.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reroot, tool } from '../scanners/common.mjs';
import { CACHE, OUT, ROOT, TREE } from './paths.mjs';

const readLog = (path, what, run) => {
  if (!existsSync(path))
    throw new Error(`${what} wrote no SARIF (exit ${run.status}): ${run.stderr?.slice(-2000)}`);
  return JSON.parse(readFileSync(path, 'utf8'));
};

const eslint = () => {
  const dir = join(TREE, 'npm');
  if (!existsSync(dir)) return null;
  // ES modules and CommonJS files side by side: the module ones are listed for the config.
  const files = readdirSync(dir, { recursive: true }).filter((p) => /\.(c|m)?js$/.test(p));
  const modules = files.filter(
    (p) =>
      p.endsWith('.mjs') ||
      (!p.endsWith('.cjs') &&
        /^\s*(import\s[^(]|export\s)/m.test(readFileSync(join(dir, p), 'utf8'))),
  );
  const listed = join(OUT, 'eslint-modules.json');
  writeFileSync(listed, JSON.stringify(modules));
  const run = spawnSync(
    join(ROOT, 'bench', 'node_modules', '.bin', 'eslint'),
    [
      '--no-config-lookup',
      '--no-ignore',
      '-c',
      join(ROOT, 'bench', 'triage-quality', 'advisories', 'eslint.config.mjs'),
      '--format',
      '@microsoft/eslint-formatter-sarif',
      '.',
    ],
    {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ADVISORY_ESLINT_MODULES: listed },
      maxBuffer: 256 << 20,
    },
  );
  if (!run.stdout) throw new Error(`eslint produced nothing: ${run.stderr}`);
  const base = `${join(TREE)}/`;
  return reroot(JSON.parse(run.stdout), (uri) =>
    uri.startsWith('file:') ? relative(base, fileURLToPath(uri)) : uri,
  );
};

const semgrep = () => {
  const out = join(OUT, 'semgrep.sarif');
  rmSync(out, { force: true });
  const rules = join(ROOT, 'bench', 'rules', 'semgrep');
  const run = spawnSync(
    tool('semgrep'),
    [
      'scan',
      ...['javascript', 'python', 'go', 'java'].flatMap((f) => [
        '--config',
        relative(ROOT, join(rules, f)),
      ]),
      '--metrics=off',
      '--no-git-ignore',
      '--sarif',
      '--output',
      out,
      '--quiet',
      relative(ROOT, TREE),
    ],
    {
      // From the workspace root with relative paths: rule ids (prefixed with the rules' folder)
      // and file names do not depend on where the workspace lives.
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SEMGREP_SEND_METRICS: 'off', SEMGREP_ENABLE_VERSION_CHECK: '0' },
      maxBuffer: 256 << 20,
    },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`semgrep failed: ${run.stderr}`);
  return reroot(readLog(out, 'semgrep', run), (uri) => relative(TREE, join(ROOT, uri)));
};

const bandit = () => {
  if (!existsSync(join(TREE, 'pypi'))) return null;
  const out = join(OUT, 'bandit.sarif');
  rmSync(out, { force: true });
  const run = spawnSync(tool('bandit'), ['-r', 'pypi', '-f', 'sarif', '-q', '-o', out], {
    cwd: TREE,
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`bandit failed: ${run.stderr}`);
  return reroot(readLog(out, 'bandit', run), (uri) => uri);
};

const gosec = () => {
  const dir = join(TREE, 'go');
  if (!existsSync(dir)) return null;
  const runs = [];
  for (const c of readdirSync(dir)) {
    const out = join(OUT, `gosec-${c}.sarif`);
    rmSync(out, { force: true });
    const run = spawnSync(tool('gosec'), ['-fmt', 'sarif', '-out', out, '-quiet', './...'], {
      cwd: join(dir, c),
      encoding: 'utf8',
      env: { ...process.env, GOFLAGS: '-mod=mod', GOMODCACHE: join(CACHE, 'gomodcache') },
    });
    if (run.status !== 0 && run.status !== 1) throw new Error(`gosec failed: ${run.stderr}`);
    const log = reroot(readLog(out, 'gosec', run), (uri) =>
      relative(TREE, uri.startsWith('/') ? uri : join(dir, c, uri)),
    );
    runs.push(...log.runs);
  }
  return runs.length ? { version: '2.1.0', runs } : null;
};

export const SCANNERS = { eslint, semgrep, bandit, gosec };
