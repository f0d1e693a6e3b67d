import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Most distinct statements named per process; later ones run unnamed. */
const MAX_NAMED_STATEMENTS = 500;

/**
 * `select *` / `table.*` results change shape when a migration adds a column, and a prepared
 * plan then fails with "cached plan must not change result type"; such queries stay unnamed.
 */
const SELECTS_STAR = /(?:^select|,|\.)\s*\*/i;

export const isPreparable = (sql: string): boolean =>
  /^select\s/i.test(sql) && !SELECTS_STAR.test(sql);

export interface PoolOptions {
  /** Run column-listed reads as named prepared statements (default true). */
  prepare?: boolean;
  /** Told when a checked-out connection dies between queries (the pool destroys it on release). */
  onError?: (err: Error) => void;
}

/**
 * Adapts a pg pool to Kysely's `PostgresPool`:
 * - reads with explicit column lists run as named prepared statements: PostgreSQL plans each
 *   once per connection instead of on every call (planning costs several times the execution of
 *   a small indexed read);
 * - a checked-out connection has an `'error'` listener for as long as it is out. pg-pool removes
 *   its own listener on checkout, so a connection terminated while a transaction waits between
 *   queries (a database restart, `pg_terminate_backend`) would otherwise raise an unhandled
 *   `'error'` event and kill the process. The next query on it fails and the work is retried.
 */
export const preparingPool = (pool: pg.Pool, options: PoolOptions = {}): PostgresPool => {
  const names = new Map<string, string>();
  const nameFor = (sql: string): string | undefined => {
    if (options.prepare === false) return undefined;
    const known = names.get(sql);
    if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS || !isPreparable(sql))
      return known;
    const name = `remediation_${names.size}`;
    names.set(sql, name);
    return name;
  };
  return {
    connect: async (): Promise<PostgresPoolClient> => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
        options.onError?.(err);
      };
      client.on('error', onError);
      return {
        query: ((query: unknown, parameters?: readonly unknown[]) => {
          if (typeof query !== 'string') return client.query(query as pg.Submittable);
          const name = nameFor(query);
          const values = parameters ? [...parameters] : [];
          return name ? client.query({ name, text: query, values }) : client.query(query, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => {
          client.removeListener('error', onError);
          // A dead connection is destroyed, not returned to the pool.
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
};
