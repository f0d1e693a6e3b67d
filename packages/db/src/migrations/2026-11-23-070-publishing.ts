import { sql, type Kysely } from 'kysely';

/**
 * Publishing fixes (issue 10): why a fix could not be published (or was superseded), the pull
 * request's head, lookups of pull requests by number and state, and generic SARIF integrations
 * (a per-repository endpoint signed with an HMAC secret instead of an API token).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fixes').addColumn('publish_error', 'text').execute();
  await db.schema.alterTable('pull_requests').addColumn('head_sha', 'text').execute();
  await db.schema
    .createIndex('pull_requests_repository_number_idx')
    .on('pull_requests')
    .columns(['repository_id', 'number'])
    .execute();
  await sql`create index pull_requests_open_idx on pull_requests (repository_id, updated_at) where state = 'open'`.execute(
    db,
  );
  await db.schema
    .createTable('sarif_integrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('repository_id', 'uuid', (c) =>
      c.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sarif_integrations_repository_idx')
    .on('sarif_integrations')
    .columns(['repository_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sarif_integrations').execute();
  await sql`drop index pull_requests_open_idx`.execute(db);
  await db.schema.dropIndex('pull_requests_repository_number_idx').execute();
  await db.schema.alterTable('pull_requests').dropColumn('head_sha').execute();
  await db.schema.alterTable('fixes').dropColumn('publish_error').execute();
}
