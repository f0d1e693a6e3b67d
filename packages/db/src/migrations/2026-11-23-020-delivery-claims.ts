import { sql, type Kysely } from 'kysely';

/**
 * The webhook-dispatcher claims due deliveries from PostgreSQL in batches (decision 0017):
 * `available_at` is when a pending delivery may next be claimed (now for a new one, its retry
 * time after a failed attempt, the end of its lease while an attempt is in flight). It is the
 * dispatcher's bookkeeping; `next_attempt_at` keeps its meaning for the delivery log API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    update webhook_deliveries set available_at = coalesce(next_attempt_at, created_at)
    where status = 'pending'`.execute(db);
  await sql`
    create index webhook_deliveries_due_idx on webhook_deliveries (available_at)
    where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_due_idx').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('available_at').execute();
}
