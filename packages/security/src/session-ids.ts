import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new session: the id sent in the cookie (256 bits, base64url) and the SHA-256 stored. */
export const generateSessionId = (): { id: string; hash: Buffer } => {
  const id = randomBytes(32).toString('base64url');
  return { id, hash: hashSessionId(id) };
};

export const hashSessionId = (id: string): Buffer => createHash('sha256').update(id).digest();

/** Shape check before any lookup: 43 base64url characters. */
export const isWellFormedSessionId = (id: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(id);

/** A CSRF token bound to a session (256 bits, base64url). */
export const generateCsrfToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time string comparison for secrets of public length. */
export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
