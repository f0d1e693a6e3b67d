import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sarif_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('repository_id', 'uuid', (c) =>
      c.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('content_gzip', 'bytea', (c) => c.notNull())
    .addColumn('content_sha256', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('scans')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('repository_id', 'uuid', (c) =>
      c.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('sarif_document_id', 'uuid', (c) => c.references('sarif_documents.id'))
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'processing', 'completed', 'failed')`),
    )
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('upload', 'rescan')`))
    .addColumn('tools', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('commit_sha', 'text')
    .addColumn('ref', 'text')
    .addColumn('checkout_uri', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('findings_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fixes_generated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('scans_repository_idempotency_key', ['repository_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('scans_repository_id_idx')
    .on('scans')
    .columns(['repository_id', 'id'])
    .execute();

  await db.schema
    .createTable('findings')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('repository_id', 'uuid', (c) =>
      c.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('first_seen_scan_id', 'uuid', (c) => c.notNull().references('scans.id'))
    .addColumn('last_seen_scan_id', 'uuid', (c) => c.notNull().references('scans.id'))
    .addColumn('rule_id', 'text')
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('uri', 'text')
    .addColumn('start_line', 'integer')
    .addColumn('start_column', 'integer')
    .addColumn('end_line', 'integer')
    .addColumn('end_column', 'integer')
    .addColumn('level', 'text', (c) =>
      c.notNull().check(sql`level in ('error', 'warning', 'note', 'none')`),
    )
    .addColumn('severity', 'text', (c) =>
      c.notNull().check(sql`severity in ('critical', 'high', 'medium', 'low', 'info')`),
    )
    .addColumn('dataflow_tier', 'text', (c) => c.notNull())
    .addColumn('suppressed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('resolved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fixable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('problems', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('code_flows', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('related_locations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('fix_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('findings_repository_fingerprint_key', ['repository_id', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('findings_repository_id_idx')
    .on('findings')
    .columns(['repository_id', 'id'])
    .execute();

  // Which findings each scan saw (a finding's row holds only the last scan).
  await db.schema
    .createTable('scan_findings')
    .addColumn('scan_id', 'uuid', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('finding_id', 'uuid', (c) =>
      c.notNull().references('findings.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('scan_findings_pkey', ['scan_id', 'finding_id'])
    .execute();

  await db.schema
    .createTable('triage_results')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('finding_id', 'uuid', (c) =>
      c.notNull().references('findings.id').onDelete('cascade'),
    )
    .addColumn('scan_id', 'uuid', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('classification', 'text', (c) =>
      c.notNull().check(sql`classification in ('TRUE_POSITIVE', 'FALSE_POSITIVE', 'WONT_FIX')`),
    )
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('confidence', 'real', (c) =>
      c.notNull().check(sql`confidence >= 0 and confidence <= 1`),
    )
    .addColumn('justification', 'text', (c) => c.notNull())
    .addColumn('evidence', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('evidence_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('triage_results_finding_idx')
    .on('triage_results')
    .columns(['finding_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['triage_results', 'scan_findings', 'findings', 'scans', 'sarif_documents']) {
    await db.schema.dropTable(t).execute();
  }
}
