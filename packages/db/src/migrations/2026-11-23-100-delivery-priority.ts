import { sql, type Kysely } from 'kysely';

/**
 * Per-finding `triage.completed` deliveries go out after a webhook's other due deliveries
 * (`scan.completed`, `fix.generated`, `pr.*`, `ping`): the first scan of a large repository
 * queues tens of thousands of them per subscriber, and its `scan.completed` must not wait behind
 * them. The claim walks this index in the same order (decision 0017), so it still never scans a
 * webhook's backlog.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index webhook_deliveries_pending_order_idx on webhook_deliveries
      (webhook_id, (event_type = 'triage.completed'), available_at)
    where status = 'pending'`.execute(db);
  await db.schema.dropIndex('webhook_deliveries_pending_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index webhook_deliveries_pending_idx on webhook_deliveries (webhook_id, available_at)
    where status = 'pending'`.execute(db);
  await db.schema.dropIndex('webhook_deliveries_pending_order_idx').execute();
}
