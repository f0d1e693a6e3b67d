import { gzipSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api.js';
import { generateSarif } from './generate.js';
import { startStack, type Stack } from './stack.js';
import { createLocalRepo } from './support/git-repo.js';
import { countRows, createTenant } from './tenant.js';

let database: TestDatabase;
let stack: Stack;

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack(database.url);
  await stack.start('api-gateway');
  await stack.start('triage');
  await stack.start('fixer');
  await stack.start('sarif-ingest');
});
afterAll(async () => {
  await stack?.stop();
  await database?.destroy();
});

const count = (table: Parameters<typeof countRows>[1]) => countRows(database.db, table);

it('an ingest worker killed mid-document: the job is retried, the scan completes once, no duplicate findings', async () => {
  const { repoId, token } = await createTenant(database.db, database.url, 'crash');
  const client = api(stack.url, token);
  // A short lock so the restarted worker takes over the dead one's job within seconds, long
  // enough that normalizing 25,000 results on a loaded machine does not lose it.
  const ingestEnv = { INGEST_JOB_LOCK_MS: '6000' };
  await stack.kill('sarif-ingest');
  await stack.start('sarif-ingest', ingestEnv);

  const body = gzipSync(JSON.stringify(generateSarif({ results: 25_000, codeFlows: true })));
  const res = await client.upload(repoId, body, { 'Content-Encoding': 'gzip' });
  expect(res.status).toBe(202);
  const scanId = res.body.scan_id;

  // Kill the worker (SIGKILL: no shutdown, no rollback message) as soon as it is working on it.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const scan = await database.db
      .selectFrom('scans')
      .select('state')
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    if (scan.state === 'processing') break;
    if (Date.now() > deadline)
      throw new Error(`scan never started: ${stack.output('sarif-ingest')}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  await stack.kill('sarif-ingest', 'SIGKILL');
  // Mid-document: the write transaction died with the process, nothing of it is visible.
  expect(await count('findings')).toBe(0);
  expect(await count('outbox')).toBe(0);

  await stack.start('sarif-ingest', ingestEnv);
  const scan = await client.waitForScan(repoId, scanId, 90_000);
  expect(scan, JSON.stringify(scan)).toMatchObject({ state: 'completed', findings_count: 25_000 });
  expect(await count('findings')).toBe(25_000);
  expect(await count('scan_findings')).toBe(25_000);
  const events = await database.db
    .selectFrom('outbox')
    .select(['type', 'envelope'])
    .where('type', '=', 'scan.completed')
    .execute();
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    type: 'scan.completed',
    envelope: { data: { scan_id: scanId, state: 'completed', findings_count: 25_000 } },
  });
});

it('a triage worker killed mid-batch: its batch is retried, every finding gets one verdict, the scan completes once', async () => {
  const { repoId, token } = await createTenant(database.db, database.url, 'crash-triage');
  const client = api(stack.url, token);
  // A short lock so the restarted worker takes over the dead one's batch within seconds.
  const triageEnv = { TRIAGE_JOB_LOCK_MS: '5000', TRIAGE_CONCURRENCY: '1' };
  await stack.kill('triage');
  await stack.start('triage', triageEnv);
  const res = await client.upload(
    repoId,
    gzipSync(JSON.stringify(generateSarif({ results: 5_000 }))),
    {
      'Content-Encoding': 'gzip',
    },
  );
  expect(res.status).toBe(202);
  const scanId = res.body.scan_id;
  const verdicts = async () =>
    Number(
      (
        await database.db
          .selectFrom('triage_results')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('scan_id', '=', scanId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Kill triage (SIGKILL: no shutdown) once it has recorded some batches but not all.
  const deadline = Date.now() + 60_000;
  while ((await verdicts()) === 0) {
    if (Date.now() > deadline) throw new Error(`triage never started: ${stack.output('triage')}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  await stack.kill('triage', 'SIGKILL');
  expect(await verdicts()).toBeLessThan(5_000);
  await stack.start('triage', triageEnv);
  const scan = await client.waitForScan(repoId, scanId, 120_000);
  expect(scan).toMatchObject({ state: 'completed', findings_count: 5_000 });
  expect(await verdicts()).toBe(5_000);
  const perType = await database.db
    .selectFrom('outbox')
    .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('repository_id', '=', repoId)
    .groupBy('type')
    .execute();
  expect(Object.fromEntries(perType.map((r) => [r.type, Number(r.n)]))).toMatchObject({
    'triage.completed': 5_000,
    'scan.completed': 1,
  });
});

/** `files` token modules with one Math.random() each, and a CodeQL result per call. */
const tokenRepo = (files: number) => {
  const sources: Record<string, string> = {};
  const results = [];
  for (let f = 0; f < files; f++) {
    const uri = `src/tokens/t${f}.js`;
    sources[uri] =
      `'use strict';\n\nfunction token${f}(user) {\n  return Math.random().toString(36).slice(2) + user.id;\n}\n\nmodule.exports = { token${f} };\n`;
    results.push({
      ruleId: 'js/insecure-randomness',
      level: 'error',
      message: { text: 'A weak random number generator is used in a security context.' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri },
            region: { startLine: 4, startColumn: 10, endLine: 4, endColumn: 23 },
          },
        },
      ],
    });
  }
  const sarif = {
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'CodeQL',
            rules: [
              {
                id: 'js/insecure-randomness',
                properties: { tags: ['security', 'external/cwe/cwe-338'], precision: 'high' },
              },
            ],
          },
        },
        results,
      },
    ],
  };
  return { sources, sarif };
};

it('a fixer killed mid-attempt: the attempt runs again within seconds, every finding is in exactly one fix, each fix.generated once', async () => {
  const FILES = 40;
  const { sources, sarif } = tokenRepo(FILES);
  const repo = createLocalRepo(sources);
  const { repoId, token } = await createTenant(database.db, database.url, 'crash-fix', repo.url);
  await database.db
    .updateTable('repositories')
    .set({ settings: JSON.stringify({ auto_fix: true, auto_pr: false, pr_grouping: 'finding' }) })
    .where('id', '=', repoId)
    .execute();
  const client = api(stack.url, token);
  // A short lock so the restarted fixer takes over the dead one's attempt within seconds.
  const fixerEnv = { FIXER_JOB_LOCK_MS: '3000', FIXER_CONCURRENCY: '1' };
  await stack.kill('fixer');
  await stack.start('fixer', fixerEnv);
  const res = await client.upload(
    repoId,
    Buffer.from(JSON.stringify(sarif)),
    {},
    `?commit_sha=${repo.head()}`,
  );
  expect(res.status).toBe(202);
  const scanId = res.body.scan_id;
  const fixes = () =>
    database.db
      .selectFrom('fixes')
      .select(['id', 'finding_ids', 'status'])
      .where('scan_id', '=', scanId)
      .execute();
  // Kill the fixer (SIGKILL) once some attempts are stored but not all.
  const deadline = Date.now() + 90_000;
  while ((await fixes()).length === 0) {
    if (Date.now() > deadline) throw new Error(`the fixer never started: ${stack.output('fixer')}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  await stack.kill('fixer', 'SIGKILL');
  expect((await fixes()).length).toBeLessThan(FILES);
  const killedAt = Date.now();
  await stack.start('fixer', fixerEnv);
  const scan = await client.waitForScan(repoId, scanId, 120_000);
  expect(scan).toMatchObject({ state: 'completed', findings_count: FILES });
  expect(Date.now() - killedAt).toBeLessThan(60_000);
  const rows = await fixes();
  const perFinding = new Map<string, number>();
  for (const f of rows)
    for (const id of f.finding_ids) perFinding.set(id, (perFinding.get(id) ?? 0) + 1);
  expect(perFinding.size).toBe(FILES);
  expect([...perFinding.values()].every((n) => n === 1)).toBe(true);
  expect(rows.every((f) => f.status === 'generated')).toBe(true);
  const generated = await database.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('repository_id', '=', repoId)
    .where('type', '=', 'fix.generated')
    .executeTakeFirstOrThrow();
  expect(Number(generated.n)).toBe(FILES);
  repo.remove();
});
