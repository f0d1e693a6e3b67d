import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { run } from '@remediation/cli';
import { newId } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusJson, expectedFindings } from '../corpus.js';
import { startStack, type Stack } from '../stack.js';
import { createLocalRepo, type LocalRepo } from '../support/git-repo.js';
import { launchBrowser, screenshot } from './browser.js';
import { SESSION_JS, writeSessionSarif } from './fixable.js';
import { RECEIVER_CA_FILE, startReceiver } from './receiver.js';

/** A corpus file with code flows: CodeQL on a Java SSRF (7 results). */
const SARIF_FILE = 'codeql__bugsy_java_ssrf.sarif';
/** A corpus file accepted with warnings: fingerprints that are not strings are dropped. */
const WARNINGS_FILE = 'blackduck__dd_nested_fingerprints.sarif';
const NEW_PASSWORD = 'a passphrase of my own choosing';

let database: TestDatabase;
let stack: Stack;
let repo: LocalRepo;
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
          (['sarif-ingest', 'triage', 'fixer', 'pr-publisher', 'webhook-dispatcher'] as const)
            .map((n) => `${n}: ${stack.output(n).slice(-3000)}`)
            .join('\n'),
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
  // The repository is a local git repository (no network in tests) with code the fixer can fix.
  repo = createLocalRepo({ 'README.md': '# web\n', 'src/session.js': SESSION_JS });
  stack = await startStack(database.url);
  await stack.start('api-gateway');
  await stack.start('sarif-ingest');
  // A scan completes only once triage (and, with auto_fix, the fixer) is done with it.
  await stack.start('triage');
  await stack.start('fixer');
  // Publishing pushes a branch to the local repository; the compare URL stands for the PR link.
  await stack.start('pr-publisher', {
    GIT_COMPARE_URL_TEMPLATE: 'https://git.example.com/{repo}/compare/{base}...{branch}',
  });
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
      repo.url,
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
  repo?.remove();
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

  it('when the settings form is generated from the API schema, then every setting renders as its own control, invalid values are refused at their field, and saved values reach the API', async () => {
    await nav('Overview').click();
    await page.getByRole('link', { name: 'acme/web' }).click();
    await page.getByRole('heading', { name: 'acme/web' }).waitFor();
    // Settings added after the dashboard (triage sensitivity, SARIF validation, reviewers, PR cap).
    const sensitivity = page.getByLabel('Sensitivity', { exact: true });
    expect(await sensitivity.inputValue()).toBe('balanced');
    // (— leaves a setting as it is: the PATCH body has no required setting.)
    expect(await sensitivity.locator('option').allTextContents()).toEqual([
      '—',
      'conservative',
      'balanced',
      'aggressive',
    ]);
    expect(await page.getByLabel('SARIF validation', { exact: true }).inputValue()).toBe(
      'tolerant',
    );
    const maxOpen = page.getByLabel('Max open PRs', { exact: true });
    expect(await maxOpen.getAttribute('type')).toBe('number');
    expect(await maxOpen.inputValue()).toBe('10');
    const reviewers = page.getByLabel('Reviewers', { exact: true });
    expect(await reviewers.evaluate((e) => e.tagName)).toBe('TEXTAREA');
    await page.getByLabel('Labels', { exact: true }).fill('x'.repeat(60));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /50 characters/ })
      .waitFor();
    await page.getByLabel('Labels', { exact: true }).fill('security');
    await maxOpen.fill('5');
    await reviewers.fill('ada\nbo');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = await page.evaluate(
      (id) =>
        fetch(`/v1/repositories/${id}`).then(
          (r) => r.json() as Promise<{ settings: Record<string, unknown> }>,
        ),
      repoId,
    );
    expect(saved.settings).toMatchObject({
      labels: ['security'],
      max_open_prs: 5,
      reviewers: ['ada', 'bo'],
      sensitivity: 'balanced',
    });
    await screenshot(page, '05-repository-settings');
  });

  it('when SARIF files from the corpus are uploaded, then each scan reaches completed after triage, its warnings show under it, its findings are listed (laptop and tablet widths), and a finding shows its verdict with the evidence grouped by effect', async () => {
    await page
      .getByLabel('SARIF file', { exact: true })
      .setInputFiles(`${CORPUS_DIR}${SARIF_FILE}`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/Accepted: scan/).waitFor();
    // Ingestion writes the findings; the scan completes once triage and the fixer are done too.
    const expected = expectedFindings(corpusJson(SARIF_FILE));
    const codeqlRow = () => page.getByRole('row').filter({ hasText: 'CodeQL' });
    await refreshUntil(
      () => codeqlRow().locator('.badge', { hasText: /^completed$/ }),
      'the CodeQL scan completed',
      90_000,
    );
    expect(
      await codeqlRow()
        .getByRole('link', { name: String(expected), exact: true })
        .count(),
    ).toBe(1);

    await page
      .getByLabel('SARIF file', { exact: true })
      .setInputFiles(`${CORPUS_DIR}${WARNINGS_FILE}`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/Accepted: scan .* warnings\)/).waitFor();
    const warnedRow = () => page.getByRole('row').filter({ hasText: 'Example-Application' });
    await refreshUntil(
      () => warnedRow().locator('.badge', { hasText: /^completed$/ }),
      'the scan with warnings completed',
      90_000,
    );
    await warnedRow()
      .getByRole('button', { name: /warnings/ })
      .click();
    const warnings = page.locator('table.warnings tbody tr');
    await warnings.first().waitFor();
    expect(await warnings.count()).toBeGreaterThan(0);
    expect(await warnings.first().locator('code').textContent()).toMatch(/^\/runs\/0\//);
    // Each warning names what was done; the nested fingerprints were dropped.
    expect(await page.locator('table.warnings tbody .badge').allTextContents()).toHaveLength(
      await warnings.count(),
    );
    await page
      .locator('table.warnings tbody tr', { hasText: 'fingerprint' })
      .locator('.badge', { hasText: /^dropped$/ })
      .first()
      .waitFor();
    await screenshot(page, '05-repository');

    await codeqlRow()
      .getByRole('link', { name: String(expected), exact: true })
      .click();
    await page.getByRole('heading', { name: 'Findings' }).waitFor();
    const rows = page.locator('table.findings tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(expected);
    // Every finding of the completed scan has its verdict.
    expect(await rows.getByText('not triaged').count()).toBe(0);
    await screenshot(page, '06-findings');
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await nav('API Tokens').isVisible()).toBe(true);
    await screenshot(page, '06-findings-tablet');
    await page.setViewportSize({ width: 1280, height: 900 });
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Code flow' }).waitFor();
    await page.getByRole('heading', { name: 'Rule' }).waitFor();
    const triage = page.locator('section', {
      has: page.getByRole('heading', { name: 'Triage', exact: true }),
    });
    await triage.getByRole('heading', { name: 'Evidence' }).waitFor();
    expect(await triage.locator('dd .badge').first().textContent()).toMatch(
      /^(TRUE|FALSE) POSITIVE$|^WONT FIX$/,
    );
    expect(await triage.getByText('rules and signals').count()).toBe(1);
    // Evidence grouped by effect: each group titled, each item naming its signal.
    const groups = triage.locator('.evidence h4');
    expect(await groups.count()).toBeGreaterThan(0);
    for (const title of await groups.allTextContents())
      expect(title).toMatch(
        /^(Towards a true positive|Towards a false positive|Towards won't fix|Severity|Neutral) \(\d+\)$/,
      );
    expect(await triage.locator('.evidence li strong').count()).toBeGreaterThan(0);
    await screenshot(page, '07-finding');
    // The override control exists because the API has PATCH /findings/{id}; its fields are that schema's.
    await page.getByLabel('Classification', { exact: true }).selectOption('FALSE_POSITIVE');
    await page.getByLabel('Justification', { exact: true }).fill('Test fixture, never deployed');
    await page.getByRole('button', { name: 'Save override' }).click();
    await page.getByText('Test fixture, never deployed').first().waitFor();
    await page.locator('.badge', { hasText: /^false positive$/i }).waitFor();
    await triage.getByText('a person (override)').waitFor();
    await triage.getByText(/^by .+ on /).waitFor();
    await screenshot(page, '07-finding-overridden');
  });

  it('when the fixer fixes an uploaded finding, then the fix shows its diff and its evaluation as a checklist, and publishing it from the dashboard pushes a branch and records the pull request', async () => {
    await nav('Overview').click();
    await page.getByRole('link', { name: 'acme/web' }).click();
    await page
      .getByLabel('SARIF file', { exact: true })
      .setInputFiles(writeSessionSarif(repo.head()));
    await page.getByLabel('Commit SHA', { exact: true }).fill(repo.head());
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/Accepted: scan/).waitFor();
    const fixedRow = () =>
      page
        .getByRole('row')
        .filter({ hasText: repo.head().slice(0, 12) })
        .filter({ has: page.locator('.badge', { hasText: /^completed$/ }) });
    await refreshUntil(() => fixedRow(), 'the fixable scan completed', 90_000);
    await fixedRow().getByRole('link', { name: '1', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Fixes' }).waitFor();
    await page
      .getByRole('row', { name: /remediate:js\/insecure-randomness/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('heading', { name: 'Evaluation' }).waitFor();
    await page.locator('table.diff.split').waitFor();
    const checks = page.locator('ul.checklist li');
    expect(await checks.allTextContents()).toEqual([
      '✓ The changed files parse: passed',
      '✓ The vulnerable pattern is gone at each finding: passed',
      '✓ Applying the codemod again changes nothing: passed',
      '✓ The diff stays within each site plus imports and manifests: passed',
      '✓ The diff applies to the scanned commit: passed',
    ]);
    expect(await page.locator('.markdown').textContent()).not.toBe('');
    // The API offers POST /fixes/{id}/publish, so an admin sees the button on a generated fix.
    const publishOffered = await page.evaluate(() =>
      fetch('/v1/openapi.json')
        .then((r) => r.json() as Promise<{ paths: Record<string, Record<string, unknown>> }>)
        .then((d) => Boolean(d.paths['/fixes/{id}/publish']?.['post'])),
    );
    expect(publishOffered).toBe(true);
    const publish = page.getByRole('button', { name: 'Publish pull request' });
    await publish.waitFor();
    await screenshot(page, '08-fix-generated');
    await publish.click();
    await page.getByText(/Publishing queued/).waitFor();
    // pr-publisher pushes the fix branch and records the pull request (here a compare URL).
    const deadline = Date.now() + 60_000;
    while (!(await page.locator('h1 .badge', { hasText: /^pr open$/ }).isVisible())) {
      if (Date.now() > deadline)
        throw new Error(`the fix never opened a PR:\n${stack.output('pr-publisher').slice(-3000)}`);
      await page.reload();
      await page.getByRole('heading', { name: 'Evaluation' }).waitFor();
    }
    const link = page.getByRole('link', {
      name: /^https:\/\/git\.example\.com\/acme\/web\/compare\/main\.\.\.remediate\//,
    });
    const branch = decodeURIComponent((await link.textContent())!.split('...')[1]!);
    expect(
      execFileSync('git', ['-C', repo.bare, 'branch', '--list', branch], {
        encoding: 'utf8',
      }).trim(),
    ).toBe(branch);
    expect(await publish.count()).toBe(0);
    await screenshot(page, '08-fix-pr-open');
  });

  it('when a fix failed its checks and has markup in its rationale, then the failed checks are shown (and a superseded fix says why), the diff renders both ways and the markup is shown as text, never run', async () => {
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
        codemod: 'remediate:java/ssrf-allowlist',
        status: 'failed',
        summary: 'Check the URL against an allowlist',
        files_changed: 1,
        diff: '--- a/src/Fetch.java\n+++ b/src/Fetch.java\n@@ -1,3 +1,3 @@\n class Fetch {\n-  URL u = new URL(input);\n+  URL u = Allowlist.check(new URL(input));\n }\n',
        rationale:
          '**Why**: the URL came from the request.\n\n<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>[link](javascript:window.pwned=3)',
        evaluation: JSON.stringify({
          ok: false,
          checks: { parses: true, pattern_gone: true, idempotent: true, diff_local: false },
          rejected: [
            {
              finding_id: findingId,
              codemod: 'remediate:java/ssrf-allowlist',
              failures: [
                {
                  check: 'diff_local',
                  path: 'src/Fetch.java',
                  outside: [{ startLine: 40, endLine: 41 }],
                },
              ],
            },
          ],
        }),
        pr_url: null,
      })
      .execute();
    // A fix the publisher set aside: the code changed under it before its PR was opened.
    await database.db
      .insertInto('fixes')
      .values({
        id: newId(),
        repository_id: repoId,
        scan_id: null,
        finding_ids: [findingId],
        codemod: 'remediate:java/ssrf-allowlist',
        status: 'superseded',
        summary: 'Allowlist the fetched URL',
        files_changed: 1,
        diff: '',
        rationale: '',
        evaluation: JSON.stringify({}),
        publish_error: 'the code at the finding changed since the scan',
        pr_url: null,
      })
      .execute();
    await nav('Fixes').click();
    await page.getByRole('link', { name: 'Check the URL against an allowlist' }).click();
    await page.getByRole('heading', { name: 'Rationale' }).waitFor();
    await page.locator('table.diff.split').waitFor();
    await page
      .locator('ul.checklist li', { hasText: 'The diff stays within each site' })
      .filter({ hasText: 'failed' })
      .waitFor();
    await page
      .locator('ul.checklist li', { hasText: 'The diff applies to the scanned commit' })
      .filter({ hasText: 'not run' })
      .waitFor();
    await page.getByText('src/Fetch.java: changes outside the site (lines 40–41)').waitFor();
    expect(await page.getByRole('button', { name: 'Publish pull request' }).count()).toBe(0);
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

    await nav('Fixes').click();
    await page.getByRole('link', { name: 'Allowlist the fetched URL' }).click();
    await page.getByText('Superseded: the code at the finding changed since the scan').waitFor();
  });

  it('when the codemod catalog is opened, then it lists every codemod and narrows by language, scanner and rule id', async () => {
    await nav('Codemods').click();
    await page.getByRole('heading', { name: 'Codemods', level: 1 }).waitFor();
    const cards = page.locator('article.codemod');
    await cards.first().waitFor();
    const total = (await page.evaluate(() => fetch('/v1/codemods').then((r) => r.json()))) as {
      data: { id: string; languages: string[] }[];
    };
    expect(total.data.length).toBeGreaterThan(10);
    expect(await cards.count()).toBe(total.data.length);
    await screenshot(page, '11-codemods');
    await page.getByLabel('Language', { exact: true }).selectOption('python');
    expect(await cards.count()).toBe(
      total.data.filter((c) => c.languages.includes('python')).length,
    );
    await page.getByLabel('Language', { exact: true }).selectOption('');
    await page.getByLabel('Scanner', { exact: true }).selectOption('codeql');
    await page
      .getByLabel('Rule id, codemod or CWE', { exact: true })
      .fill('js/insecure-randomness');
    await page.getByText(/^1 of \d+ codemods$/).waitFor();
    await cards.locator('mark', { hasText: 'js/insecure-randomness' }).waitFor();
    expect(await cards.getByRole('heading').textContent()).toBe(
      'Cryptographically secure randomness for secrets',
    );
    await screenshot(page, '11-codemods-search');
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
