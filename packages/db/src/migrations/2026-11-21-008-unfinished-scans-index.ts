import { sql, type Kysely } from 'kysely';

/** sarif-ingest's sweep looks for scans that have not ended; keep that lookup small. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index scans_unfinished_idx on scans (created_at) where state in ('queued', 'processing')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scans_unfinished_idx').execute();
}
