import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from '../http/app-error.js';

/** Operator credentials for the ops pages under `/admin` (ADMIN_USERNAME / ADMIN_PASSWORD). */
export interface OperatorCredentials {
  username: string;
  password: string;
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Equal strings, in time independent of where they differ (both are hashed to 32 bytes first). */
const sameSecret = (given: string, expected: Buffer): boolean =>
  timingSafeEqual(digest(given), expected);

const challenge = () =>
  new AppError('unauthorized', 'operator credentials are required', {
    headers: { 'WWW-Authenticate': 'Basic realm="remediation operations", charset="UTF-8"' },
  });

/** `Authorization: Basic base64(user:password)` → its two parts; undefined when malformed. */
export const parseBasic = (
  header: string | undefined,
): { username: string; password: string } | undefined => {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

/**
 * HTTP Basic authentication against one operator account: 401 with a challenge when missing or
 * wrong. Username and password are both compared (no early exit on a wrong username) in
 * constant time; neither is ever logged or echoed.
 */
export const operatorAuth = (credentials: OperatorCredentials): RequestHandler => {
  const username = digest(credentials.username);
  const password = digest(credentials.password);
  return (req, _res, next) => {
    const given = parseBasic(req.get('authorization'));
    const ok =
      given !== undefined &&
      Number(sameSecret(given.username, username)) & Number(sameSecret(given.password, password));
    next(ok ? undefined : challenge());
  };
};
