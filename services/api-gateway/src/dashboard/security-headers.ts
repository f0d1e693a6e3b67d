import type { RequestHandler } from 'express';

/**
 * The dashboard's Content-Security-Policy: only this origin's scripts, styles, images and API;
 * no inline script or style, no eval, no plugins, no framing (clickjacking), no `<base>`
 * rewriting, forms only to this origin.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** Sets the dashboard's security headers (HSTS too when the request came over HTTPS). */
export const dashboardHeaders: RequestHandler = (req, res, next) => {
  for (const [k, v] of Object.entries(HEADERS)) res.setHeader(k, v);
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
  next();
};
