import { createDb, newId, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTenant } from '../../../test/e2e/support/tenant.js';
import { registerScanStateMetrics } from '../src/ingest/scan-state-metrics.js';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database?.destroy());

const scan = async (repoId: string, state: string, ageSeconds: number) =>
  db
    .insertInto('scans')
    .values({
      id: newId(),
      repository_id: repoId,
      sarif_document_id: null,
      state: state as 'queued',
      source: 'upload',
      commit_sha: null,
      ref: null,
      checkout_uri: null,
      idempotency_key: null,
      error: null,
      created_at: sql<Date>`now() - make_interval(secs => ${ageSeconds})` as never,
    })
    .execute();

const samples = async (registry: Registry, name: string) => {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  return Object.fromEntries((metric?.values ?? []).map((v) => [v.labels['state'], v.value]));
};

describe('scan state metrics', () => {
  it('when scans are in every state, then each state is counted and the oldest unfinished ones are aged', async () => {
    const { repoId } = await insertTenant(db, 'file:///nowhere.git');
    await scan(repoId, 'queued', 30);
    await scan(repoId, 'processing', 600);
    await scan(repoId, 'processing', 60);
    for (let i = 0; i < 3; i++) await scan(repoId, 'completed', 3600);
    await scan(repoId, 'failed', 3600);

    const registry = new Registry();
    registerScanStateMetrics(registry, db);
    expect(await samples(registry, 'remediation_scans')).toEqual({
      queued: 1,
      processing: 2,
      completed: 3,
      failed: 1,
    });
    const oldest = await samples(registry, 'remediation_scan_oldest_unfinished_seconds');
    expect(oldest['processing']).toBeGreaterThanOrEqual(600);
    expect(oldest['processing']).toBeLessThan(900);
    expect(oldest['queued']).toBeGreaterThanOrEqual(30);
    expect(oldest['queued']).toBeLessThan(600);
  });

  it('when PostgreSQL cannot be read, then the scan series are left out and the scrape still succeeds', async () => {
    const registry = new Registry();
    // Nothing listens on port 1: every query fails to connect.
    const down = createDb({ url: 'postgres://postgres@127.0.0.1:1/none', poolMax: 1 });
    try {
      registerScanStateMetrics(registry, down);
      const text = await registry.metrics();
      expect(text).not.toMatch(/^remediation_scans\{/m);
      expect(text).toContain('# TYPE remediation_scans gauge');
    } finally {
      await down.destroy();
    }
  });
});
