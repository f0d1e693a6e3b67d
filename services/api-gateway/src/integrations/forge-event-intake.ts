import type { QUEUES } from '@remediation/contracts';
import { newId, type Db } from '@remediation/db';
import type { Producer } from '@remediation/runtime';

/** A verified forge webhook delivery, as stored in `forge_events`. */
export interface ForgeDelivery {
  provider: 'github' | 'gitlab';
  /** The forge's id of this delivery, the same on its redeliveries. */
  deliveryId: string;
  /** `pull_request`, `workflow_run`, `merge_request`, ... */
  event: string;
  /** The JSON body as received (valid JSON, an object). */
  payload: string;
}

export interface ForgeIntakeDeps {
  db: Db;
  forgeEvents: Producer<typeof QUEUES.forgeEvent>;
}

/**
 * Stores the delivery once per `(provider, delivery_id)` and enqueues its `forge-event` job in
 * the same transaction: when Redis refuses the job nothing is kept and the caller answers 503,
 * so the forge delivers again. A redelivery stores nothing; its job is enqueued again only
 * while the event is unprocessed (a no-op while the first job exists: the job id is the
 * delivery's), which lets a manual redelivery revive an event whose job was dropped.
 */
export const recordForgeDelivery = (
  deps: ForgeIntakeDeps,
  delivery: ForgeDelivery,
): Promise<{ duplicate: boolean }> =>
  deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('forge_events')
      .values({
        id: newId(),
        provider: delivery.provider,
        delivery_id: delivery.deliveryId,
        event: delivery.event,
        payload: delivery.payload,
      })
      .onConflict((oc) => oc.columns(['provider', 'delivery_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('forge_events')
        .select('processed_at')
        .where('provider', '=', delivery.provider)
        .where('delivery_id', '=', delivery.deliveryId)
        .executeTakeFirstOrThrow();
      if (existing.processed_at !== null) return { duplicate: true };
    }
    await deps.forgeEvents.add({ provider: delivery.provider, deliveryId: delivery.deliveryId });
    return { duplicate: !inserted };
  });
