import { sql, type Kysely } from 'kysely';

/**
 * The dispatcher claims due deliveries webhook by webhook (decision 0017): one index entry per
 * pending delivery, in each webhook's due order, replaces the single due-time order, so a claim
 * walks the webhooks that have pending deliveries and never scans past one webhook's backlog.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index webhook_deliveries_pending_idx on webhook_deliveries (webhook_id, available_at)
    where status = 'pending'`.execute(db);
  await db.schema.dropIndex('webhook_deliveries_due_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index webhook_deliveries_due_idx on webhook_deliveries (available_at)
    where status = 'pending'`.execute(db);
  await db.schema.dropIndex('webhook_deliveries_pending_idx').execute();
}
