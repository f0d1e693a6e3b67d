import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from '@remediation/cli';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../api.js';
import { startStack, type Stack } from '../stack.js';
import { createLocalRepo, type LocalRepo } from '../support/git-repo.js';
import { createTenant } from '../tenant.js';
import { launchBrowser, screenshot } from './browser.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Bandit as scripts/lib.sh ensure_bandit installs it (pinned); on PATH otherwise. */
const BANDIT = existsSync(`${ROOT}.tools/bin/bandit`) ? `${ROOT}.tools/bin/bandit` : 'bandit';
const PASSWORD = 'a flow path passphrase';

// A Flask view the way projects write it: the request value is read, then overwritten by a
// constant on one branch and checked against an allow-list on the other before the query.
const VIEWS = [
  'import sqlite3',
  '',
  'from flask import Blueprint, request',
  '',
  'bp = Blueprint("reports", __name__)',
  'ORDER_COLUMNS = ("name", "created_at")',
  '',
  '',
  '@bp.route("/reports")',
  'def reports():',
  '\torder = request.args.get("order", "name")',
  '\tif order not in ORDER_COLUMNS:',
  '\t\torder = "name"',
  '\tconn = sqlite3.connect("reports.db")',
  '\trows = conn.execute(',
  '\t\t"SELECT id, name FROM reports ORDER BY %s" % order',
  '\t).fetchall()',
  '\treturn {"rows": rows}',
  '',
].join('\n');

let database: TestDatabase;
let stack: Stack;
let repo: LocalRepo;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createLocalRepo({ 'app/views.py': VIEWS });
  stack = await startStack(database.url);
  await stack.start('api-gateway');
  await stack.start('sarif-ingest');
  await stack.start('triage');
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await database?.destroy();
  repo?.remove();
});

describe('the evidence panel shows the reconstructed flow', () => {
  it('when triage calls a real Bandit finding FALSE_POSITIVE from the flow, then the finding page lists the path from the request read to the sink', async () => {
    // The real scanner's SARIF over the repository's checkout (Bandit exits 1 when it finds issues).
    let sarif: string;
    try {
      sarif = execFileSync(BANDIT, ['-q', '-f', 'sarif', '-r', 'app'], {
        cwd: repo.checkout(repo.head()),
        encoding: 'utf8',
      });
    } catch (e) {
      sarif = (e as { stdout: string }).stdout;
    }
    const log = JSON.parse(sarif) as { runs: { results: { ruleId: string }[] }[] };
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toContain('B608');

    const { repoId, token } = await createTenant(database.db, database.url, 'flows', repo.url);
    const client = api(stack.url, token);
    const up = await client.upload(
      repoId,
      Buffer.from(JSON.stringify(log)),
      {},
      `?commit_sha=${repo.head()}`,
    );
    expect(up.status).toBe(202);
    await client.waitForScan(repoId, up.body.scan_id, 90_000);
    const findings = await client.call<{
      data: { id: string; rule_id: string; triage: { classification: string } | null }[];
    }>('GET', `/repositories/${repoId}/findings`);
    const finding = findings.body.data.find((f) => f.rule_id === 'B608');
    expect(finding?.triage?.classification).toBe('FALSE_POSITIVE');

    const out: string[] = [];
    const code = await run(
      [
        'admin',
        'create-user',
        '--org',
        'flows',
        '--email',
        'lin@example.com',
        '--role',
        'admin',
        '--json',
      ],
      { env: { DATABASE_URL: database.url }, out: (l) => out.push(l), err: () => undefined },
    );
    expect(code).toBe(0);
    const otp = (JSON.parse(out.join('\n')) as { one_time_password: string }).one_time_password;
    const base = stack.url.replace('127.0.0.1', 'localhost');
    await page.goto(`${base}/`);
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel('Email', { exact: true }).fill('lin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByLabel('One-time password', { exact: true }).fill(otp);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    await page.goto(`${base}/findings/${finding!.id}`);
    const path = page.getByRole('list', { name: 'Reconstructed flow' });
    await path.waitFor();
    const steps = await path.locator('li').allInnerTexts();
    expect(steps.length).toBeGreaterThanOrEqual(3);
    // Source first (the request read), the allow-list check on the way, the sink last.
    expect(steps[0]).toMatch(/^input read\s+app\/views\.py:11\s+.*request\.args\.get/);
    expect(steps.some((s) => /^sanitized\s+app\/views\.py:12\s/.test(s))).toBe(true);
    expect(steps.at(-1)).toMatch(/^sink\s+app\/views\.py:15\s+conn\.execute\(/);
    // It sits under the signal that decided the verdict, in the false-positive group.
    const group = page.locator('section', {
      has: page.getByRole('heading', { name: /^Towards a false positive/ }),
    });
    expect(await group.getByRole('list', { name: 'Reconstructed flow' }).count()).toBe(1);
    // The verdict rests on the flow, not on a literal reading of the reported line.
    expect(await group.getByText('literal argument').count()).toBe(0);
    await screenshot(page, 'finding-flow-path');
  });
});
