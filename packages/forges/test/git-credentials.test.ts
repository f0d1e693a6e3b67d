import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createForgeProvider } from '../src/create-forge-provider.js';
import type { ForgeError } from '../src/forge-error.js';
import { createOrigin, type Origin } from './support/git-origin.js';

const PASSWORD = 'hunter2-super-secret-password';
let origin: Origin;
let server: ReturnType<typeof createServer>;
let url: string;
const seen: string[] = [];

beforeEach(async () => {
  origin = createOrigin();
  // A smart-HTTP remote that refuses every credential, as a forge does for a revoked token.
  server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
    res.end('Unauthorized');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/team/app.git`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  origin.destroy();
});

describe('git provider credentials', () => {
  it('when the remote refuses the credentials, then the error is final auth and the password appears nowhere in it', async () => {
    const provider = createForgeProvider(
      { provider: 'git', fullName: 'team/app', cloneUrl: url, defaultBranch: 'main' },
      { kind: 'basic', username: 'deploy', password: PASSWORD },
      { git: { mirrorDir: origin.mirrorDir, allowedProtocols: ['http'], timeoutMs: 20_000 } },
    );
    const error = (await provider
      .branchHead(
        { provider: 'git', fullName: 'team/app', cloneUrl: url, defaultBranch: 'main' },
        'main',
      )
      .catch((e: unknown) => e)) as ForgeError;
    expect(error).toMatchObject({ kind: 'auth', final: true });
    const basic = Buffer.from(`deploy:${PASSWORD}`).toString('base64');
    expect(seen).toContain(`Basic ${basic}`);
    for (const text of [error.message, error.stack ?? '', JSON.stringify(error)]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(basic);
    }
  });

  it('when a clone URL embeds credentials, then the provider refuses it without echoing them', async () => {
    const provider = createForgeProvider(
      { provider: 'git', fullName: 'team/app', cloneUrl: url, defaultBranch: 'main' },
      null,
      { git: { mirrorDir: origin.mirrorDir, allowedProtocols: ['http'], timeoutMs: 5000 } },
    );
    const withSecret = url.replace('http://', `http://deploy:${PASSWORD}@`);
    const error = (await provider
      .branchHead(
        { provider: 'git', fullName: 'team/app', cloneUrl: withSecret, defaultBranch: 'main' },
        'main',
      )
      .catch((e: unknown) => e)) as ForgeError;
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(error.message).not.toContain(PASSWORD);
  });

  it('when git options are missing for a git repository, then creating the provider fails clearly', () => {
    expect(() =>
      createForgeProvider(
        { provider: 'git', fullName: 'a', cloneUrl: url, defaultBranch: 'main' },
        null,
      ),
    ).toThrow(/options\.git/);
  });
});
