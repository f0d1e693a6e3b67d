import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceAccess, type SourceAccess } from '../src/index.js';
import { captureLogger, createOrigin, type Origin } from './git-fixture.js';
import { startHttpGitServer, type HttpGitServer } from './http-git-server.js';

const PASSWORD = 'ghp_s3cretTOKENvalue1234567890';
let origin: Origin;
let server: HttpGitServer;
let source: SourceAccess;
let sha: string;
const log = captureLogger();

beforeAll(async () => {
  origin = createOrigin();
  sha = origin.commit({ 'main.go': 'package main\n' });
  server = await startHttpGitServer(origin.bare, 'x-access-token', PASSWORD);
  source = createSourceAccess({
    cacheDir: origin.cacheDir,
    allowedProtocols: ['http'],
    fetchTimeoutMs: 20_000,
    readTimeoutMs: 10_000,
    maxFileBytes: 1024,
    logger: log.logger,
  });
});
afterAll(async () => {
  await source.close();
  await server.close();
  origin.destroy();
});

const secretForms = [PASSWORD, Buffer.from(`x-access-token:${PASSWORD}`).toString('base64')];
const expectNoSecret = (text: string) => {
  for (const secret of secretForms) expect(text).not.toContain(secret);
};

describe('credentials over smart HTTP with Basic auth', () => {
  it('when the password is wrong, then auth_failed and neither the message nor the logs hold it', async () => {
    const wrong = 'wrong-password-abcdef';
    const result = await source.ensureCommit(
      { id: 'wrong', cloneUrl: server.url, credentials: { password: wrong } },
      sha,
    );
    expect(result).toMatchObject({ ok: false, reason: 'auth_failed' });
    expect(!result.ok && result.message).not.toContain(wrong);
    expect(server.requests.some((r) => r.authorization.startsWith('Basic '))).toBe(true);
    for (const line of log.lines) expect(line).not.toContain(wrong);
  });

  it('when there are no credentials, then auth_failed without prompting', async () => {
    const result = await source.ensureCommit(
      { id: 'none', cloneUrl: server.url, credentials: null },
      sha,
    );
    expect(result).toMatchObject({ ok: false, reason: 'auth_failed' });
  });

  it('when the credentials are right, then the commit is fetched and read, and the secret appears nowhere', async () => {
    const repo = { id: 'right', cloneUrl: server.url, credentials: { password: PASSWORD } };
    expect(await source.ensureCommit(repo, sha)).toEqual({ ok: true, fetch: 'clone' });
    const file = await source.readFile(repo, sha, 'main.go');
    expect(file.ok && file.content.toString()).toBe('package main\n');
    expect(server.requests.filter((r) => r.authorized).length).toBeGreaterThan(0);
    for (const line of log.lines) expectNoSecret(line);
  });

  it('when credentials are given, then they are never written into the mirror', async () => {
    const { readFileSync } = await import('node:fs');
    const config = readFileSync(`${source.mirrorPath('right')}/config`, 'utf8');
    expectNoSecret(config);
  });
});
