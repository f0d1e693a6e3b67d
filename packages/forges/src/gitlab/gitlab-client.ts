import { createRequesterFn } from '@gitbeaker/requester-utils';
import { Gitlab } from '@gitbeaker/rest';
import { ForgeError } from '../forge-error.js';
import { fetchWithTimeout } from '../http/timeout-fetch.js';
import type { ForgeCredentials } from '../types.js';

export const DEFAULT_GITLAB_API = 'https://gitlab.com/api/v4';

/** A non-2xx answer, with what the error mapping needs (never the request's headers). */
export class GitlabResponseError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly description: string,
  ) {
    super(`${status} ${description}`);
  }
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  prefixUrl?: string;
  searchParams?: string;
  signal?: AbortSignal;
}

const describe = async (response: Response): Promise<string> => {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text.slice(0, 500);
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const value = body.message ?? body.error ?? '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return text.slice(0, 500);
  }
};

/**
 * gitbeaker's request handler without its retry loop (it retries 429 and 502 ten times within a
 * few hundred milliseconds, ignoring `Retry-After`): one request with a deadline; a non-2xx
 * answer throws `GitlabResponseError` with the status and headers, and the queue retries.
 */
const requesterFor = (fetchImpl: typeof fetch) =>
  createRequesterFn(
    (_serviceOptions, requestOptions) => Promise.resolve(requestOptions),
    async (endpoint: string, options?: Record<string, unknown>) => {
      const {
        method = 'GET',
        headers,
        body,
        prefixUrl,
        searchParams,
        signal,
      } = (options ?? {}) as RequestOptions;
      const base = prefixUrl?.endsWith('/') ? prefixUrl : `${prefixUrl ?? ''}/`;
      const url = new URL(endpoint, base);
      url.search = searchParams ?? '';
      const response = await fetchImpl(url, {
        method,
        headers,
        body: body ?? null,
        ...(signal ? { signal } : {}),
      });
      const responseHeaders = Object.fromEntries(response.headers.entries());
      if (!response.ok)
        throw new GitlabResponseError(
          method,
          response.status,
          responseHeaders,
          await describe(response),
        );
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      const parsed: unknown =
        response.status === 204
          ? null
          : type === 'application/json'
            ? await response.json()
            : await response.text();
      return { body: parsed, headers: responseHeaders, status: response.status } as never;
    },
  );

export interface GitlabClientOptions {
  apiBaseUrl: string;
  credentials: ForgeCredentials | null;
  timeoutMs: number;
  userAgent: string;
  fetch?: typeof fetch;
}

export type GitlabClient = InstanceType<typeof Gitlab<false>>;

/** A gitbeaker client for `apiBaseUrl` (`https://host/api/v4`; a path prefix before it is kept). */
export const gitlabClient = (options: GitlabClientOptions): GitlabClient => {
  const match = /^(https?:\/\/[^?#]+?)\/api\/v4\/?$/.exec(options.apiBaseUrl);
  if (!match?.[1]) throw new ForgeError('invalid', 'GitLab API base URL must end with /api/v4');
  const token = (() => {
    const c = options.credentials;
    if (!c) return undefined;
    if (c.kind === 'token') return c.token;
    // GitLab's API takes no passwords: a personal access token stored as the password is used as a token.
    if (c.kind === 'basic') return c.password;
    throw new ForgeError('auth', 'GitHub App credentials cannot authenticate to GitLab');
  })();
  const fetchImpl = fetchWithTimeout(options.timeoutMs, options.fetch);
  const userAgent = options.userAgent;
  const withAgent: typeof fetch = (input, init) =>
    fetchImpl(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), 'user-agent': userAgent },
    });
  return new Gitlab({
    host: match[1],
    ...(token === undefined ? { token: '' } : { token }),
    requesterFn: requesterFor(withAgent),
  });
};
