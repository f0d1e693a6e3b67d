import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceAccess } from '../src/index.js';
import { createOrigin, type Origin } from './git-fixture.js';
import { startHttpGitServer, type HttpGitServer } from './http-git-server.js';

const PASSWORD = 'lock-test-password';
let origin: Origin;
let server: HttpGitServer;
let sha: string;

beforeAll(async () => {
  origin = createOrigin();
  sha = origin.commit({ 'x.rb': 'puts 1\n' });
  server = await startHttpGitServer(origin.bare, 'x-access-token', PASSWORD);
});
afterAll(async () => {
  await server.close();
  origin.destroy();
});

/** Polls `condition` every 20 ms until it holds, failing after `timeoutMs`. */
const waitFor = async (condition: () => boolean, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const refAdvertisements = () =>
  server.requests.filter((r) => r.authorized && r.path.includes('/info/refs')).length;

const access = (cacheDir: string, fetchTimeoutMs = 30_000) =>
  createSourceAccess({
    cacheDir,
    allowedProtocols: ['http'],
    fetchTimeoutMs,
    readTimeoutMs: 10_000,
    maxFileBytes: 1024,
  });

describe('one fetch at a time per repository', () => {
  it('when two calls in one process want the same repository, then they share one fetch', async () => {
    const source = access(`${origin.cacheDir}-inproc`);
    const repo = { id: 'together', cloneUrl: server.url, credentials: { password: PASSWORD } };
    const before = refAdvertisements();
    const [a, b] = await Promise.all([
      source.ensureCommit(repo, sha),
      source.ensureCommit(repo, sha),
    ]);
    expect(a).toEqual({ ok: true, fetch: 'clone' });
    expect(b).toEqual({ ok: true, fetch: 'clone' });
    expect(refAdvertisements() - before).toBe(1);
  });

  it('when another process fetches the same repository, then it waits on the lock and finds the commit without fetching', async () => {
    const cacheDir = `${origin.cacheDir}-procs`;
    const source = access(cacheDir);
    const before = refAdvertisements();
    let open: () => void = () => undefined;
    server.gate = new Promise<void>((resolve) => (open = resolve));
    const mine = source.ensureCommit(
      { id: 'shared', cloneUrl: server.url, credentials: { password: PASSWORD } },
      sha,
    );
    await waitFor(() => refAdvertisements() > before, 'the first fetch to reach the server');

    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./fetch-child.mjs', import.meta.url)), cacheDir, server.url, sha],
      {
        env: { PATH: process.env['PATH'], CHILD_GIT_PASSWORD: PASSWORD },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines: Record<string, unknown>[] = [];
    createInterface({ input: child.stdout }).on('line', (l) => lines.push(JSON.parse(l)));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await waitFor(
      () => lines.some((l) => l['msg'] === 'waiting for the repository fetch lock'),
      'the child to wait',
    );
    expect(refAdvertisements() - before).toBe(1);

    open();
    server.gate = null;
    expect(await mine).toEqual({ ok: true, fetch: 'clone' });
    expect(await exited).toBe(0);
    expect(lines.at(-1)).toEqual({ result: { ok: true, fetch: 'none' } });
    expect(refAdvertisements() - before).toBe(1);
  });
});

describe('timeouts', () => {
  let hanging: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    hanging = createServer((socket) => {
      sockets.push(socket);
      // Flowing, so the peer's FIN is seen (as 'end', then 'close').
      socket.resume();
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('when the remote accepts and never answers, then timeout, git and its helpers are killed and nothing is left', async () => {
    const { port } = hanging.address() as AddressInfo;
    const cacheDir = `${origin.cacheDir}-hang`;
    const source = access(cacheDir, 1500);
    const result = await source.ensureCommit(
      { id: 'hang', cloneUrl: `http://127.0.0.1:${port}/r.git`, credentials: null },
      sha,
    );
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(sockets.length).toBeGreaterThan(0);
    // The connection was held by git-remote-http, a grandchild: it closes once that is killed.
    await Promise.all(
      sockets.map((s) => (s.closed ? Promise.resolve() : new Promise((r) => s.once('close', r)))),
    );
    expect(readdirSync(cacheDir).filter((n) => n.includes('.git'))).toEqual([]);
  });
});
