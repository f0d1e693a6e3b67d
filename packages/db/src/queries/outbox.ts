import { context, propagation } from '@opentelemetry/api';
import { sql } from 'kysely';
import type { DbOrTx } from '../database.js';
import { jsonRows } from '../json-param.js';

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

/**
 * The active W3C trace context (a request's or a job's span), stored with the event so each
 * delivery of it continues the trace; null when telemetry is off or no span is active.
 */
export const activeTraceContext = (): string | null => {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier['traceparent'] ? JSON.stringify(carrier) : null;
};

/**
 * Writes many events in one statement. The rows go
 * as one JSON parameter expanded by `jsonb_to_recordset`: a short statement, planned in no time,
 * instead of a `values` list with eight parameters per event.
 */
export const insertOutboxEvents = async (
  trx: DbOrTx,
  events: readonly OutboxEvent[],
): Promise<void> => {
  if (events.length === 0) return;
  const trace = activeTraceContext();
  const rows = events.map((event) => ({
    id: event.id,
    organization_id: event.organizationId,
    repository_id: event.repositoryId,
    type: event.type,
    envelope: event.envelope,
    target_webhook_id: event.target?.webhookId ?? null,
    target_delivery_id: event.target?.deliveryId ?? null,
  }));
  await sql`insert into outbox (id, organization_id, repository_id, type, envelope,
      target_webhook_id, target_delivery_id, trace_context)
    select r.id, r.organization_id, r.repository_id, r.type, r.envelope, r.target_webhook_id,
      r.target_delivery_id, ${trace}::jsonb
    from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as r(id uuid, organization_id uuid,
      repository_id uuid, type text, envelope jsonb, target_webhook_id uuid,
      target_delivery_id uuid)`.execute(trx);
};

/**
 * Writes an event to the outbox, with the active trace context; call it inside the transaction
 * that makes the change.
 */
export const insertOutboxEvent = (trx: DbOrTx, event: OutboxEvent): Promise<void> =>
  insertOutboxEvents(trx, [event]);
