import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { Router } from 'express';
import { dashboardHeaders } from './security-headers.js';

/**
 * Where the built dashboard is: `override` (DASHBOARD_DIR) when given, else the `dist/` of the
 * `@remediation/dashboard` package as installed beside the gateway. Undefined when not built.
 */
export const resolveDashboardDir = (override?: string): string | undefined => {
  if (override) return override;
  try {
    const pkg = createRequire(import.meta.url).resolve('@remediation/dashboard/package.json');
    const dir = join(dirname(pkg), 'dist');
    return existsSync(join(dir, 'index.html')) ? dir : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Serves the dashboard at `/`: hashed assets cached for a year, `index.html` never cached and
 * answered for every other page path (client-side routes); `/v1` is left to the API.
 */
export const dashboardRouter = (dir: string): Router => {
  const router = Router();
  router.use((req, _res, next) => next(/^\/v1(\/|$)/.test(req.path) ? 'router' : undefined));
  router.use(dashboardHeaders);
  router.use('/assets', express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d' }));
  router.use(express.static(dir, { index: false, maxAge: 0 }));
  router.get(/^\/(?!v1(\/|$)|assets\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(dir, 'index.html'));
  });
  return router;
};
