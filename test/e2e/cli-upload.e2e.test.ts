import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from '@remediation/cli';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ScanBody } from './api.js';
import { corpusFile } from './corpus.js';
import { startStack, type Stack } from './stack.js';
import { createTenant } from './tenant.js';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));

let database: TestDatabase;
let stack: Stack;
let tenant: { repoId: string; token: string };
let checkout: string;
let head: string;

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: checkout, encoding: 'utf8' }).trim();

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack(database.url);
  await stack.start('api-gateway');
  await stack.start('sarif-ingest');
  await stack.start('triage');
  await stack.start('fixer');
  tenant = await createTenant(database.db, database.url, 'cli');
  // A real checkout, as in a CI job: the scanner wrote absolute file:// URIs under it (ESLint does).
  checkout = mkdtempSync(join(tmpdir(), 'remediate-checkout-'));
  git('init', '-q', '-b', 'main');
  writeFileSync(join(checkout, 'app.js'), 'var x = eval(input);\n');
  git('add', '.');
  git('-c', 'user.name=ci', '-c', 'user.email=ci@example.com', 'commit', '-qm', 'init');
  head = git('rev-parse', 'HEAD');
  const sarif = {
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'ESLint', rules: [{ id: 'no-eval' }] } },
        results: [
          {
            ruleId: 'no-eval',
            level: 'error',
            message: { text: 'eval can be harmful.' },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: pathToFileURL(join(checkout, 'app.js')).href },
                  region: { startLine: 1, startColumn: 9 },
                },
              },
            ],
          },
        ],
      },
    ],
  };
  writeFileSync(join(checkout, 'eslint.sarif'), JSON.stringify(sarif));
  writeFileSync(
    join(checkout, 'repaired.sarif'),
    corpusFile('flawfinder__dd_sarif_flawfinder.sarif'),
  );
  writeFileSync(join(checkout, 'broken.sarif'), corpusFile('codeql__cqa_invalid-sarif.sarif'));
});
afterAll(async () => {
  await stack?.stop();
  await database?.destroy();
  rmSync(checkout, { recursive: true, force: true });
});

const remediate = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env: { REMEDIATE_URL: stack.url, REMEDIATE_TOKEN: tenant.token },
    cwd: checkout,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('remediate upload', () => {
  it('--wait --json: uploads with the checkout root and HEAD, waits, and the paths are repository-relative', async () => {
    const r = await remediate(
      'upload',
      'eslint.sarif',
      '--repo',
      tenant.repoId,
      '--wait',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const scan = JSON.parse(r.out) as ScanBody & { url: string };
    expect(scan).toMatchObject({
      state: 'completed',
      findings_count: 1,
      commit_sha: head,
      ref: 'refs/heads/main',
      tools: ['ESLint'],
    });
    expect(scan.url).toBe(`${stack.url}/v1/repositories/${tenant.repoId}/scans/${scan.scan_id}`);
    expect(r.out + r.err).not.toContain(tenant.token);
    const findings = await api(stack.url, tenant.token).call<{
      data: { location: { uri: string }; problems: string[] }[];
    }>('GET', `/repositories/${tenant.repoId}/findings?scan_id=${scan.scan_id}`);
    expect(findings.body.data).toEqual([
      expect.objectContaining({
        location: expect.objectContaining({ uri: 'app.js' }),
        problems: [],
      }),
    ]);
  });

  it('run again in the same CI step: the same scan is answered (Idempotency-Key)', async () => {
    const a = await remediate('upload', 'eslint.sarif', '--repo', tenant.repoId, '--json');
    const b = await remediate('upload', 'eslint.sarif', '--repo', tenant.repoId, '--json');
    expect(a.code).toBe(0);
    expect((JSON.parse(a.out) as ScanBody).scan_id).toBe((JSON.parse(b.out) as ScanBody).scan_id);
  });

  it('a rejected document exits 1 and prints the problems with their paths', async () => {
    const r = await remediate('upload', 'broken.sarif', '--repo', tenant.repoId, '--wait');
    expect(r.code).toBe(1);
    expect(r.err).toContain('upload rejected: 400 invalid_sarif');
    expect(r.err).toContain('/runs/0/results: must be an array');
  });

  it('a document repaired on the way in exits 0 and prints what was repaired, with and without --wait', async () => {
    const waited = await remediate('upload', 'repaired.sarif', '--repo', tenant.repoId, '--wait');
    expect(waited.code).toBe(0);
    expect(waited.out).toMatch(/scan \S+ completed: 53 findings/);
    expect(waited.out).toContain(
      'warning: /runs/0/results/52/message: the result has no message text: the finding is kept, marked missing_message, and not routed to a fix [marked]',
    );
    const quick = await remediate(
      'upload',
      'repaired.sarif',
      '--repo',
      tenant.repoId,
      '--commit',
      'a'.repeat(40),
    );
    expect(quick.code).toBe(0);
    expect(quick.out).toContain('warning: /runs/0/results/52/message:');
  });

  it('usage errors exit 2: no token, no --repo, bad --timeout, missing file', async () => {
    const noToken = await run(['upload', 'eslint.sarif', '--repo', tenant.repoId], {
      env: { REMEDIATE_URL: stack.url },
      cwd: checkout,
      out: () => undefined,
      err: () => undefined,
    });
    expect(noToken).toBe(2);
    expect((await remediate('upload', 'eslint.sarif')).code).toBe(2);
    expect(
      (await remediate('upload', 'eslint.sarif', '--repo', tenant.repoId, '--timeout', 'soon'))
        .code,
    ).toBe(2);
    expect((await remediate('upload', 'missing.sarif', '--repo', tenant.repoId)).code).toBe(2);
  });

  it('a scan that does not finish within --timeout exits 1 with the link', async () => {
    await stack.kill('sarif-ingest');
    try {
      writeFileSync(join(checkout, 'other.sarif'), corpusFile('codeql__cqa_valid-sarif.sarif'));
      const r = await remediate(
        'upload',
        'other.sarif',
        '--repo',
        tenant.repoId,
        '--wait',
        '--timeout',
        '2s',
      );
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/still queued after the 2 s timeout/);
    } finally {
      await stack.start('sarif-ingest');
    }
  });

  it('the built binary: a human summary and exit 0', () => {
    const r = spawnSync(
      process.execPath,
      [CLI, 'upload', 'eslint.sarif', '--repo', tenant.repoId, '--commit', head, '--wait'],
      {
        cwd: checkout,
        env: { PATH: process.env['PATH'], REMEDIATE_URL: stack.url, REMEDIATE_TOKEN: tenant.token },
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^scan \S+ completed: 1 findings, 0 fixes generated \(ESLint\)$/m);
    expect(r.stdout).toContain(`${stack.url}/v1/repositories/${tenant.repoId}/scans/`);
  });
});
