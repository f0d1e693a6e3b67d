import {
  DeliveryFilters,
  Id,
  PageQuery,
  RedeliveryAccepted,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  type QUEUES,
  type WebhookDelivery,
  type WebhookDeliveryDetail as DeliveryDetail,
} from '@remediation/contracts';
import { newId, paginate, type Db } from '@remediation/db';
import type { Producer } from '@remediation/runtime';
import { AppError, notFound } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter } from '../repositories/repositories.routes.js';
import { attemptsOf, deliveriesOf, findDelivery } from './deliveries.repository.js';
import { findActiveWebhook } from './webhooks.repository.js';

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhook_id: row.webhook_id,
  event_id: row.event_id,
  event_type: row.event_type,
  status: row.status,
  attempt_count: row.attempts,
  created_at: row.created_at.toISOString(),
  last_attempt_at: iso(row.last_attempt_at),
  next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  delivered_at: iso(row.delivered_at),
  redelivery_of: row.redelivery_of,
});

const WebhookParams = { id: Id };
const DeliveryParams = { id: Id, delivery_id: Id };

export const deliveryRoutes = (deps: {
  db: Db;
  deliveries: Producer<typeof QUEUES.webhookDelivery>;
}): RouteDef[] => {
  const webhookOf = async (organizationId: string, id: string) => {
    const webhook = await findActiveWebhook(deps.db, organizationId, id);
    if (!webhook) throw notFound('webhook');
    return webhook;
  };
  return [
    defineRoute({
      method: 'get',
      path: '/webhooks/{id}/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'Delivery log of a webhook, newest first',
      tag: 'Webhooks',
      access: 'organization',
      params: WebhookParams,
      query: { ...PageQuery, ...DeliveryFilters },
      success: { status: 200, description: 'A page of deliveries', schema: WebhookDeliveryList },
      errors: ['validation_failed', 'forbidden', 'not_found'],
      handle: async ({ auth, params, query }) => {
        const webhook = await webhookOf(auth.organizationId, params.id);
        const page = await paginate(
          deliveriesOf(deps.db, webhook.id, query),
          'webhook_deliveries.id',
          {
            limit: query.limit ?? 20,
            after: cursorAfter(query.cursor),
          },
        );
        return { status: 200, body: { ...page, data: page.data.map(toDelivery) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/webhooks/{id}/deliveries/{delivery_id}',
      operationId: 'getWebhookDelivery',
      summary:
        'One delivery with every attempt (time, status code or error class, duration, response excerpt)',
      tag: 'Webhooks',
      access: 'organization',
      params: DeliveryParams,
      success: { status: 200, description: 'The delivery', schema: WebhookDeliveryDetail },
      errors: ['forbidden', 'not_found'],
      handle: async ({ auth, params }) => {
        const webhook = await webhookOf(auth.organizationId, params.id);
        const row = await findDelivery(deps.db, webhook.id, params.delivery_id);
        if (!row) throw notFound('delivery');
        const attempts = await attemptsOf(deps.db, row.id);
        const detail: DeliveryDetail = {
          ...toDelivery(row),
          attempts: attempts.map((a) => ({
            attempt_number: a.attempt_number,
            started_at: new Date(a.started_at).toISOString(),
            duration_ms: a.duration_ms,
            status_code: a.status_code,
            error_class: a.error_class as DeliveryDetail['attempts'][number]['error_class'],
            response_excerpt: a.response_excerpt,
          })),
        };
        return { status: 200, body: detail };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/{id}/deliveries/{delivery_id}/redeliver',
      operationId: 'redeliverWebhookDelivery',
      summary: 'Send a delivered or failed event again (same event id, new delivery)',
      tag: 'Webhooks',
      access: 'organization',
      params: DeliveryParams,
      success: {
        status: 202,
        description: 'The new delivery is queued',
        schema: RedeliveryAccepted,
      },
      errors: ['forbidden', 'not_found', 'conflict'],
      handle: async ({ auth, params }) => {
        const webhook = await webhookOf(auth.organizationId, params.id);
        const deliveryId = newId();
        const original = await deps.db.transaction().execute(async (trx) => {
          const row = await findDelivery(trx, webhook.id, params.delivery_id);
          if (!row) throw notFound('delivery');
          if (row.status === 'pending')
            throw new AppError('conflict', 'the delivery is still being attempted');
          await trx
            .insertInto('webhook_deliveries')
            .values({
              id: deliveryId,
              webhook_id: webhook.id,
              event_id: row.event_id,
              event_type: row.event_type,
              status: 'pending',
              redelivery_of: row.redelivery_of ?? row.id,
            })
            .execute();
          // Enqueued inside the transaction: if Redis refuses, nothing is kept.
          await deps.deliveries.add({ deliveryId });
          return row;
        });
        return {
          status: 202,
          body: { delivery_id: deliveryId, event_id: original.event_id },
          headers: { Location: `/v1/webhooks/${webhook.id}/deliveries/${deliveryId}` },
        };
      },
    }),
  ];
};
