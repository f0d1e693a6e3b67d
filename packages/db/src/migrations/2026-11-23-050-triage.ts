import { sql, type Kysely } from 'kysely';

/**
 * Triage (issue 8): what triage reads from a finding (its snippet and suppressions), verdicts
 * once per finding and scan, overrides that survive rescans with their audit trail, and the
 * batches a scan waits for before it completes (triage, then fixes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('findings')
    .addColumn('snippet', 'text')
    .addColumn('suppressions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('triage_error', 'text')
    // SARIF `result.fixes` (a tool's own proposed change: Semgrep autofix and others).
    .addColumn('sarif_fixes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Why the fixer made no fix for it (no codemod, location not matched, evaluation failed).
    .addColumn('fix_note', 'text')
    .execute();

  // Ingestion done (findings written, triage batches created); the scan completes when its
  // batches are done too.
  // triaged_at: every triage batch ended and the fix attempts were planned.
  await db.schema
    .alterTable('scans')
    .addColumn('ingested_at', 'timestamptz')
    .addColumn('triaged_at', 'timestamptz')
    .execute();
  // Triage's routing per scan: the findings it sends to the fixer once the scan is triaged.
  await db.schema
    .alterTable('scan_findings')
    .addColumn('route_fix', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('triage_results')
    .addColumn('ai_generated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reused_from', 'uuid', (c) => c.references('triage_results.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('triage_results_finding_scan_key')
    .on('triage_results')
    .columns(['finding_id', 'scan_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('triage_overrides')
    .addColumn('finding_id', 'uuid', (c) =>
      c.primaryKey().references('findings.id').onDelete('cascade'),
    )
    .addColumn('classification', 'text', (c) =>
      c.notNull().check(sql`classification in ('TRUE_POSITIVE', 'FALSE_POSITIVE', 'WONT_FIX')`),
    )
    .addColumn('justification', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('finding_audit')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('finding_id', 'uuid', (c) =>
      c.notNull().references('findings.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('finding_audit_finding_idx')
    .on('finding_audit')
    .columns(['finding_id', 'id'])
    .execute();

  await db.schema
    .createTable('scan_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('scan_id', 'uuid', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('triage', 'fix')`))
    .addColumn('finding_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'done', 'failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index scan_batches_pending_idx on scan_batches (scan_id) where state = 'pending'`.execute(
    db,
  );
  await sql`create index scan_batches_pending_age_idx on scan_batches (stage, created_at) where state = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_batches').execute();
  await db.schema.dropTable('finding_audit').execute();
  await db.schema.dropTable('triage_overrides').execute();
  await db.schema.dropIndex('triage_results_finding_scan_key').execute();
  await db.schema
    .alterTable('triage_results')
    .dropColumn('reused_from')
    .dropColumn('ai_generated')
    .execute();
  await db.schema.alterTable('scan_findings').dropColumn('route_fix').execute();
  await db.schema.alterTable('scans').dropColumn('triaged_at').dropColumn('ingested_at').execute();
  await db.schema
    .alterTable('findings')
    .dropColumn('fix_note')
    .dropColumn('sarif_fixes')
    .dropColumn('triage_error')
    .dropColumn('suppressions')
    .dropColumn('snippet')
    .execute();
}
