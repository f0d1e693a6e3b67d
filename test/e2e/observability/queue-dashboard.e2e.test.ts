import { QUEUES } from '@remediation/contracts';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../dashboard/browser.js';
import { startStack, type Stack } from '../stack.js';

const OPERATOR = { username: 'ops', password: 'a long operator passphrase' };

let database: TestDatabase;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack(database.url);
  await stack.start('api-gateway', {
    ADMIN_USERNAME: OPERATOR.username,
    ADMIN_PASSWORD: OPERATOR.password,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await database?.destroy();
});

it('when an operator opens /admin/queues in a browser, then Bull Board renders every queue of the registry under its CSP', async () => {
  const context = await browser.newContext({ httpCredentials: OPERATOR });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  try {
    const res = await page.goto(`${stack.url}/admin/queues`);
    expect(res?.status()).toBe(200);
    for (const def of Object.values(QUEUES)) {
      await page.getByText(def.name, { exact: true }).first().waitFor({ timeout: 30_000 });
    }
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'queue-dashboard');
    // The one thing the CSP refuses is Bull Board's Google Fonts stylesheet (decision 0021);
    // nothing else may fail: no script, style or API call blocked, no exception.
    const unexpected = errors.filter((e) => !/fonts\.googleapis\.com/.test(e));
    expect(unexpected).toEqual([]);
  } finally {
    await context.close();
  }
});

it('when a browser brings no or wrong credentials, then the page is refused', async () => {
  for (const options of [{}, { httpCredentials: { ...OPERATOR, password: 'wrong password!' } }]) {
    const context = await browser.newContext(options);
    try {
      const page = await context.newPage();
      // Headless Chromium either shows the 401 or, having no one to ask for credentials (or
      // been refused them), ends the navigation: never the dashboard.
      const res = await page.goto(`${stack.url}/admin/queues`).catch((err: Error) => err);
      if (res instanceof Error) expect(res.message).toMatch(/ERR_INVALID_AUTH_CREDENTIALS/);
      else {
        expect(res?.status()).toBe(401);
        expect(await page.content()).not.toContain('Remediation queues');
      }
    } finally {
      await context.close();
    }
  }
});
