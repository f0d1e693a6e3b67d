#!/usr/bin/env node
// One-shot migration command (`pnpm db:migrate`, the Helm pre-install/pre-upgrade Job).
import { createDb } from './database.js';
import { migrateToLatest } from './migrator.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/remediation';

const main = async (): Promise<number> => {
  const db = createDb({
    url: process.env['DATABASE_URL'] ?? DEFAULT_URL,
    poolMax: 1,
    applicationName: 'migrate',
  });
  try {
    const { results, error } = await migrateToLatest(db);
    for (const r of results) {
      process.stdout.write(`${JSON.stringify({ migration: r.migrationName, status: r.status })}\n`);
    }
    if (error !== undefined) {
      const message = error instanceof Error ? error.message : JSON.stringify(error);
      process.stderr.write(`${JSON.stringify({ msg: 'migration failed', error: message })}\n`);
      return 1;
    }
    process.stdout.write(
      `${JSON.stringify({ msg: 'migrations up to date', applied: results.length })}\n`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ msg: 'migration failed', error: err instanceof Error ? err.message : String(err) })}\n`,
    );
    process.exit(1);
  },
);
