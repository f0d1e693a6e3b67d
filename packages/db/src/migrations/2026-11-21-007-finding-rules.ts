import { sql, type Kysely } from 'kysely';

/**
 * Ingestion: each finding keeps its rule's metadata (name, description, help URI, tags, CWE,
 * precision, security-severity) as normalized by its scanner handler; resolution looks findings
 * up by (repository, tool, category).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('findings')
    .addColumn('rule', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`create index findings_open_by_tool_idx on findings (repository_id, tool, (coalesce(category, ''))) where not resolved`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('findings_open_by_tool_idx').execute();
  await db.schema.alterTable('findings').dropColumn('rule').execute();
}
