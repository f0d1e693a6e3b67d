import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, MIGRATION_NAMES } from './migrator.js';
import { createEmptyDatabase, type TestDatabase } from './testing/index.js';

const TABLES = [
  'api_tokens',
  'finding_audit',
  'findings',
  'fixes',
  'forge_events',
  'memberships',
  'organizations',
  'outbox',
  'pull_requests',
  'repositories',
  'repository_credentials',
  'sarif_documents',
  'sarif_integrations',
  'scan_batches',
  'scan_findings',
  'scans',
  'sessions',
  'triage_overrides',
  'triage_results',
  'users',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'webhooks',
];

let t: TestDatabase;
beforeAll(async () => {
  t = await createEmptyDatabase();
});
afterAll(async () => t.destroy());

describe('migrations', () => {
  it('when run on an empty database, then every table of DESIGN §4 exists; run again, nothing is applied', async () => {
    const first = await migrateToLatest(t.db);
    expect(first.error).toBeUndefined();
    expect(first.results.map((r) => r.migrationName)).toEqual(MIGRATION_NAMES);
    const { rows } = await sql<{
      tablename: string;
    }>`select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by tablename`.execute(
      t.db,
    );
    expect(rows.map((r) => r.tablename).sort()).toEqual([...TABLES].sort());
    const second = await migrateToLatest(t.db);
    expect(second).toEqual({ results: [] });
  });

  it('when outbox rows are inserted, then each INSERT statement sends one NOTIFY on channel outbox, whatever its row count', async () => {
    const pg = await import('pg');
    const listener = new pg.default.Client({ connectionString: t.url });
    await listener.connect();
    try {
      await listener.query('listen outbox');
      const received: string[] = [];
      listener.on('notification', (n) => received.push(n.channel));
      const orgId = '01a1fba3-0000-7000-8000-0000000000aa';
      await t.db
        .insertInto('organizations')
        .values({ id: orgId, slug: 'notify', tier: 'standard' })
        .execute();
      const event = (n: number) => ({
        id: `01a1fba3-0000-7000-8000-0000000000b${n}`,
        organization_id: orgId,
        repository_id: null,
        type: 'ping',
        envelope: '{}',
        target_webhook_id: null,
        target_delivery_id: null,
      });
      await t.db
        .insertInto('outbox')
        .values([event(1), event(2), event(3)])
        .execute();
      await t.db.insertInto('outbox').values(event(4)).execute();
      // Notifications of committed transactions reach an idle listener before its next answer.
      await listener.query('select 1');
      expect(received).toEqual(['outbox', 'outbox']);
    } finally {
      await listener.end();
    }
  });
});
