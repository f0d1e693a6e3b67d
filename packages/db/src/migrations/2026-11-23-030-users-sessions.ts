import { sql, type Kysely } from 'kysely';

/**
 * People who sign in to the dashboard: users (a local password hash, or an OpenID Connect
 * issuer and subject), their role in each organization, and their sessions (only the SHA-256
 * of a session id is stored; the CSRF token is bound to the session).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text')
    .addColumn('password_must_change', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_subject', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('disabled_at', 'timestamptz')
    .addUniqueConstraint('users_email_key', ['email'])
    .addUniqueConstraint('users_oidc_identity_key', ['oidc_issuer', 'oidc_subject'])
    .addCheckConstraint(
      'users_oidc_identity_complete',
      sql`(oidc_issuer is null) = (oidc_subject is null)`,
    )
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memberships_pkey', ['user_id', 'organization_id'])
    .execute();
  await db.schema
    .createIndex('memberships_organization_idx')
    .on('memberships')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('session_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('auth_method', 'text', (c) =>
      c.notNull().check(sql`auth_method in ('password', 'oidc')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('users').execute();
}
