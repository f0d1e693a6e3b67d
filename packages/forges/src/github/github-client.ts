import { createHash } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { LRUCache } from 'lru-cache';
import { ForgeError } from '../forge-error.js';
import { fetchWithTimeout } from '../http/timeout-fetch.js';
import type { ForgeCredentials } from '../types.js';

// The plugin adds only options (`throttle`), so the plain Octokit type describes the client.
const GithubOctokit: typeof Octokit = Octokit.plugin(throttling);
/** An Octokit with the REST methods and the throttling plugin. */
export type GithubClient = Octokit;

export const DEFAULT_GITHUB_API = 'https://api.github.com';

export interface GithubClientOptions {
  baseUrl: string;
  credentials: ForgeCredentials | null;
  userAgent: string;
  timeoutMs: number;
  /**
   * GitHub's advice against secondary limits: one request at a time and a second between writes
   * per installation/token (plugin-throttling's limiter, process-wide). Off in tests.
   */
  pace: boolean;
  fetch?: typeof fetch;
}

const noop = () => undefined;
const silentLog = { debug: noop, info: noop, warn: noop, error: noop };

const authOptions = (credentials: ForgeCredentials | null) => {
  if (!credentials) return {};
  switch (credentials.kind) {
    case 'token':
      return { auth: credentials.token };
    // GitHub takes a personal access token as the password of HTTP Basic; the API wants it as a token.
    case 'basic':
      return { auth: credentials.password };
    case 'github_app':
      return {
        authStrategy: createAppAuth,
        auth: {
          appId: credentials.appId,
          privateKey: credentials.privateKey,
          installationId: credentials.installationId,
        },
      };
  }
};

/** Identity of a client: equal options share one Octokit (and its cached installation token). */
const clientKey = (options: GithubClientOptions): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        options.baseUrl,
        options.credentials,
        options.userAgent,
        options.pace,
        options.timeoutMs,
      ]),
    )
    .digest('hex');

const createClient = (options: GithubClientOptions, key: string): GithubClient => {
  if (
    options.credentials?.kind === 'github_app' &&
    !/^\d+$/.test(options.credentials.installationId)
  ) {
    throw new ForgeError('auth', 'GitHub App installation id must be a number');
  }
  return new GithubOctokit({
    ...authOptions(options.credentials),
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent,
    log: silentLog,
    request: { fetch: fetchWithTimeout(options.timeoutMs, options.fetch) },
    throttle: {
      enabled: options.pace,
      // Limiters are shared per id across the process: one pace per credential, not per job.
      id: key.slice(0, 16),
      // Our queue retries (with the wait we report); the plugin must not retry on its own.
      onRateLimit: () => false,
      onSecondaryRateLimit: () => false,
    },
  });
};

// Reusing a client across jobs keeps the App installation token (valid an hour) instead of
// minting one per job, which GitHub rate-limits too.
const clients = new LRUCache<string, GithubClient>({ max: 200, ttl: 50 * 60 * 1000 });

/** A (cached) Octokit for `options`; tests that pass their own `fetch` get a fresh one. */
export const githubClient = (options: GithubClientOptions): GithubClient => {
  const key = clientKey(options);
  if (options.fetch) return createClient(options, key);
  const cached = clients.get(key);
  if (cached) return cached;
  const client = createClient(options, key);
  clients.set(key, client);
  return client;
};
