import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Fails the run early, with a clear message, when PostgreSQL or Redis is not reachable
 * (scripts/test.sh starts them). Tests never fall back to fakes.
 */
export default async function setup(): Promise<void> {
  const adminUrl =
    process.env['TEST_DATABASE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(`PostgreSQL is not reachable for tests: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Redis is not reachable for tests: ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
}
