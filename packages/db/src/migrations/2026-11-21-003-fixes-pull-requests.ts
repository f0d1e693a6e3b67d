import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fixes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('repository_id', 'uuid', (c) =>
      c.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('scan_id', 'uuid', (c) => c.references('scans.id').onDelete('set null'))
    .addColumn('finding_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('codemod', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('generated', 'failed', 'pr_open', 'merged', 'closed', 'superseded')`),
    )
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('files_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_generated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('diff', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rationale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('evaluation', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('pr_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('fixes_repository_id_idx')
    .on('fixes')
    .columns(['repository_id', 'id'])
    .execute();
  await db.schema
    .createIndex('fixes_repository_status_idx')
    .on('fixes')
    .columns(['repository_id', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('pull_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('fix_id', 'uuid', (c) =>
      c.notNull().unique().references('fixes.id').onDelete('cascade'),
    )
    .addColumn('repository_id', 'uuid', (c) =>
      c.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('number', 'integer')
    .addColumn('url', 'text')
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('target_branch', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'open', 'merged', 'closed')`),
    )
    .addColumn('merged_at', 'timestamptz')
    .addColumn('merged_by', 'text')
    .addColumn('merge_commit_sha', 'text')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by', 'text')
    .addColumn('close_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Inbound forge notifications (PR merged/closed), deduplicated by the forge's delivery id.
  await db.schema
    .createTable('forge_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('forge_events_provider_delivery_key', ['provider', 'delivery_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('forge_events').execute();
  await db.schema.dropTable('pull_requests').execute();
  await db.schema.dropTable('fixes').execute();
}
