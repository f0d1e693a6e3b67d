import { sql, type Kysely } from 'kysely';

/**
 * SARIF arrives by three routes (spec): an upload through the API, a generic SARIF integration,
 * and a natively integrated scanner (GitHub code scanning): the scan says which.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table scans drop constraint if exists scans_source_check`.execute(db);
  await sql`alter table scans add constraint scans_source_check
    check (source in ('upload', 'rescan', 'integration', 'github_code_scanning'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table scans drop constraint if exists scans_source_check`.execute(db);
  await sql`alter table scans add constraint scans_source_check check (source in ('upload', 'rescan'))`.execute(
    db,
  );
}
