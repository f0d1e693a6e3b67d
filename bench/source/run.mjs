// bench/source: source access over a local mirror. For a generated repository of FILES files:
// creating the mirror, reading every file once (cold: one cat-file batch round trip per file),
// then 25,000 line-range reads over the same files (what triage does for a 25,000-finding
// scan: served from the blob cache), and an incremental fetch of one new commit. Baseline in the
// same run: one `git cat-file blob <sha>:<path>` process per file, the naive way.
// Needs `pnpm build`.
import { execFileSync, execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createSourceAccess } from '../../packages/source/dist/index.js';

const FILES = Number(process.env.BENCH_FILES ?? 500);
const READS = Number(process.env.BENCH_READS ?? 25_000);
const exec = promisify(execFile);
const env = {
  PATH: process.env.PATH,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@example.test',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@example.test',
};
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env }).toString().trim();
const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

const root = mkdtempSync(join(tmpdir(), 'bench-source-'));
try {
  const bare = join(root, 'origin.git');
  const work = join(root, 'work');
  git(root, 'init', '--quiet', '--bare', bare);
  git(root, 'init', '--quiet', work);
  for (let i = 0; i < FILES; i++) {
    const dir = join(work, 'src', `m${i % 20}`);
    mkdirSync(dir, { recursive: true });
    const lines = Array.from(
      { length: 200 },
      (_, j) => `export const v${j} = ${i * j}; // ${i}:${j}`,
    );
    writeFileSync(join(dir, `f${i}.ts`), `${lines.join('\n')}\n`);
  }
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', 'files');
  git(work, 'push', '--quiet', bare, 'HEAD:refs/heads/main');
  const sha = git(work, 'rev-parse', 'HEAD');
  const paths = Array.from({ length: FILES }, (_, i) => `src/m${i % 20}/f${i}.ts`);

  const source = createSourceAccess({
    cacheDir: join(root, 'cache'),
    allowedProtocols: ['file'],
    fetchTimeoutMs: 120_000,
    readTimeoutMs: 30_000,
    maxFileBytes: 2 * 1024 * 1024,
  });
  const repo = { id: 'bench', cloneUrl: bare, credentials: null };
  const cloneMs = await time(() => source.ensureCommit(repo, sha));
  const coldMs = await time(async () => {
    for (const path of paths) await source.readFile(repo, sha, path);
  });
  const warmMs = await time(async () => {
    for (let i = 0; i < READS; i++) {
      const start = (i % 190) + 1;
      await source.readLines(repo, sha, paths[i % FILES], start, start + 5);
    }
  });
  const mirror = source.mirrorPath(repo.id);
  const naiveMs = await time(async () => {
    for (const path of paths)
      await exec('git', ['cat-file', 'blob', `${sha}:${path}`], {
        env: { ...env, GIT_DIR: mirror },
      });
  });
  writeFileSync(join(work, 'NEW.md'), 'new\n');
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', 'one more');
  git(work, 'push', '--quiet', bare, 'HEAD:refs/heads/main');
  const next = git(work, 'rev-parse', 'HEAD');
  const fetchMs = await time(() => source.ensureCommit(repo, next));
  await source.close();

  const perSecond = (n, ms) => Math.round((n / ms) * 1000);
  console.log(`source access, ${FILES} files of 200 lines`);
  console.log(`  mirror created (clone):          ${cloneMs.toFixed(0)} ms`);
  console.log(`  incremental fetch of one commit: ${fetchMs.toFixed(0)} ms`);
  console.log(`  cold file reads:                 ${perSecond(FILES, coldMs)} files/s`);
  console.log(`  baseline, one git per file:      ${perSecond(FILES, naiveMs)} files/s`);
  console.log(`  ratio cold / baseline:           ${(naiveMs / coldMs).toFixed(1)}x`);
  console.log(
    `  cached line-range reads:         ${perSecond(READS, warmMs)} reads/s (${READS} reads)`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
