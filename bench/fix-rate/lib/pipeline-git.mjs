// Git for the end-to-end fix rate: the sample project committed into a local bare repository
// (the "forge" the services clone with a file:// URL), clean checkouts of the scanned commit
// under bench/fix-rate/.work (so the JS project resolves bench/node_modules), and the fixes
// applied with `git apply` as their pull requests and merged there one after another.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalRepo } from '../../../test/e2e/support/git-repo.ts';

const WORK = join(import.meta.dirname, '..', '.work');
const SKIP = new Set(['node_modules', '__pycache__', '.classes']);

/** Every file of a project directory, by project-relative path. */
const projectFiles = (dir, sub = '') =>
  Object.fromEntries(
    readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
      if (SKIP.has(e.name)) return [];
      const path = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) return Object.entries(projectFiles(dir, path));
      return [[path, readFileSync(join(dir, path), 'utf8')]];
    }),
  );

/** A bare repository holding the project as one commit on `main`. */
export const commitProject = (projectDir) => {
  const repo = createLocalRepo(projectFiles(projectDir));
  return { repo, commit: repo.head() };
};

/** A fresh clone of the bare repository, checked out at `commit`, under bench/fix-rate/.work. */
export const cleanCheckout = (repo, commit, tag) => {
  mkdirSync(WORK, { recursive: true });
  const dir = mkdtempSync(join(WORK, `${tag}-`));
  execFileSync('git', ['clone', '-q', repo.bare, dir], { stdio: 'pipe' });
  execFileSync('git', ['checkout', '-q', '--detach', commit], { cwd: dir, stdio: 'pipe' });
  return dir;
};

export const removeCheckout = (dir) => rmSync(dir, { recursive: true, force: true });

const git = (dir, args, input) =>
  spawnSync('git', args, { cwd: dir, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

const GIT_USER = ['-c', 'user.name=fix-rate', '-c', 'user.email=fix-rate@localhost'];

/**
 * A fix's pull request: its diff applied with `git apply` to the scanned commit's tree (in a
 * throw-away index, no work tree), committed on top of the scanned commit. Null with git's
 * complaint when the diff does not apply to the commit.
 */
const fixCommit = (dir, commit, fix, index) => {
  const env = { ...process.env, GIT_INDEX_FILE: index };
  const run = (args, input) =>
    spawnSync('git', args, { cwd: dir, env, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  run(['read-tree', commit]);
  const applied = run(['apply', '--cached', '-'], fix.diff);
  if (applied.status !== 0) return { error: applied.stderr.trim() };
  const tree = run(['write-tree']).stdout.trim();
  const made = run([...GIT_USER, 'commit-tree', tree, '-p', commit, '-m', `fix ${fix.id}`]);
  return { sha: made.stdout.trim() };
};

/**
 * Every fix as the pull request it would be (its diff applied with `git apply` to a clean tree of
 * the scanned commit), then merged in turn into the checkout the way a reviewer merges pull
 * requests one after another (a three-way merge with the scanned commit as the base).
 * Outcomes: `merged`; `already_merged` (an identical change was merged before: nothing new);
 * `conflict` (the files git could not merge); `does_not_apply` (to the scanned commit itself).
 */
export const mergeInTurn = (dir, commit, fixes) => {
  const index = join(dir, '.git', 'fix-rate-index');
  return fixes.map((fix) => {
    const pr = fixCommit(dir, commit, fix, index);
    if (pr.error) return { fix, outcome: 'does_not_apply', detail: pr.error };
    const before = git(dir, ['rev-parse', 'HEAD^{tree}']).stdout.trim();
    const merged = git(dir, [...GIT_USER, 'merge', '--no-ff', '--no-edit', '-q', pr.sha]);
    if (merged.status !== 0) {
      const files = git(dir, ['diff', '--name-only', '--diff-filter=U']).stdout.trim();
      git(dir, ['merge', '--abort']);
      return {
        fix,
        outcome: 'conflict',
        detail: `merge conflict in ${files.split('\n').join(', ')}`,
      };
    }
    const after = git(dir, ['rev-parse', 'HEAD^{tree}']).stdout.trim();
    return { fix, outcome: after === before ? 'already_merged' : 'merged', detail: null };
  });
};

/** The net change of the work tree against the scanned commit, as a unified diff. */
export const netDiff = (dir, commit) => {
  const run = git(dir, ['-c', 'core.quotepath=off', 'diff', '--no-color', '--no-ext-diff', commit]);
  if (run.status !== 0) throw new Error(`git diff failed: ${run.stderr}`);
  return run.stdout;
};
