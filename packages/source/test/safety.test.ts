import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceAccess, runGit } from '../src/index.js';
import { createOrigin, git, type Origin } from './git-fixture.js';

let origin: Origin;
let sha: string;
beforeAll(() => {
  origin = createOrigin();
  sha = origin.commit({ 'a.txt': 'a\n' });
});
afterAll(() => origin.destroy());

const access = (allowedProtocols: ('https' | 'ssh' | 'file' | 'http' | 'git')[]) =>
  createSourceAccess({
    cacheDir: origin.cacheDir,
    allowedProtocols,
    fetchTimeoutMs: 10_000,
    readTimeoutMs: 5_000,
    maxFileBytes: 1024,
  });

describe('clone URLs', () => {
  it('when the file transport is not allowed, then a local path or file URL is refused and no mirror is made', async () => {
    const source = access(['https', 'ssh']);
    for (const cloneUrl of [origin.bare, `file://${origin.bare}`]) {
      const result = await source.ensureCommit({ id: 'nofile', cloneUrl, credentials: null }, sha);
      expect(result).toMatchObject({ ok: false, reason: 'protocol_not_allowed' });
    }
    expect(existsSync(join(origin.cacheDir, 'nofile.git'))).toBe(false);
  });

  it('when a URL is ext::, fd:: or starts with "-", then it is refused and nothing runs', async () => {
    const marker = join(origin.root, 'pwned');
    const source = access(['https', 'ssh', 'file', 'http', 'git']);
    const cases: [string, string][] = [
      [`ext::sh -c touch% ${marker}`, 'protocol_not_allowed'],
      ['fd::3', 'protocol_not_allowed'],
      [`-u touch ${marker}`, 'invalid_url'],
      [`--upload-pack=touch ${marker}`, 'invalid_url'],
      ['ssh://-oProxyCommand=touch/x', 'invalid_url'],
      ['-oProxyCommand=x:repo', 'invalid_url'],
      ['https://user:hunter2pass@example.test/r.git', 'invalid_url'],
      ['relative/path.git', 'invalid_url'],
      ['ftp://example.test/r.git', 'protocol_not_allowed'],
    ];
    for (const [cloneUrl, reason] of cases) {
      const result = await source.ensureCommit({ id: 'evil', cloneUrl, credentials: null }, sha);
      expect(result, cloneUrl).toMatchObject({ ok: false, reason });
      expect(!result.ok && result.message).not.toContain('hunter2pass');
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('when ext or fd is put in the allow-list, then source access refuses to start', () => {
    expect(() => access(['ext' as 'https'])).toThrow(/'ext' is not one of/);
    expect(() => access(['fd' as 'https'])).toThrow(/'fd' is not one of/);
  });
});

describe('runGit hardening', () => {
  it('when a transport is not in allowedProtocols, then git itself refuses it (not only the URL check)', async () => {
    const target = join(origin.root, 'clone-refused.git');
    const run = await runGit(
      ['clone', '--bare', '--quiet', '--', `file://${origin.bare}`, target],
      {
        timeoutMs: 10_000,
        allowedProtocols: ['https'],
      },
    );
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toMatch(/transport 'file' not allowed/);
    const ext = await runGit(['ls-remote', '--', 'ext::sh -c true'], {
      timeoutMs: 10_000,
      allowedProtocols: ['https', 'file'],
    });
    expect(ext.stderr).toMatch(/transport 'ext' not allowed/);
  });

  it('when a repository has hooks, then git runs none of them', async () => {
    const work = join(origin.root, 'hooked');
    git(origin.root, 'init', '--quiet', work);
    const marker = join(origin.root, 'hook-ran');
    mkdirSync(join(work, '.git', 'hooks'), { recursive: true });
    const hook = join(work, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(hook, 0o755);
    const run = await runGit(['commit', '--allow-empty', '--quiet', '-m', 'x'], {
      cwd: work,
      timeoutMs: 10_000,
      env: {
        GIT_AUTHOR_NAME: 'a',
        GIT_AUTHOR_EMAIL: 'a@a.test',
        GIT_COMMITTER_NAME: 'a',
        GIT_COMMITTER_EMAIL: 'a@a.test',
      },
    });
    expect(run.exitCode).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('when the parent has secrets or tracing in its environment, then git does not inherit them', async () => {
    const run = await runGit(['rev-parse', '--is-bare-repository'], {
      gitDir: origin.bare,
      timeoutMs: 10_000,
      inheritEnv: {
        PATH: process.env['PATH'],
        GIT_TRACE: '1',
        GIT_DIR: '/nowhere',
        SECRETS_ENCRYPTION_KEY: 'k',
      },
    });
    expect(run.stdout.toString().trim()).toBe('true');
    expect(run.stderr).toBe('');
  });

  it('when a caller tries global options, reserved variables or dangerous settings, then runGit refuses', async () => {
    await expect(runGit(['-c', 'core.sshCommand=x', 'fetch'], { timeoutMs: 1000 })).rejects.toThrow(
      /subcommand/,
    );
    await expect(
      runGit(['status'], { timeoutMs: 1000, env: { GIT_CONFIG_COUNT: '0' } }),
    ).rejects.toThrow(/reserved/);
    await expect(
      runGit(['status'], { timeoutMs: 1000, env: { GIT_SSH_COMMAND: 'x' } }),
    ).rejects.toThrow(/reserved/);
    for (const key of [
      'protocol.ext.allow',
      'url.ext::x.insteadOf',
      'core.hooksPath',
      'Core.SshCommand',
      'include.path',
    ]) {
      await expect(
        runGit(['status'], { timeoutMs: 1000, config: [[key, 'x']] }),
        key,
      ).rejects.toThrow(/reserved/);
    }
  });
});

describe('mirror size cap', () => {
  // Incompressible content, so the pack is as large as the file.
  const random = (n: number) => randomBytes(n);

  it('when a first fetch is larger than maxMirrorBytes, then too_large and nothing is left in the cache', async () => {
    const big = createOrigin();
    const bigSha = big.commit({ 'blob.bin': random(300_000) });
    const source = createSourceAccess({
      cacheDir: big.cacheDir,
      allowedProtocols: ['file'],
      fetchTimeoutMs: 10_000,
      readTimeoutMs: 5_000,
      maxFileBytes: 1024,
      maxMirrorBytes: 10_000,
    });
    const result = await source.ensureCommit(
      { id: 'big', cloneUrl: big.bare, credentials: null },
      bigSha,
    );
    expect(result).toMatchObject({ ok: false, reason: 'too_large' });
    expect(
      readdirSync(big.cacheDir).filter((n) => n.endsWith('.git') || n.includes('.tmp-')),
    ).toEqual([]);
    big.destroy();
  });

  it('when an incremental fetch passes the cap, then too_large and the mirror is dropped, not kept above the cap', async () => {
    const grow = createOrigin();
    const small = grow.commit({ 'a.txt': 'small\n' });
    const source = createSourceAccess({
      cacheDir: grow.cacheDir,
      allowedProtocols: ['file'],
      fetchTimeoutMs: 10_000,
      readTimeoutMs: 5_000,
      maxFileBytes: 1024,
      maxMirrorBytes: 20_000,
    });
    const repo = { id: 'grow', cloneUrl: grow.bare, credentials: null };
    expect(await source.ensureCommit(repo, small)).toMatchObject({ ok: true });
    const large = grow.commit({ 'blob.bin': random(400_000) });
    expect(await source.ensureCommit(repo, large)).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(
      readdirSync(grow.cacheDir).filter((n) => n.endsWith('.git') || n.includes('.tmp-')),
    ).toEqual([]);
    expect(await source.ensureCommit(repo, large)).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    grow.destroy();
  });
});
