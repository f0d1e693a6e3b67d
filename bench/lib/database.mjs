// A throwaway, migrated database for one benchmark run.
import { randomBytes } from 'node:crypto';
import { createDb, migrateToLatest } from '@remediation/db';
import pg from 'pg';

const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = async (query) => {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

/** Creates and migrates `remediation_bench_<random>`; `drop()` removes it. */
export const createBenchDatabase = async () => {
  const name = `remediation_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = createDb({ url: url.toString(), poolMax: 4 });
  const { error } = await migrateToLatest(db);
  if (error) throw error;
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
};
