/** A problem the API reported at a field of the request (`/settings/labels/0`). */
export interface Problem {
  path: string;
  message: string;
}

/** An API error in the spec's shape `{error: {code, message, request_id, problems?}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly problems: Problem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first problem at `path` or under it, for showing next to the field. */
  problemAt(path: string): string | undefined {
    return this.problems.find((p) => p.path === path || p.path.startsWith(`${path}/`))?.message;
  }
}

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | undefined;

/** The session's CSRF token (from sign-in or GET /v1/me), sent on every state-changing call. */
export const setCsrfToken = (token: string | null): void => {
  csrfToken = token;
};

/** Called when a request answers 401 (the session ended). */
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

type Query = Record<string, string | number | undefined>;

const withQuery = (path: string, query?: Query): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

/**
 * Calls the public API under /v1 with the session cookie (same origin) and, for anything but
 * GET, the CSRF header. JSON in, JSON out; errors become ApiError.
 */
export const api = async <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; raw?: Blob; contentType?: string } = {},
): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let body: BodyInit | undefined;
  if (options.raw) {
    body = options.raw;
    headers['Content-Type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(withQuery(`/v1${path}`, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const e = (
      json as {
        error?: { code: string; message: string; request_id?: string; problems?: Problem[] };
      }
    )?.error;
    if (res.status === 401 && path !== '/session') onUnauthorized?.();
    throw new ApiError(
      res.status,
      e?.code ?? 'http_error',
      e?.message ?? `request failed (${res.status})`,
      e?.request_id,
      e?.problems ?? [],
    );
  }
  return json as T;
};

/** A page of a list endpoint. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}
