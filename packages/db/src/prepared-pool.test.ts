import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';
import { newId } from './ids.js';
import { isPreparable } from './prepared-pool.js';
import { createTestDatabase, type TestDatabase } from './testing/index.js';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  // One connection, so pg_prepared_statements shows what this pool prepared.
  db = createDb({ url: t.url, poolMax: 1 });
});
afterAll(async () => {
  await db.destroy();
  await t.destroy();
});

const prepared = async () =>
  (
    await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
  ).rows.map((r) => r.statement);

describe('prepared statements', () => {
  it('when a column-listed read runs, then it is prepared once and reused; select * is never prepared', async () => {
    for (let i = 0; i < 3; i++)
      await db
        .selectFrom('organizations')
        .select(['id', 'slug'])
        .where('slug', '=', `s${i}`)
        .execute();
    await db.selectFrom('organizations').selectAll().execute();
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('"slug" = $1'))).toHaveLength(1);
    expect(statements.some((s) => s.includes('*'))).toBe(false);
  });

  it('when a migration adds a column while the pool is warm, then reads keep working', async () => {
    await db
      .insertInto('organizations')
      .values({ id: newId(), slug: 'warm', tier: 'standard' })
      .execute();
    const read = () =>
      db.selectFrom('organizations').select(['id', 'slug']).where('slug', '=', 'warm').execute();
    const readAll = () =>
      db.selectFrom('organizations').selectAll().where('slug', '=', 'warm').execute();
    await read();
    await readAll();
    await sql`alter table organizations add column probe_column text`.execute(db);
    expect(await read()).toHaveLength(1);
    expect(Object.keys((await readAll())[0]!)).toContain('probe_column');
  });

  it('when classifying SQL, then only selects without a star projection are preparable', () => {
    expect(isPreparable('select "id" from "fixes" where "repository_id" = $1')).toBe(true);
    expect(isPreparable('select count(*)::int as "n" from "findings"')).toBe(true);
    expect(isPreparable('select * from "fixes"')).toBe(false);
    expect(isPreparable('select "fixes".* from "fixes"')).toBe(false);
    expect(isPreparable('select "a", * from "fixes"')).toBe(false);
    expect(isPreparable('insert into "fixes" values ($1)')).toBe(false);
  });
});

describe('a connection that dies while checked out', () => {
  it('when the backend of an open transaction is terminated between queries, then the process survives, the transaction fails and the next query works', async () => {
    const errors: Error[] = [];
    const own = createDb({ url: t.url, poolMax: 1, onIdleError: (err) => errors.push(err) });
    const admin = createDb({ url: t.url, poolMax: 1 });
    try {
      const failed = own.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin);
        // The connection is idle in the transaction when it is terminated: its 'error' event
        // fires before this query, which then fails on the dead connection.
        await expect.poll(() => errors.length, { timeout: 5_000 }).toBeGreaterThan(0);
        await sql`select 1`.execute(trx);
      });
      await expect(failed).rejects.toThrow();
      expect(errors[0]!.message).toMatch(/terminat/i);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(own);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await own.destroy();
      await admin.destroy();
    }
  });
});
