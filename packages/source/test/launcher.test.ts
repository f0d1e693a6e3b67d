import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitLauncher, runGit, type GitLauncher } from '../src/index.js';
import { createOrigin, type Origin } from './git-fixture.js';

let origin: Origin;
let sha: string;
let launcher: GitLauncher;
beforeAll(() => {
  origin = createOrigin();
  sha = origin.commit({ 'a.txt': 'alpha\n' });
  launcher = createGitLauncher();
});
afterAll(async () => {
  await launcher.close();
  origin.destroy();
});

describe('the git launcher', () => {
  it('when git runs through the launcher, then the outcome (exit code, stdout bytes, stderr) is what runGit gives', async () => {
    for (const args of [
      ['cat-file', '-p', `${sha}:a.txt`],
      ['cat-file', '-p', `${sha}:missing.txt`],
    ]) {
      const options = { gitDir: origin.bare, timeoutMs: 5_000 };
      const [direct, launched] = await Promise.all([
        runGit(args, options),
        launcher.run(args, options),
      ]);
      expect(Buffer.isBuffer(launched.stdout)).toBe(true);
      expect(launched).toEqual(direct);
    }
    const shown = await launcher.run(['cat-file', '-p', `${sha}:a.txt`], {
      gitDir: origin.bare,
      timeoutMs: 5_000,
    });
    expect(shown.stdout.toString()).toBe('alpha\n');
  });

  it('when input is given, then git reads it from stdin', async () => {
    const hashed = await launcher.run(['hash-object', '--stdin'], {
      timeoutMs: 5_000,
      input: 'alpha\n',
    });
    const direct = await runGit(['hash-object', '--stdin'], { timeoutMs: 5_000, input: 'alpha\n' });
    expect(hashed.exitCode).toBe(0);
    expect(hashed.stdout.toString()).toBe(direct.stdout.toString());
  });

  it('when this process has tracing or secrets in its environment, then git started by the launcher gets the same hardened environment as runGit', async () => {
    process.env['GIT_TRACE'] = '1';
    process.env['SECRETS_ENCRYPTION_KEY'] = 'k';
    try {
      const run = await launcher.run(['rev-parse', '--is-bare-repository'], {
        gitDir: origin.bare,
        timeoutMs: 5_000,
      });
      expect(run.stdout.toString().trim()).toBe('true');
      expect(run.stderr).toBe('');
    } finally {
      delete process.env['GIT_TRACE'];
      delete process.env['SECRETS_ENCRYPTION_KEY'];
    }
  });

  it('when arguments are refused, then the run rejects before anything is sent', async () => {
    await expect(
      launcher.run(['-c', 'core.sshCommand=x', 'fetch'], { timeoutMs: 1000 }),
    ).rejects.toThrow(/subcommand/);
  });

  it('when the launcher process dies, then its runs fail and the next run starts a new one', async () => {
    const own = createGitLauncher();
    try {
      const first = await own.run(['version'], { timeoutMs: 5_000 });
      expect(first.exitCode).toBe(0);
      const pid = own.pid!;
      const exited = new Promise((r) => {
        const poll = setInterval(() => {
          try {
            process.kill(pid, 0);
          } catch {
            clearInterval(poll);
            r(undefined);
          }
        }, 20);
      });
      const inFlight = own.run(['hash-object', '--stdin'], {
        timeoutMs: 30_000,
        input: Buffer.alloc(32 * 1024 * 1024, 97),
      });
      process.kill(pid, 'SIGKILL');
      await expect(inFlight).rejects.toThrow(/the git launcher exited/);
      await exited;
      await new Promise((r) => setTimeout(r, 50));
      const again = await own.run(['version'], { timeoutMs: 5_000 });
      expect(again.exitCode).toBe(0);
      expect(own.pid).not.toBe(pid);
    } finally {
      await own.close();
    }
  });
});
