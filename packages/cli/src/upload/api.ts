import { setTimeout as sleep } from 'node:timers/promises';

export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface ApiError {
  code: string;
  message: string;
  request_id?: string;
  problems?: { path: string; message: string }[];
}

/** The `/v1` base from `REMEDIATE_URL`, which may or may not already end in `/v1`. */
export const apiBase = (url: string): string => {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
};

const RETRYABLE = new Set([429, 502, 503, 504]);
const MAX_ATTEMPTS = 4;
const REQUEST_TIMEOUT_MS = 120_000;

const retryAfterMs = (headers: Headers, attempt: number): number => {
  const header = Number(headers.get('retry-after'));
  const fallback = 1_000 * 2 ** (attempt - 1);
  return Number.isFinite(header) && header > 0 ? Math.min(header * 1_000, 60_000) : fallback;
};

/**
 * One API call with Node's built-in fetch. Rate limits, 502/503/504 and network failures are
 * retried (4 attempts, honouring `Retry-After`): a CI job should not fail on a blip. Uploads
 * are safe to retry because they carry an Idempotency-Key.
 */
export const call = async (
  base: string,
  token: string,
  path: string,
  init: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<ApiResponse> => {
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...init.headers },
        ...(init.body ? { body: init.body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS) {
        throw new Error(
          `cannot reach ${base}: ${(err as Error).cause ? String((err as Error & { cause: unknown }).cause) : (err as Error).message}`,
        );
      }
      await sleep(1_000 * 2 ** (attempt - 1));
      continue;
    }
    if (RETRYABLE.has(res.status) && attempt < MAX_ATTEMPTS) {
      await res.arrayBuffer();
      await sleep(retryAfterMs(res.headers, attempt));
      continue;
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a proxy's error page): keep the text for the message
    }
    return { status: res.status, body, headers: res.headers };
  }
};

export const errorOf = (res: ApiResponse): ApiError => {
  const error = (res.body as { error?: ApiError } | null)?.error;
  return error ?? { code: `http_${res.status}`, message: String(res.body).slice(0, 200) };
};
