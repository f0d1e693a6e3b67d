import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUEUES } from '@remediation/contracts';
import { createBatches, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import {
  createLogger,
  createProducer,
  createRedis,
  loadConfig,
  type Redis,
} from '@remediation/runtime';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo, gitApply, type LocalRepo } from '../../../test/e2e/support/git-repo.js';
import { insertIngestedScan, insertTenant } from '../../../test/e2e/support/tenant.js';
import { FixerConfig } from '../src/config.js';
import { createFixer, type Fixer } from '../src/fixer.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const SESSION = `'use strict';

const express = require('express');

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId, express };
`;

let database: TestDatabase;
let db: Db;
let repo: LocalRepo;
let commit: string;
let fixer: Fixer;
let redis: Redis[];
let producer: ReturnType<typeof createProducer<typeof QUEUES.fix>>;
let prefix: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  repo = createLocalRepo({ 'src/session.js': SESSION, 'src/other.js': 'module.exports = 1;\n' });
  commit = repo.commit({ 'package.json': '{ "name": "app", "version": "1.0.0" }\n' }, 'manifest');
  prefix = `test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig(FixerConfig, {
    DATABASE_URL: database.url,
    QUEUE_PREFIX: prefix,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    GIT_ALLOWED_PROTOCOLS: 'file',
    GIT_MIRROR_DIR: mkdtempSync(join(tmpdir(), 'fixer-mirrors-')),
  });
  redis = [createRedis(REDIS_URL, 'worker'), createRedis(REDIS_URL, 'producer')];
  fixer = createFixer({
    config,
    db,
    workerRedis: redis[0]!,
    producerRedis: redis[1]!,
    logger: createLogger({ service: 'fixer-test', level: 'silent' }),
  });
  fixer.run();
  producer = createProducer(QUEUES.fix, { connection: redis[1]!, prefix });
});
afterAll(async () => {
  await fixer?.stop();
  await producer?.close();
  for (const r of redis ?? []) r.disconnect();
  await database?.destroy();
  repo?.remove();
});

const waitForScan = async (scanId: string) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await db
      .selectFrom('scans')
      .select(['state', 'fixes_generated'])
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    if (row.state !== 'processing') return row;
    if (Date.now() > deadline) throw new Error('the scan did not complete');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A triaged scan with one fix batch per group; enqueues them as triage would. */
const triagedScan = async (
  findings: Parameters<typeof insertIngestedScan>[3],
  groups: (ids: string[]) => string[][],
  at: string | null = commit,
  settings: Record<string, unknown> = {},
) => {
  const tenant = await insertTenant(db, repo.url, settings);
  const { scanId, findingIds } = await insertIngestedScan(db, tenant, at, findings);
  await db.updateTable('scans').set({ triaged_at: new Date() }).where('id', '=', scanId).execute();
  const batches = await createBatches(db, scanId, 'fix', groups(findingIds));
  await producer.addMany(batches.map((b) => ({ scanId, batchId: b.id })));
  return { tenant, scanId, findingIds, batches };
};

const insecureRandom = {
  ruleId: 'js/insecure-randomness',
  tool: 'CodeQL',
  uri: 'src/session.js',
  startLine: 6,
  startColumn: 10,
  endLine: 6,
  endColumn: 23,
};

describe('the fixer', () => {
  it('when the repository has auto_pr on, then a generated fix is handed to the publisher', async () => {
    const { scanId } = await triagedScan([insecureRandom], (ids) => [ids], commit, {
      auto_pr: true,
    });
    await waitForScan(scanId);
    const fix = await db
      .selectFrom('fixes')
      .select('id')
      .where('scan_id', '=', scanId)
      .executeTakeFirstOrThrow();
    const publishQueue = new Queue(QUEUES.prPublish.name, { connection: redis[1]!, prefix });
    try {
      expect((await publishQueue.getJob(`pr-${fix.id}`))?.data).toEqual({ fixId: fix.id });
    } finally {
      await publishQueue.close();
    }
  });

  it('when a triaged finding has a codemod, then a generated fix is stored with a diff that applies, its event is written and the scan completes', async () => {
    const { scanId, findingIds, tenant } = await triagedScan([insecureRandom], (ids) => [ids]);
    expect(await waitForScan(scanId)).toEqual({ state: 'completed', fixes_generated: 1 });
    const fix = await db
      .selectFrom('fixes')
      .selectAll()
      .where('scan_id', '=', scanId)
      .executeTakeFirstOrThrow();
    expect(fix).toMatchObject({
      status: 'generated',
      codemod: 'remediate:js/insecure-randomness',
      finding_ids: findingIds,
      files_changed: 1,
      ai_generated: false,
      repository_id: tenant.repoId,
    });
    expect(fix.evaluation).toMatchObject({
      ok: true,
      checks: {
        parses: true,
        pattern_gone: true,
        idempotent: true,
        diff_local: true,
        git_apply: true,
      },
    });
    expect(fix.rationale).toMatch(/\*\*What was wrong\.\*\*/);
    expect(fix.rationale).toContain('src/session.js:6');
    const checkout = repo.checkout(commit);
    gitApply(checkout, fix.diff);
    const finding = await db
      .selectFrom('findings')
      .select(['fix_id', 'fix_note'])
      .where('id', '=', findingIds[0]!)
      .executeTakeFirstOrThrow();
    expect(finding).toEqual({ fix_id: fix.id, fix_note: null });
    const events = await db
      .selectFrom('outbox')
      .select(['type', 'envelope'])
      .where('repository_id', '=', tenant.repoId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['fix.generated', 'scan.completed']);
    expect(events[0]!.envelope).toMatchObject({
      data: {
        fix_id: fix.id,
        codemod: 'remediate:js/insecure-randomness',
        files_changed: 1,
        detection_tool: 'CodeQL',
        ai_generated: false,
        finding_ids: findingIds,
      },
    });
    expect(events[1]!.envelope).toMatchObject({ data: { state: 'completed', fixes_generated: 1 } });
  });

  it('when no codemod can fix a finding, then no fix is stored, the finding says why and the scan still completes', async () => {
    const { scanId, findingIds } = await triagedScan(
      [{ ...insecureRandom, ruleId: 'js/unused-local-variable' }],
      (ids) => [ids],
    );
    expect(await waitForScan(scanId)).toEqual({ state: 'completed', fixes_generated: 0 });
    const finding = await db
      .selectFrom('findings')
      .select(['fix_id', 'fix_note'])
      .where('id', '=', findingIds[0]!)
      .executeTakeFirstOrThrow();
    expect(finding).toEqual({
      fix_id: null,
      fix_note: 'no codemod for CodeQL rule js/unused-local-variable in javascript',
    });
  });

  it('when the location no longer matches the code, then the codemod refuses and the reason is recorded', async () => {
    const { scanId, findingIds } = await triagedScan(
      [{ ...insecureRandom, uri: 'src/other.js', startLine: 1, startColumn: 1, endColumn: 5 }],
      (ids) => [ids],
    );
    await waitForScan(scanId);
    const finding = await db
      .selectFrom('findings')
      .select('fix_note')
      .where('id', '=', findingIds[0]!)
      .executeTakeFirstOrThrow();
    expect(finding.fix_note).toMatch(
      /remediate:js\/insecure-randomness: (location_not_matched|pattern_not_recognized)/,
    );
  });

  it('when the scanned commit does not exist, then the attempt records it and the scan completes', async () => {
    const { scanId, findingIds } = await triagedScan(
      [insecureRandom],
      (ids) => [ids],
      'f'.repeat(40),
    );
    expect((await waitForScan(scanId)).state).toBe('completed');
    const finding = await db
      .selectFrom('findings')
      .select('fix_note')
      .where('id', '=', findingIds[0]!)
      .executeTakeFirstOrThrow();
    expect(finding.fix_note).toMatch(/commit ffffffffffff cannot be read \(commit_not_found\)/);
  });

  it('when a fix job is delivered twice, then there is one fix and the scan is counted once', async () => {
    const { scanId, batches } = await triagedScan([insecureRandom], (ids) => [ids]);
    await waitForScan(scanId);
    await producer.queue.add(
      'fix',
      { scanId, batchId: batches[0]!.id },
      { jobId: `again-${batches[0]!.id}` },
    );
    const again = await producer.queue.getJob(`again-${batches[0]!.id}`);
    await expect
      .poll(async () => (again ? await again.getState() : 'gone'), { timeout: 10_000 })
      .toBe('completed');
    const fixes = await db.selectFrom('fixes').select('id').where('scan_id', '=', scanId).execute();
    expect(fixes).toHaveLength(1);
    expect((await waitForScan(scanId)).fixes_generated).toBe(1);
  });
});
