import { createHash, randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../database.js';
import { migrateToLatest, MIGRATION_NAMES } from '../migrator.js';

/** Server used by tests to create databases: TEST_DATABASE_ADMIN_URL or the local default. */
export const testAdminUrl = (): string =>
  process.env['TEST_DATABASE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const adminDb = (): Kysely<unknown> =>
  new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: testAdminUrl(), max: 1 }),
    }),
  });

const templateName = (): string =>
  `remediation_tpl_${createHash('sha256').update(MIGRATION_NAMES.join(',')).digest('hex').slice(0, 12)}`;

// Serializes template creation and cloning across parallel test workers.
const LOCK_KEY = 872_301_455;

const ensureTemplate = async (admin: Kysely<unknown>, name: string): Promise<void> => {
  const exists = await sql<{
    n: number;
  }>`select 1 as n from pg_database where datname = ${name}`.execute(admin);
  if (exists.rows.length > 0) return;
  await sql`create database ${sql.id(name)}`.execute(admin);
  const db = createDb({ url: withDatabase(testAdminUrl(), name), poolMax: 1 });
  try {
    const { error } = await migrateToLatest(db);
    if (error !== undefined)
      throw error instanceof Error ? error : new Error(JSON.stringify(error));
  } finally {
    await db.destroy();
  }
};

export interface TestDatabase {
  url: string;
  db: Db;
  /** Closes the pool and drops the database. */
  destroy: () => Promise<void>;
}

/** Opens a pool on a database this module created; `destroy` closes it and drops the database. */
const openTestDatabase = (name: string, poolMax: number): TestDatabase => {
  const url = withDatabase(testAdminUrl(), name);
  const db = createDb({ url, poolMax });
  return {
    url,
    db,
    destroy: async () => {
      await db.destroy();
      const admin = adminDb();
      try {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      } finally {
        await admin.destroy();
      }
    },
  };
};

/** Creates a fresh, fully migrated database (a clone of a migrated template) for one test file. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const admin = adminDb();
  const name = `remediation_test_${randomBytes(6).toString('hex')}`;
  const template = templateName();
  try {
    await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(admin);
    try {
      await ensureTemplate(admin, template);
      await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(admin);
    }
  } finally {
    await admin.destroy();
  }
  return openTestDatabase(name, 5);
};

/** Creates an empty database (no migrations), for testing the migrator itself. */
export const createEmptyDatabase = async (): Promise<TestDatabase> => {
  const admin = adminDb();
  const name = `remediation_empty_${randomBytes(6).toString('hex')}`;
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  return openTestDatabase(name, 2);
};
