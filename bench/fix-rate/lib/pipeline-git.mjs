// Git for the end-to-end fix rate: the sample project committed into a local bare repository
// (the "forge" the services clone with a file:// URL), clean checkouts of the scanned commit
// under bench/fix-rate/.work (so the JS project resolves bench/node_modules), and the fixes
// merged there one after another as pr-publisher keeps their pull requests up to date.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalRepo } from '../../../test/e2e/support/git-repo.ts';
// The pull-request refresh of the service itself (built: `pnpm build`), not a copy of it.
import { rebaseFix } from '../../../services/pr-publisher/dist/publish/rebase.js';

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

/** The fix's files, as the pull-request refresh rebuilds them, committed on top of `head`. */
const refreshedCommit = (dir, head, fix, files, index) => {
  const env = { ...process.env, GIT_INDEX_FILE: index };
  const run = (args, input) =>
    spawnSync('git', args, { cwd: dir, env, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  run(['read-tree', head]);
  for (const { path, content } of files) {
    if (content === null) run(['update-index', '--force-remove', '--', path]);
    else {
      const blob = run(['hash-object', '-w', '--stdin'], content).stdout.trim();
      run(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`]);
    }
  }
  const tree = run(['write-tree']).stdout.trim();
  return run([...GIT_USER, 'commit-tree', tree, '-p', head, '-m', `fix ${fix.id}`]).stdout.trim();
};

/**
 * Every fix as its pull request, merged in turn into the checkout the way a reviewer merges
 * pull requests one after another, in the order given. Before each merge the pull request is
 * what pr-publisher makes of it at that moment: the first publish applies the diff to the
 * scanned commit; once another fix was merged, the `pr-refresh` job has rebuilt the branch
 * with the service's own `rebaseFix` (the stored diff moved three ways from the scanned commit
 * onto the new head, shared dependencies, imports and helpers kept once; decision 0025). A fix
 * the refresh cannot move is `superseded` (the service releases its findings for the next
 * scan); the reviewer then merges the branch with `git merge`.
 * Outcomes: `merged`; `already_merged` (an identical change was merged before: nothing new);
 * `superseded` (the refresh found that the fix no longer fits, with its reason); `conflict`
 * (git could not merge the refreshed branch); `does_not_apply` (to the scanned commit itself).
 */
export const mergeInTurn = async (dir, commit, fixes) => {
  const index = join(dir, '.git', 'fix-rate-index');
  const gitDir = join(dir, '.git');
  const applied = [];
  for (const fix of fixes) {
    const pr = fixCommit(dir, commit, fix, index);
    if (pr.error) {
      applied.push({ fix, outcome: 'does_not_apply', detail: pr.error });
      continue;
    }
    const head = git(dir, ['rev-parse', 'HEAD']).stdout.trim();
    let branch = pr.sha;
    if (head !== commit) {
      const rebased = await rebaseFix(gitDir, fix.diff, commit, head, 60_000);
      if (!rebased.ok) {
        applied.push({ fix, outcome: 'superseded', detail: rebased.reason });
        continue;
      }
      branch = refreshedCommit(dir, head, fix, rebased.files, index);
    }
    const before = git(dir, ['rev-parse', 'HEAD^{tree}']).stdout.trim();
    const merged = git(dir, [...GIT_USER, 'merge', '--no-ff', '--no-edit', '-q', branch]);
    if (merged.status !== 0) {
      const files = git(dir, ['diff', '--name-only', '--diff-filter=U']).stdout.trim();
      git(dir, ['merge', '--abort']);
      applied.push({
        fix,
        outcome: 'conflict',
        detail: `merge conflict in ${files.split('\n').join(', ')}`,
      });
      continue;
    }
    const after = git(dir, ['rev-parse', 'HEAD^{tree}']).stdout.trim();
    applied.push({ fix, outcome: after === before ? 'already_merged' : 'merged', detail: null });
  }
  return applied;
};

/** The committed files of a checkout, path → blob id (to compare two merge orders' results). */
export const headFiles = (dir) =>
  new Map(
    git(dir, ['ls-tree', '-r', 'HEAD'])
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t');
        return [path, meta.split(' ')[2]];
      }),
  );

/**
 * Of the paths two checkouts' results differ in, those whose lines differ beyond their order
 * (helpers or imports two merge orders put one after the other in either order are the same
 * lines in another order).
 */
export const differentLines = (dirA, dirB, paths) =>
  paths.filter((path) => {
    const lines = (dir) => {
      try {
        return readFileSync(join(dir, path), 'utf8').split('\n').sort().join('\n');
      } catch {
        return null;
      }
    };
    return lines(dirA) !== lines(dirB);
  });

/** Paths whose content differs between two `headFiles` results. */
export const filesDiffering = (a, b) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();

/** The net change of the work tree against the scanned commit, as a unified diff. */
export const netDiff = (dir, commit) => {
  const run = git(dir, ['-c', 'core.quotepath=off', 'diff', '--no-color', '--no-ext-diff', commit]);
  if (run.status !== 0) throw new Error(`git diff failed: ${run.stderr}`);
  return run.stdout;
};
