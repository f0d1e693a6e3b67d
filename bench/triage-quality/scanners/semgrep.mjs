// Semgrep 1.185.0 with the repository's own rules (bench/rules/semgrep; never registry rules,
// never metrics) on the whole of repo/. Run from the workspace root with relative paths, so rule
// ids (Semgrep prefixes them with the rules' folder) and file names do not depend on where the
// workspace lives. Semgrep's default ignore list applies (tests/, vendor/, minified files …), as
// in a CI run without a .semgrepignore.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO, ROOT, WORK, readSarif, reroot, tool } from './common.mjs';

export const SEMGREP_RULES = join(ROOT, 'bench', 'rules', 'semgrep');
/**
 * The rule folders run: those whose results have answers in set/labels-semgrep.mjs. The
 * javascript/ and go/ rules were still being written when the answers were; add a folder here
 * together with the answers for its results.
 */
export const SEMGREP_FOLDERS = ['python', 'java'];

/** Whether any rule file has landed yet (another engineer writes them). */
export const semgrepRulesPresent = () =>
  existsSync(SEMGREP_RULES) &&
  readdirSync(SEMGREP_RULES, { recursive: true }).some(
    (p) => SEMGREP_FOLDERS.some((f) => p.startsWith(`${f}/`)) && /\.ya?ml$/.test(p),
  );

export const semgrep = () => {
  const out = join(WORK, 'semgrep.sarif');
  rmSync(out, { force: true });
  const run = spawnSync(
    tool('semgrep'),
    [
      'scan',
      ...SEMGREP_FOLDERS.filter((f) => existsSync(join(SEMGREP_RULES, f))).flatMap((f) => [
        '--config',
        relative(ROOT, join(SEMGREP_RULES, f)),
      ]),
      '--metrics=off',
      '--sarif',
      '--output',
      out,
      '--quiet',
      relative(ROOT, REPO),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SEMGREP_SEND_METRICS: 'off', SEMGREP_ENABLE_VERSION_CHECK: '0' },
      maxBuffer: 64 << 20,
    },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`semgrep failed: ${run.stderr}`);
  return reroot(readSarif(out, 'semgrep', run), (uri) => relative(REPO, join(ROOT, uri)));
};
