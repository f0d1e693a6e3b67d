import { request, type Agent } from 'node:https';
import { isIP } from 'node:net';
import { isBlockedAddress } from './address-policy.js';

export type ErrorClass =
  | 'timeout'
  | 'dns'
  | 'tls'
  | 'connection'
  | 'blocked_address'
  | 'redirect'
  | 'http_status'
  | 'invalid_url'
  | 'secret_unreadable';

export interface PostOutcome {
  delivered: boolean;
  statusCode: number | null;
  errorClass: ErrorClass | null;
  durationMs: number;
  /** The first bytes of the response body (UTF-8, capped). */
  excerpt: string | null;
  /** From Retry-After on 429/503, in milliseconds. */
  retryAfterMs?: number;
}

export interface PostOptions {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  agent: Agent;
  timeoutMs: number;
  excerptBytes: number;
  allowPrivate: boolean;
}

const classify = (err: NodeJS.ErrnoException): ErrorClass => {
  const code = err.code ?? '';
  if (code === 'EBLOCKEDADDRESS') return 'blocked_address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NODATA')
    return 'dns';
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.includes('CERT') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'EPROTO' ||
    /certificate|ssl|tls/i.test(err.message)
  ) {
    return 'tls';
  }
  return 'connection';
};

const parseRetryAfter = (value: string | undefined, now: number): number | undefined => {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/**
 * One delivery attempt: POST the exact body with a hard deadline covering connect, TLS and the
 * response. 2xx is delivered; anything else (redirects included, never followed) is a failure
 * with its class. Never throws.
 */
/** An attempt refused before any connection. */
const refused = (errorClass: ErrorClass): Promise<PostOutcome> =>
  Promise.resolve({ delivered: false, statusCode: null, errorClass, durationMs: 0, excerpt: null });

export const postWebhook = (options: PostOptions): Promise<PostOutcome> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return refused('invalid_url');
  }
  // Node does not call `lookup` for IP literals: check them here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') {
    return refused('invalid_url');
  }
  if (!options.allowPrivate && isIP(literal) !== 0 && isBlockedAddress(literal)) {
    return refused('blocked_address');
  }

  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: options.agent,
        headers: { ...options.headers, 'Content-Length': String(options.body.length) },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, options.excerptBytes).toString('utf8');
          const retryAfterMs =
            status === 429 || status === 503
              ? parseRetryAfter(res.headers['retry-after'], Date.now())
              : undefined;
          finish({
            delivered: status >= 200 && status < 300,
            statusCode: status,
            errorClass:
              status >= 200 && status < 300
                ? null
                : status >= 300 && status < 400
                  ? 'redirect'
                  : 'http_status',
            excerpt,
            ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
          });
        };
        res.on('data', (chunk: Buffer) => {
          if (size < options.excerptBytes) chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of a large body is not worth the time.
          if (size >= options.excerptBytes) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      finish({ delivered: false, statusCode: null, errorClass: 'timeout', excerpt: null });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ delivered: false, statusCode: null, errorClass: classify(err), excerpt: null });
    });
    req.end(options.body);
  });
};
