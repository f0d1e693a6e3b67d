import { existsSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceAccess, type SourceAccess, type SourceRepository } from '../src/index.js';
import { captureLogger, createOrigin, git, type Origin } from './git-fixture.js';

let origin: Origin;
let source: SourceAccess;
let repo: SourceRepository;
let first: string;
let second: string;
const log = captureLogger();

beforeAll(() => {
  origin = createOrigin();
  first = origin.commit({
    'src/app.py': 'import os\n\ndef main():\n    return os.getcwd()\n',
    'src/big.txt': 'x'.repeat(5000),
    'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
    'docs/readme.md': '# readme\r\nsecond line\r\n',
    'pages/[id].tsx': 'export default 1;\n',
    'pages/i.tsx': 'export default 2;\n',
  });
  source = createSourceAccess({
    cacheDir: origin.cacheDir,
    allowedProtocols: ['file'],
    fetchTimeoutMs: 20_000,
    readTimeoutMs: 10_000,
    maxFileBytes: 4096,
    logger: log.logger,
  });
  repo = { id: 'r1', cloneUrl: origin.bare, credentials: null };
});
afterAll(async () => {
  await source.close();
  origin.destroy();
});

describe('source access over a local bare repository', () => {
  it('when a commit is first read, then the mirror is created as a bare repository without a work tree', async () => {
    expect(await source.ensureCommit(repo, first)).toEqual({ ok: true, fetch: 'clone' });
    const mirror = source.mirrorPath(repo.id);
    expect(mirror).toBe(join(origin.cacheDir, 'r1.git'));
    expect(git(mirror, 'rev-parse', '--is-bare-repository')).toBe('true');
    expect(existsSync(join(mirror, 'src'))).toBe(false);
    expect(await source.ensureCommit(repo, first)).toEqual({ ok: true, fetch: 'none' });
  });

  it('when a commit is pushed later, then it is fetched into the same mirror (not recloned) and both commits read', async () => {
    const mirror = source.mirrorPath(repo.id);
    const inodeBefore = statSync(join(mirror, 'objects')).ino;
    second = origin.commit({ 'src/app.py': 'import os\n\ndef main():\n    return "fixed"\n' });
    const ensured = await source.ensureCommit(repo, second);
    expect(ensured).toEqual({ ok: true, fetch: 'incremental' });
    expect(statSync(join(mirror, 'objects')).ino).toBe(inodeBefore);
    expect(log.lines.filter((l) => l.includes('"fetch":"incremental"'))).toHaveLength(1);

    const old = await source.readLines(repo, first, 'src/app.py', 3, 4);
    expect(old).toMatchObject({ ok: true, lines: ['def main():', '    return os.getcwd()'] });
    const now = await source.readFile(repo, second, 'src/app.py');
    expect(now.ok && now.content.toString()).toContain('return "fixed"');
  });

  it('when lines are read, then the range is 1-based, clamped at the end, and CRLF is one terminator', async () => {
    expect(await source.readLines(repo, first, 'docs/readme.md', 1, 99)).toEqual({
      ok: true,
      lines: ['# readme', 'second line'],
      startLine: 1,
      endLine: 2,
      totalLines: 2,
    });
    expect(await source.readLines(repo, first, 'docs/readme.md', 3, 4)).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    });
    expect(await source.readLines(repo, first, 'docs/readme.md', 2, 1)).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    });
  });

  it('when a path is missing, a directory, too large or binary, then each has its own reason', async () => {
    expect(await source.readFile(repo, first, 'src/nope.py')).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(await source.readFile(repo, first, 'src')).toMatchObject({
      ok: false,
      reason: 'not_a_file',
    });
    const big = await source.readFile(repo, first, 'src/big.txt');
    expect(big).toMatchObject({ ok: false, reason: 'too_large' });
    expect(!big.ok && big.message).toMatch(/5000 bytes/);
    expect(await source.readFile(repo, first, 'assets/logo.png')).toMatchObject({
      ok: false,
      reason: 'binary',
    });
    const png = await source.readFile(repo, first, 'assets/logo.png', { allowBinary: true });
    expect(png.ok && png.binary && png.content.length).toBe(7);
  });

  it('when a file is read as text, then it is its UTF-8 content, the same on every read, and binary or missing files say why', async () => {
    const text = await source.readText(repo, first, 'docs/readme.md');
    expect(text).toMatchObject({ ok: true, text: '# readme\r\nsecond line\r\n' });
    const again = await source.readText(repo, first, 'docs/readme.md');
    expect(again.ok && again.text).toBe('# readme\r\nsecond line\r\n');
    const file = await source.readFile(repo, first, 'docs/readme.md');
    expect(text.ok && file.ok && text.oid === file.oid).toBe(true);
    expect(await source.readText(repo, first, 'assets/logo.png')).toMatchObject({
      ok: false,
      reason: 'binary',
    });
    expect(await source.readText(repo, first, 'src/nope.py')).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
  });

  it('when a path is a symbolic link or a file with spaces, then the link is not_a_file and the file reads', async () => {
    const work = join(origin.root, 'work');
    symlinkSync('app.py', join(work, 'src', 'link.py'));
    const linked = origin.commit({ 'src/with space.py': 'x = 1\n' });
    expect(await source.readFile(repo, linked, 'src/link.py')).toMatchObject({
      ok: false,
      reason: 'not_a_file',
      message: expect.stringMatching(/symbolic link/),
    });
    const spaced = await source.readLines(repo, linked, 'src/with space.py', 1, 1);
    expect(spaced).toMatchObject({ ok: true, lines: ['x = 1'] });
    const listed = await source.listFiles(repo, linked, 'src');
    expect(listed.ok && listed.files.find((f) => f.path === 'src/link.py')?.mode).toBe('120000');
  });

  it('when a path has glob or pathspec-magic characters, then it is read literally', async () => {
    const page = await source.readFile(repo, first, 'pages/[id].tsx');
    expect(page.ok && page.content.toString()).toBe('export default 1;\n');
    expect(await source.readFile(repo, first, 'pages/*.tsx')).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(await source.readFile(repo, first, ':(glob)pages/*')).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
  });

  it('when a path climbs out, is absolute, or starts with "-", then it is refused before git runs', async () => {
    for (const path of [
      '../etc/passwd',
      'src/../../x',
      '/etc/passwd',
      '-p',
      '--output=/tmp/x',
      'src//app.py',
      './src/app.py',
      'a\nb',
      '',
    ]) {
      expect(await source.readFile(repo, first, path)).toMatchObject({
        ok: false,
        reason: 'invalid_path',
      });
    }
    expect(await source.listFiles(repo, first, '../')).toMatchObject({
      ok: false,
      reason: 'invalid_path',
    });
  });

  it('when a commit id is unknown or not a commit id, then commit_not_found or invalid_commit', async () => {
    const unknown = await source.ensureCommit(repo, 'a'.repeat(40));
    expect(unknown).toMatchObject({ ok: false, reason: 'commit_not_found' });
    expect(await source.readFile(repo, 'b'.repeat(40), 'src/app.py')).toMatchObject({
      ok: false,
      reason: 'commit_not_found',
    });
    for (const sha of ['HEAD', 'main', '--all', first.slice(0, 12)]) {
      expect(await source.ensureCommit(repo, sha)).toMatchObject({
        ok: false,
        reason: 'invalid_commit',
      });
    }
  });

  it('when files are listed, then blobs under the prefix come back with modes and ids', async () => {
    const all = await source.listFiles(repo, first);
    expect(all.ok && all.files.map((f) => f.path).sort()).toEqual([
      'assets/logo.png',
      'docs/readme.md',
      'pages/[id].tsx',
      'pages/i.tsx',
      'src/app.py',
      'src/big.txt',
    ]);
    const src = await source.listFiles(repo, first, 'src/');
    expect(src.ok && src.files.map((f) => f.path).sort()).toEqual(['src/app.py', 'src/big.txt']);
    expect(src.ok && src.files[0]).toMatchObject({
      mode: '100644',
      oid: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it('when a branch is resolved, then it is fetched first and gives the newest commit; unknown refs are ref_not_found', async () => {
    const third = origin.commit({ 'CHANGELOG.md': 'three\n' });
    expect(await source.resolveRef(repo, 'main')).toEqual({ ok: true, sha: third });
    expect(await source.resolveRef(repo, 'refs/heads/main', { fetch: false })).toEqual({
      ok: true,
      sha: third,
    });
    expect(await source.resolveRef(repo, 'nope')).toMatchObject({
      ok: false,
      reason: 'ref_not_found',
    });
    for (const ref of ['-x', 'a..b', 'main@{1}', 'a b', 'HEAD~1']) {
      expect(await source.resolveRef(repo, ref)).toMatchObject({
        ok: false,
        reason: 'invalid_ref',
      });
    }
  });

  it('when a commit exists only on a deleted branch, then it is fetched by id and kept', async () => {
    const work = join(origin.root, 'work');
    git(work, 'checkout', '--quiet', '-b', 'topic');
    const topic = origin.commit({ 'topic.txt': 'topic\n' });
    git(work, 'push', '--quiet', origin.bare, 'HEAD:refs/heads/topic');
    git(work, 'push', '--quiet', origin.bare, ':refs/heads/topic');
    git(work, 'checkout', '--quiet', 'main');
    git(origin.bare, 'update-ref', 'refs/heads/main', git(work, 'rev-parse', 'main'));
    expect(await source.ensureCommit(repo, topic)).toEqual({ ok: true, fetch: 'incremental' });
    expect(git(source.mirrorPath(repo.id), 'rev-parse', `refs/remediation/commits/${topic}`)).toBe(
      topic,
    );
    // Read through the cat-file process that was started before this fetch.
    const file = await source.readFile(repo, topic, 'topic.txt');
    expect(file.ok && file.content.toString()).toBe('topic\n');
  });
});
