import { sql, type Kysely } from 'kysely';

/**
 * A redelivery is a new delivery of the same event to the same webhook: the (webhook, event)
 * uniqueness now holds for first deliveries only, and each redelivery names its original.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('redelivery_of', 'uuid', (c) =>
      c.references('webhook_deliveries.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .alterTable('webhook_deliveries')
    .dropConstraint('webhook_deliveries_webhook_event_key')
    .execute();
  await sql`create unique index webhook_deliveries_first_key on webhook_deliveries (webhook_id, event_id) where redelivery_of is null`.execute(
    db,
  );
  await db.schema
    .createIndex('webhook_deliveries_created_idx')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_created_idx').execute();
  await db.schema.dropIndex('webhook_deliveries_first_key').execute();
  await db.schema
    .alterTable('webhook_deliveries')
    .addUniqueConstraint('webhook_deliveries_webhook_event_key', ['webhook_id', 'event_id'])
    .execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('redelivery_of').execute();
}
