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

/**
 * Wraps a pg pool so reads with explicit column lists run as named prepared statements:
 * PostgreSQL plans each once per connection instead of on every call (planning costs
 * several times the execution of a small indexed read).
 */
export const preparingPool = (pool: pg.Pool): PostgresPool => {
  const names = new Map<string, string>();
  const nameFor = (sql: string): string | undefined => {
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
      return {
        query: ((query: unknown, parameters?: readonly unknown[]) => {
          if (typeof query !== 'string') return client.query(query as pg.Submittable);
          const name = nameFor(query);
          const values = parameters ? [...parameters] : [];
          return name ? client.query({ name, text: query, values }) : client.query(query, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
};
