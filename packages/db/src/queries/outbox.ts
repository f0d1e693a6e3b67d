import type { DbOrTx } from '../database.js';

export interface OutboxEvent {
  /** Event id (the envelope's `id`), a UUIDv7. */
  id: string;
  organizationId: string;
  repositoryId: string | null;
  type: string;
  envelope: Record<string, unknown>;
  /** For `ping`: the only webhook it goes to, and the delivery id promised to the caller. */
  target?: { webhookId: string; deliveryId: string };
}

/** Writes an event to the outbox; call it inside the transaction that makes the change. */
export const insertOutboxEvent = async (trx: DbOrTx, event: OutboxEvent): Promise<void> => {
  await trx
    .insertInto('outbox')
    .values({
      id: event.id,
      organization_id: event.organizationId,
      repository_id: event.repositoryId,
      type: event.type,
      envelope: JSON.stringify(event.envelope),
      target_webhook_id: event.target?.webhookId ?? null,
      target_delivery_id: event.target?.deliveryId ?? null,
    })
    .execute();
};

/** Writes many events in one statement (a triage batch's `triage.completed` events). */
export const insertOutboxEvents = async (
  trx: DbOrTx,
  events: readonly OutboxEvent[],
): Promise<void> => {
  if (events.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      events.map((event) => ({
        id: event.id,
        organization_id: event.organizationId,
        repository_id: event.repositoryId,
        type: event.type,
        envelope: JSON.stringify(event.envelope),
        target_webhook_id: event.target?.webhookId ?? null,
        target_delivery_id: event.target?.deliveryId ?? null,
      })),
    )
    .execute();
};
