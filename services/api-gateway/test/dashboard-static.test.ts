import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDashboardDir } from '../src/dashboard/static.js';
import { createHarness, expectError, type Harness } from './harness.js';

let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
  h = await createHarness({ dashboardDir: dir });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the dashboard at /', () => {
  it('when a page path is requested, then index.html is served with a strict CSP, no framing and no caching', async () => {
    for (const path of ['/', '/findings', '/settings/tokens']) {
      const res = await request(h.app).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('when a hashed asset is requested, then it is cached for a year; a missing one is 404, not the page', async () => {
    const asset = await request(h.app).get('/assets/app-1.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expectError(await request(h.app).get('/assets/missing.js'), 404, 'not_found');
  });

  it('when an API path is unknown, then it is still the JSON 404, without the page or its headers', async () => {
    const res = await request(h.app).get('/v1/nothing-here').set('Accept', 'text/html');
    expectError(res, 404, 'not_found');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('when no directory is configured and the package is not built, then resolving yields the override or undefined', () => {
    expect(resolveDashboardDir('/opt/dashboard')).toBe('/opt/dashboard');
    const found = resolveDashboardDir();
    if (found !== undefined) expect(found).toMatch(/packages\/dashboard\/dist$/);
  });
});
