import { createHmac } from 'node:crypto';
import { run } from '@remediation/cli';
import { newId } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusJson, expectedFindings } from '../corpus.js';
import { startStack, type Stack } from '../stack.js';
import { launchBrowser, screenshot } from './browser.js';
import { RECEIVER_CA_FILE, startReceiver } from './receiver.js';

/** A corpus file with code flows: CodeQL on a Java SSRF (7 results). */
const SARIF_FILE = 'codeql__bugsy_java_ssrf.sarif';
const NEW_PASSWORD = 'a passphrase of my own choosing';

let database: TestDatabase;
let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let browser: Browser;
let page: Page;
let base: string;
let repoId: string;
let oneTimePassword: string;
const pageErrors: string[] = [];

const cli = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env: { DATABASE_URL: database.url },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  if (code !== 0) throw new Error(`remediate ${argv.join(' ')}: ${err.join('\n')}`);
  return JSON.parse(out.join('\n')) as Record<string, string>;
};

/** Clicks Refresh until `target` shows (the work is done by other processes). */
const refreshUntil = async (target: () => Locator, text: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await target().first().isVisible())) {
    if (Date.now() > deadline)
      throw new Error(
        `never saw ${text} on ${page.url()}:\n${await page.locator('main').innerText()}\n` +
          `sarif-ingest: ${stack.output('sarif-ingest')}\nwebhook-dispatcher: ${stack.output('webhook-dispatcher')}`,
      );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForLoadState('networkidle');
  }
};

/** A link of the main navigation. */
const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

const bearerGet = (token: string, path: string) =>
  fetch(`${base}/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
  stack = await startStack(database.url);
  await stack.start('api-gateway');
  await stack.start('sarif-ingest');
  await stack.start('webhook-dispatcher', {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_CA_FILE: RECEIVER_CA_FILE,
  });
  // Chromium accepts Secure cookies over plain HTTP from localhost only (a secure context).
  base = stack.url.replace('127.0.0.1', 'localhost');

  await cli('admin', 'create-org', 'acme', '--json');
  await database.db
    .updateTable('organizations')
    .set({ rate_limit_rpm: 1_000_000, rate_limit_burst: 1_000_000 })
    .execute();
  repoId = (
    await cli(
      'admin',
      'create-repo',
      '--org',
      'acme',
      '--name',
      'acme/web',
      '--clone-url',
      'https://github.com/acme/web.git',
      '--json',
    )
  )['id']!;
  oneTimePassword = (
    await cli(
      'admin',
      'create-user',
      '--org',
      'acme',
      '--email',
      'ada@example.com',
      '--role',
      'admin',
      '--json',
    )
  )['one_time_password']!;

  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // Name the source of any CSP violation (the browser's own console line does not).
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      console.error('CSP ' + e.violatedDirective + ' at ' + location.pathname + ': ' + e.sourceFile + ':' + e.lineNumber));`,
  });
  page.on('dialog', (d) => void d.accept());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await receiver?.close();
  await database?.destroy();
});

describe('the dashboard in a real browser', () => {
  it('when a new admin signs in with the one-time password, then they must choose a password and land on the overview', async () => {
    await page.goto(`${base}/`);
    await page.waitForURL(/\/sign-in/);
    expect(await nav('API Tokens').count()).toBe(1);
    await screenshot(page, '01-sign-in');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill(oneTimePassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByLabel('One-time password', { exact: true }).fill(oneTimePassword);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
    await screenshot(page, '02-choose-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'acme/web' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Queue health' }).isVisible()).toBe(true);
    await screenshot(page, '03-overview');
  });

  let token = '';
  it('when a repository token is created, then its value is shown once and works with the API for that repository only', async () => {
    await nav('API Tokens').click();
    await page.getByRole('heading', { name: 'API Tokens' }).waitFor();
    await page.getByLabel('Token name', { exact: true }).fill('ci pipeline');
    await page.getByLabel('One repository', { exact: true }).check();
    await page
      .getByLabel('Token repository', { exact: true })
      .locator('option', { hasText: 'acme/web' })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Create token' }).click();
    token = (await page.getByTestId('secret-value').textContent()) ?? '';
    expect(token).toMatch(/^rmd_[0-9A-Za-z]{38}$/);
    await page.getByRole('row', { name: /ci pipeline/ }).waitFor();
    await screenshot(page, '04-api-tokens');
    expect((await bearerGet(token, `/repositories/${repoId}`)).status).toBe(200);
    expect((await bearerGet(token, '/repositories')).status).toBe(403);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.getByTestId('secret-value').count()).toBe(0);
    await page.reload();
    await page.getByRole('row', { name: /ci pipeline/ }).waitFor();
    expect(await page.content()).not.toContain(token);
  });

  it('when a SARIF file from the corpus is uploaded, then invalid settings are refused at their field, its findings are listed (laptop and tablet widths), and a verdict can be overridden on the detail page', async () => {
    await nav('Overview').click();
    await page.getByRole('link', { name: 'acme/web' }).click();
    await page.getByRole('heading', { name: 'acme/web' }).waitFor();
    await page.getByLabel('Labels', { exact: true }).fill('x'.repeat(60));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /50 characters/ })
      .waitFor();
    await page.getByLabel('Labels', { exact: true }).fill('security');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved.').waitFor();
    await page
      .getByLabel('SARIF file', { exact: true })
      .setInputFiles(`${CORPUS_DIR}${SARIF_FILE}`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/Accepted: scan/).waitFor();
    // Ingestion writes the findings; the scan completes once later stages (triage) are done too.
    const expected = expectedFindings(corpusJson(SARIF_FILE));
    await refreshUntil(
      () =>
        page
          .getByRole('row')
          .filter({ hasText: 'CodeQL' })
          .getByRole('link', { name: String(expected), exact: true }),
      `a scan with ${expected} findings`,
    );
    await screenshot(page, '05-repository');

    await nav('Findings').click();
    await page.getByRole('heading', { name: 'Findings' }).waitFor();
    const rows = page.locator('table.findings tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(expected);
    await screenshot(page, '06-findings');
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await nav('API Tokens').isVisible()).toBe(true);
    await screenshot(page, '06-findings-tablet');
    await page.setViewportSize({ width: 1280, height: 900 });
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Code flow' }).waitFor();
    await page.getByRole('heading', { name: 'Rule' }).waitFor();
    await screenshot(page, '07-finding');
    // The override control exists because the API has PATCH /findings/{id}; its fields are that schema's.
    await page.getByLabel('Classification', { exact: true }).selectOption('FALSE_POSITIVE');
    await page.getByLabel('Justification', { exact: true }).fill('Test fixture, never deployed');
    await page.getByRole('button', { name: 'Save override' }).click();
    await page.getByText('Test fixture, never deployed').first().waitFor();
    await page.locator('.badge', { hasText: /^false positive$/i }).waitFor();
  });

  it('when a fix has a diff and a rationale with markup, then the diff renders both ways and the markup is shown as text, never run', async () => {
    const findingId = (
      await database.db
        .selectFrom('findings')
        .select('id')
        .where('repository_id', '=', repoId)
        .executeTakeFirstOrThrow()
    ).id;
    const fixId = newId();
    await database.db
      .insertInto('fixes')
      .values({
        id: fixId,
        repository_id: repoId,
        scan_id: null,
        finding_ids: [findingId],
        codemod: 'java/ssrf-allowlist',
        status: 'generated',
        summary: 'Check the URL against an allowlist',
        files_changed: 1,
        diff: '--- a/src/Fetch.java\n+++ b/src/Fetch.java\n@@ -1,3 +1,3 @@\n class Fetch {\n-  URL u = new URL(input);\n+  URL u = Allowlist.check(new URL(input));\n }\n',
        rationale:
          '**Why**: the URL came from the request.\n\n<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>[link](javascript:window.pwned=3)',
        evaluation: JSON.stringify({ reparses: true, pattern_gone: true, idempotent: true }),
        pr_url: null,
      })
      .execute();
    await nav('Fixes').click();
    await page.getByRole('link', { name: 'Check the URL against an allowlist' }).click();
    await page.getByRole('heading', { name: 'Rationale' }).waitFor();
    await page.locator('table.diff.split').waitFor();
    expect(await page.locator('.markdown strong').textContent()).toBe('Why');
    expect(await page.locator('.markdown script, .markdown img, .markdown [onerror]').count()).toBe(
      0,
    );
    expect(await page.locator('.markdown').textContent()).toContain('<img src=x onerror=');
    expect(await page.locator('.markdown a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    await screenshot(page, '08-fix');
    await page.getByLabel('Unified', { exact: true }).check();
    await page.locator('table.diff.unified tr.add').waitFor();
  });

  it('when a webhook is registered to a local HTTPS receiver and pinged, then the delivery and its attempt show in the log, the receiver checks the signature, a redelivery arrives and the webhook can be deleted', async () => {
    await nav('Webhooks').click();
    await page.getByLabel('Endpoint URL', { exact: true }).fill('http://example.com/hook');
    await page.getByRole('button', { name: 'Register webhook' }).click();
    await page.getByText('must use https').waitFor();
    await page.getByLabel('Endpoint URL', { exact: true }).fill(receiver.url);
    await page.getByRole('button', { name: 'Register webhook' }).click();
    const secret = (await page.getByTestId('secret-value').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(16);
    await screenshot(page, '09-webhooks');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('button', { name: 'Send test ping' }).click();
    await page.getByText(/Ping queued/).waitFor();
    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
    await refreshUntil(
      () => page.locator('.badge', { hasText: /^delivered$/ }),
      'a delivered ping',
    );
    await page.getByRole('button', { name: 'Show attempts' }).first().click();
    await page.getByText('HTTP 200').waitFor();
    await page.getByText('thanks').waitFor();
    await screenshot(page, '10-delivery-log');

    const ping = receiver.received.find((r) => JSON.parse(r.body).type === 'ping');
    expect(ping).toBeDefined();
    expect(ping!.headers['x-service-signature']).toBe(
      createHmac('sha256', secret).update(ping!.body).digest('hex'),
    );

    // Redeliver: the same event again, as a new delivery that is delivered too.
    await page.getByRole('button', { name: 'Redeliver' }).first().click();
    await page.getByText(/Redelivery queued/).waitFor();
    await refreshUntil(
      () =>
        page
          .locator('.delivery', { hasText: 'redelivery' })
          .locator('.badge', { hasText: /^delivered$/ }),
      'a delivered redelivery',
    );
    expect(receiver.received.filter((r) => JSON.parse(r.body).type === 'ping')).toHaveLength(2);

    await page.getByRole('link', { name: '← Webhooks' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No webhooks registered.').waitFor();
  });

  it('when the token is revoked, then the API refuses it at once; signing out ends the session', async () => {
    await nav('API Tokens').click();
    await page.getByRole('button', { name: 'Revoke ci pipeline' }).click();
    await page.getByText('No tokens.').waitFor();
    expect((await bearerGet(token, `/repositories/${repoId}`)).status).toBe(401);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    const me = await page.evaluate(() => fetch('/v1/me').then((r) => r.status));
    expect(me).toBe(401);
  });

  it('when every page has been used, then no script error and no Content-Security-Policy violation was reported', () => {
    // The API's deliberate refusals above (400 invalid settings, 401 after sign-out) log a line too.
    expect(pageErrors.filter((e) => !/status of 40[013]/.test(e))).toEqual([]);
  });
});
