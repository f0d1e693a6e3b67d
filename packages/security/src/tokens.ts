import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API token format: `rmd_` + 32 base62 characters of randomness (~190 bits) + 6 base62
 * characters of CRC32 checksum. The prefix makes leaked tokens recognizable to secret
 * scanners; the checksum rejects typos and random strings without a database lookup.
 */
export const TOKEN_PREFIX = 'rmd_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

const base62 = (value: number, width: number): string => {
  let out = '';
  let v = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
};

const checksum = (body: string): string => base62(crc32(body), CHECKSUM_LENGTH);

const randomBody = (): string => {
  let out = '';
  while (out.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < BODY_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
};

export interface GeneratedToken {
  /** The token itself: shown once, never stored. */
  token: string;
  /** SHA-256 of the token, the only form stored. */
  hash: Buffer;
  /** Recognizable, non-secret start of the token for listings. */
  displayPrefix: string;
}

export const hashToken = (token: string): Buffer =>
  createHash('sha256').update(token, 'utf8').digest();

export const generateToken = (): GeneratedToken => {
  const body = randomBody();
  const token = `${TOKEN_PREFIX}${body}${checksum(body)}`;
  return { token, hash: hashToken(token), displayPrefix: token.slice(0, TOKEN_PREFIX.length + 6) };
};

/** True when `token` has our shape and a valid checksum (it may still be unknown or revoked). */
export const isWellFormedToken = (token: string): boolean => {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + BODY_LENGTH);
  return token.slice(TOKEN_PREFIX.length + BODY_LENGTH) === checksum(body);
};
