import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('standard', 'enterprise')`))
    .addColumn('rate_limit_rpm', 'integer', (c) => c.check(sql`rate_limit_rpm > 0`))
    .addColumn('rate_limit_burst', 'integer', (c) => c.check(sql`rate_limit_burst > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('repositories')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) =>
      c.notNull().check(sql`provider in ('github', 'gitlab', 'git')`),
    )
    .addColumn('clone_url', 'text', (c) => c.notNull())
    .addColumn('credentials_ref', 'text')
    .addColumn('default_branch', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('repositories_org_name_key', ['organization_id', 'name'])
    .execute();
  await db.schema
    .createIndex('repositories_org_id_idx')
    .on('repositories')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('display_prefix', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) =>
      c.notNull().check(sql`scope in ('organization', 'repository')`),
    )
    .addColumn('repository_id', 'uuid', (c) => c.references('repositories.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint(
      'api_tokens_scope_repository',
      sql`(scope = 'repository') = (repository_id is not null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('repositories').execute();
  await db.schema.dropTable('organizations').execute();
}
