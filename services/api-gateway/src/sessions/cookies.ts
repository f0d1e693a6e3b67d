import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './session-settings.js';

/** The value of cookie `name` on the request, if any. */
export const readCookie = (req: Request, name: string): string | undefined => {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  return parse(header)[name];
};

/**
 * HttpOnly (no script reads it), Secure (browsers send it over HTTPS, and to localhost), and
 * SameSite=Strict (no other site's page, form or link makes the browser send it).
 */
export const setSessionCookie = (res: Response, value: string, expiresAt: Date): void => {
  res.cookie(SESSION_COOKIE, value, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: '/',
    expires: expiresAt,
  });
};

export const clearSessionCookie = (res: Response): void => {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: '/' });
};
