import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';

export interface MigrateOutcome {
  results: MigrationResult[];
  error?: unknown;
}

/** Applies every pending migration; the outcome carries the error instead of throwing. */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<MigrateOutcome> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve({ ...MIGRATIONS }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  return error === undefined ? { results: results ?? [] } : { results: results ?? [], error };
};

export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();
