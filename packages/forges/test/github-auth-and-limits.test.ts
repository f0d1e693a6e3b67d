import { afterEach, describe, expect, it } from 'vitest';
import { ForgeError } from '../src/forge-error.js';
import { createGithubProvider } from '../src/github/github-provider.js';
import type { ForgeCredentials, ForgeRepository } from '../src/types.js';
import { startGithubStandIn, type GithubStandIn } from './support/github-standin.js';
import { appKeyPair } from './support/keys.js';

const TOKEN = 'ghp_limitsTestToken0123456789abcdef';
let gh: GithubStandIn | undefined;

afterEach(async () => {
  expect(gh?.violations ?? []).toEqual([]);
  await gh?.close();
  gh = undefined;
});

const repoOf = (standIn: GithubStandIn): ForgeRepository => ({
  provider: 'github',
  fullName: standIn.fullName,
  cloneUrl: 'https://github.example/acme/shop.git',
  defaultBranch: 'main',
  apiBaseUrl: standIn.apiBaseUrl,
});

const providerWith = (credentials: ForgeCredentials) =>
  createGithubProvider({ credentials, userAgent: 'forges-test', timeoutMs: 10_000, pace: false });

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ForgeError,
  );

describe('GitHub App authentication', () => {
  it('when the provider acts as an App installation, then it signs a JWT, gets an installation token and uses it for every call', async () => {
    const keys = appKeyPair();
    gh = await startGithubStandIn({
      owner: 'acme',
      name: 'shop',
      auth: { kind: 'app', appId: '4242', installationId: '77', publicKeyPem: keys.publicKey },
    });
    gh.store.seed('main', { 'a.txt': 'a\n' });
    const provider = providerWith({
      kind: 'github_app',
      appId: '4242',
      installationId: '77',
      privateKey: keys.privateKey,
    });
    const repo = repoOf(gh);
    expect(await provider.branchHead(repo, 'main')).toBe(gh.store.refs.get('refs/heads/main'));
    expect(await provider.branchHead(repo, 'missing')).toBeNull();
    expect(gh.issuedTokens).toHaveLength(1);
    const [mint, ...rest] = gh.requests;
    expect(mint?.operationId).toBe('apps/create-installation-access-token');
    expect(mint?.authorization).toMatch(/^bearer /i);
    expect(rest.map((r) => r.authorization)).toEqual(
      rest.map(() => `token ${gh!.issuedTokens[0]}`),
    );
    expect(await provider.gitCredentials(repo)).toEqual({
      username: 'x-access-token',
      password: gh.issuedTokens[0],
    });
    expect(gh.issuedTokens).toHaveLength(1);
  });

  it('when the App key is not the registered one, then the failure is final auth without the key in the message', async () => {
    const registered = appKeyPair();
    const other = appKeyPair();
    gh = await startGithubStandIn({
      owner: 'acme',
      name: 'shop',
      auth: {
        kind: 'app',
        appId: '4242',
        installationId: '78',
        publicKeyPem: registered.publicKey,
      },
    });
    const error = await failure(
      providerWith({
        kind: 'github_app',
        appId: '4242',
        installationId: '78',
        privateKey: other.privateKey,
      }).branchHead(repoOf(gh), 'main'),
    );
    expect(error).toBeInstanceOf(ForgeError);
    expect(error).toMatchObject({ kind: 'auth', final: true, status: 401 });
    expect(error.message).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(error)).not.toContain(other.privateKey.split('\n')[1]);
  });
});

describe('GitHub errors and rate limits', () => {
  const start = async () => {
    gh = await startGithubStandIn({
      owner: 'acme',
      name: 'shop',
      auth: { kind: 'token', token: TOKEN },
    });
    gh.store.seed('main', { 'a.txt': 'a\n' });
    return { provider: providerWith({ kind: 'token', token: TOKEN }), repo: repoOf(gh) };
  };

  it('when the primary rate limit is exhausted, then the error waits until x-ratelimit-reset', async () => {
    const { provider, repo } = await start();
    const reset = Math.floor(Date.now() / 1000) + 120;
    gh!.inject({
      operationId: 'git/get-ref',
      respond: {
        status: 403,
        body: {
          message: 'API rate limit exceeded for user ID 1.',
          documentation_url: 'https://docs.github.com/rest',
        },
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      },
    });
    const error = await failure(provider.branchHead(repo, 'main'));
    expect(error).toMatchObject({ kind: 'rate_limited', final: false, status: 403 });
    expect(error.retryAfterMs).toBeGreaterThan(110_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(122_000);
  });

  it('when a secondary rate limit answers 403 with retry-after, then the error waits that long', async () => {
    const { provider, repo } = await start();
    gh!.inject({
      operationId: 'git/get-ref',
      respond: {
        status: 403,
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        headers: { 'retry-after': '37' },
      },
    });
    expect(await failure(provider.branchHead(repo, 'main'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 37_000,
    });
  });

  it('when a secondary rate limit gives no retry-after, then the error waits a minute', async () => {
    const { provider, repo } = await start();
    gh!.inject({
      operationId: 'git/get-ref',
      respond: { status: 403, body: { message: 'You have exceeded a secondary rate limit.' } },
    });
    expect(await failure(provider.branchHead(repo, 'main'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 60_000,
    });
  });

  it('when GitHub answers 429, then the error is rate_limited and retryable', async () => {
    const { provider, repo } = await start();
    gh!.inject({
      operationId: 'git/get-ref',
      respond: {
        status: 429,
        body: { message: 'Too Many Requests' },
        headers: { 'retry-after': '5' },
      },
    });
    expect(await failure(provider.branchHead(repo, 'main'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 5000,
      final: false,
    });
  });

  it('when the stand-in budget runs out, then publish stops with the reset of its headers', async () => {
    gh = await startGithubStandIn({
      owner: 'acme',
      name: 'shop',
      auth: { kind: 'token', token: TOKEN },
      rateLimit: { limit: 2, windowMs: 60_000 },
    });
    gh.store.seed('main', { 'a.txt': 'a\n' });
    const provider = providerWith({ kind: 'token', token: TOKEN });
    await provider.branchHead(repoOf(gh), 'main');
    await provider.branchHead(repoOf(gh), 'main');
    const error = await failure(provider.branchHead(repoOf(gh), 'main'));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(50_000);
  });

  it('when the token is wrong, then the error is final auth and never shows the token', async () => {
    const { repo } = await start();
    const wrong = 'ghp_wrongTokenThatMustNotLeak0123456789';
    const error = await failure(
      providerWith({ kind: 'token', token: wrong }).branchHead(repo, 'main'),
    );
    expect(error).toMatchObject({ kind: 'auth', final: true, status: 401 });
    expect(error.message).toMatch(/Bad credentials/);
    expect(`${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`).not.toContain(wrong);
  });

  it('when GitHub fails with 502, then the error is transient', async () => {
    const { provider, repo } = await start();
    gh!.inject({
      operationId: 'git/get-ref',
      respond: { status: 502, body: { message: 'Server Error' } },
    });
    expect(await failure(provider.branchHead(repo, 'main'))).toMatchObject({
      kind: 'transient',
      final: false,
      status: 502,
    });
  });

  it('when the repository is unknown, then the error is final not_found', async () => {
    const { provider, repo } = await start();
    expect(
      await failure(provider.pullRequest({ ...repo, fullName: 'acme/other' }, 1)),
    ).toMatchObject({ kind: 'not_found', final: true });
  });

  it('when the server is unreachable, then the error is transient', async () => {
    const { provider, repo } = await start();
    await gh!.close();
    const error = await failure(provider.branchHead(repo, 'main'));
    gh = undefined;
    expect(error).toMatchObject({ kind: 'transient', final: false });
  });
});
