import type { Db, DbOrTx } from '@remediation/db';

export const DELIVERY_COLUMNS = [
  'webhook_deliveries.id',
  'webhook_deliveries.webhook_id',
  'webhook_deliveries.event_id',
  'webhook_deliveries.event_type',
  'webhook_deliveries.status',
  'webhook_deliveries.attempts',
  'webhook_deliveries.created_at',
  'webhook_deliveries.last_attempt_at',
  'webhook_deliveries.next_attempt_at',
  'webhook_deliveries.delivered_at',
  'webhook_deliveries.redelivery_of',
] as const;

export const deliveriesOf = (
  db: Db,
  webhookId: string,
  filter: { status?: string | undefined; event_type?: string | undefined },
) => {
  let q = db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('webhook_deliveries.webhook_id', '=', webhookId);
  if (filter.status) q = q.where('webhook_deliveries.status', '=', filter.status as never);
  if (filter.event_type) q = q.where('webhook_deliveries.event_type', '=', filter.event_type);
  return q;
};

export const findDelivery = (db: DbOrTx, webhookId: string, deliveryId: string) =>
  db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('webhook_deliveries.webhook_id', '=', webhookId)
    .where('webhook_deliveries.id', '=', deliveryId)
    .executeTakeFirst();

export const attemptsOf = (db: Db, deliveryId: string) =>
  db
    .selectFrom('webhook_delivery_attempts')
    .select([
      'attempt_number',
      'started_at',
      'duration_ms',
      'status_code',
      'error_class',
      'response_excerpt',
    ])
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt_number')
    .execute();
