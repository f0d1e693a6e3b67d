import { newId, type Db } from '@remediation/db';
import { sql } from 'kysely';
import { DELIVERIES_CHANNEL } from '../delivery/delivery-loop.js';
import { planDeliveries } from './plan-deliveries.js';

export interface RelayResult {
  /** Outbox rows marked relayed. */
  relayed: number;
  /** Deliveries created by this batch. */
  deliveryIds: string[];
}

/**
 * Fans out up to `limit` committed outbox events into deliveries and marks them relayed, in one
 * transaction. Rows are claimed with FOR UPDATE SKIP LOCKED, so concurrent relays never take the
 * same event; a relay that dies mid-batch rolls back and the rows are taken again. The unique
 * index on first deliveries (webhook, event) makes a replayed batch create nothing twice. New
 * deliveries are due at once (`available_at` defaults to now) and a notification on commit
 * tells every dispatcher to claim them.
 */
export const relayBatch = (db: Db, limit: number): Promise<RelayResult> =>
  db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('outbox')
      .select(['id', 'organization_id', 'type', 'target_webhook_id', 'target_delivery_id'])
      .where('relayed_at', 'is', null)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (events.length === 0) return { relayed: 0, deliveryIds: [] };
    const organizations = [...new Set(events.map((e) => e.organization_id))];
    const webhooks = await trx
      .selectFrom('webhooks')
      .select(['id', 'organization_id', 'events'])
      .where('organization_id', 'in', organizations)
      .where('deleted_at', 'is', null)
      .where('active', '=', true)
      .execute();
    const planned = planDeliveries(events, webhooks, newId);
    const inserted =
      planned.length === 0
        ? []
        : await trx
            .insertInto('webhook_deliveries')
            .values(planned.map((p) => ({ ...p, status: 'pending' as const })))
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .execute();
    // Delivered at commit: wakes every dispatcher's delivery loop, not only this one's.
    if (inserted.length > 0) await sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`.execute(trx);
    await trx
      .updateTable('outbox')
      .set({ relayed_at: sql<Date>`now()` as never })
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    return { relayed: events.length, deliveryIds: inserted.map((r) => r.id) };
  });
