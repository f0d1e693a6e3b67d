import type { Db, DbOrTx, NewWebhook } from '@remediation/db';
import { sql } from 'kysely';

export const WEBHOOK_COLUMNS = [
  'id',
  'url',
  'events',
  'description',
  'active',
  'secret_hint',
  'created_at',
] as const;

export const activeWebhooksOf = (db: Db, organizationId: string) =>
  db
    .selectFrom('webhooks')
    .select(WEBHOOK_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null);

export const countActiveWebhooks = async (db: Db, organizationId: string): Promise<number> => {
  const row = await db
    .selectFrom('webhooks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
};

export const insertWebhook = (db: DbOrTx, webhook: NewWebhook) =>
  db.insertInto('webhooks').values(webhook).returning(WEBHOOK_COLUMNS).executeTakeFirstOrThrow();

export const findActiveWebhook = (db: DbOrTx, organizationId: string, id: string) =>
  db
    .selectFrom('webhooks')
    .select(WEBHOOK_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Soft delete: pending deliveries see it inactive; true when a live webhook was removed. */
export const deleteWebhook = async (
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<boolean> => {
  const result = await db
    .updateTable('webhooks')
    .set({ deleted_at: sql<Date>`now()` as never, active: false })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};
