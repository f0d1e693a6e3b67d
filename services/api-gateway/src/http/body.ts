import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Request } from 'express';
import { AppError, validationFailed } from './app-error.js';

const gunzipAsync = promisify(gunzip);

export interface BodyLimits {
  /** Largest body accepted as sent (compressed when gzip). */
  maxBytes: number;
  /** Largest body after decompression. */
  maxDecodedBytes: number;
}

const tooLarge = (limit: number) =>
  new AppError('payload_too_large', `request body exceeds the limit of ${limit} bytes`);

/**
 * Reads the raw body with a byte cap (never buffering more than the cap), then gunzips it
 * when `Content-Encoding: gzip`, off the event loop and with a cap on the decoded size.
 */
export const readBody = async (
  req: Request,
  limits: BodyLimits,
  allowGzip: boolean,
): Promise<Buffer> => (await readEncodedBody(req, limits, allowGzip)).decoded;

/** A body as decoded, and as sent when it was gzip-compressed (kept to store it as is). */
export interface EncodedBody {
  decoded: Buffer;
  gzip?: Buffer;
}

export const readEncodedBody = async (
  req: Request,
  limits: BodyLimits,
  allowGzip: boolean,
): Promise<EncodedBody> => {
  const encoding = contentEncoding(req);
  if (encoding !== 'identity' && !(allowGzip && encoding === 'gzip')) {
    throw new AppError('unsupported_media_type', `Content-Encoding '${encoding}' is not supported`);
  }
  return decodeBody(await readRawBody(req, limits.maxBytes), encoding, limits.maxDecodedBytes);
};

/** `Content-Encoding`, lower-cased; `identity` when absent. */
export const contentEncoding = (req: Request): string =>
  (req.get('content-encoding') ?? 'identity').toLowerCase().trim();

/** The body as sent, never buffering more than `maxBytes` (413 past it). */
export const readRawBody = async (req: Request, maxBytes: number): Promise<Buffer> => {
  const declared = Number(req.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      req.resume();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
};

/** Gunzips a raw body when `encoding` is gzip (off the event loop, decoded size capped). */
export const decodeBody = async (
  raw: Buffer,
  encoding: string,
  maxDecodedBytes: number,
): Promise<EncodedBody> => {
  if (encoding !== 'gzip') return { decoded: raw };
  try {
    return {
      decoded: await gunzipAsync(raw, { maxOutputLength: maxDecodedBytes }),
      gzip: raw,
    };
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxDecodedBytes);
    throw validationFailed('request body is not valid gzip');
  }
};

/** Media type without parameters, lower-cased; undefined when absent. */
export const mediaType = (req: Request): string | undefined =>
  req.get('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;

const MAX_DEPTH = 32;

/**
 * Rejects what PostgreSQL cannot store or what costs without purpose: NUL characters in
 * strings and keys, and nesting deeper than 32 levels. Iterative, so hostile depth
 * cannot overflow the stack.
 */
export const checkJsonValue = (value: unknown): string | undefined => {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return `${path || '/'}: NUL characters are not allowed`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return `${path || '/'}: nesting deeper than ${MAX_DEPTH} levels`;
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000'))
        return `${path}/${k.replaceAll('\u0000', '\\u0000')}: NUL characters are not allowed`;
      stack.push({ v: child, depth: depth + 1, path: `${path}/${k}` });
    }
  }
  return undefined;
};

/** Parses a JSON API body: 415 unless JSON, 400 when malformed, too deep or holding NULs. */
export const parseJsonBody = async (req: Request, limits: BodyLimits): Promise<unknown> => {
  const type = mediaType(req);
  const raw = await readBody(req, limits, false);
  if (raw.length === 0 && type === undefined) return undefined;
  if (type !== 'application/json') {
    throw new AppError('unsupported_media_type', 'request body must be application/json');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw validationFailed('request body is not valid JSON');
  }
  const problem = checkJsonValue(parsed);
  if (problem) throw validationFailed(`request body rejected: ${problem}`);
  return parsed;
};
