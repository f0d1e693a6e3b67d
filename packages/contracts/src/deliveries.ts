import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, Timestamp } from './common.js';
import { EVENT_TYPES } from './events.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const DeliveryStatus = Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s)));

/** Why an attempt failed, when it did not get a 2xx. */
export const ERROR_CLASSES = [
  'timeout',
  'dns',
  'tls',
  'connection',
  'blocked_address',
  'redirect',
  'http_status',
  'invalid_url',
  /** The webhook's secret cannot be decrypted with the configured key: fix the key, then redeliver. */
  'secret_unreadable',
] as const;

const deliveryProperties = {
  id: Id,
  webhook_id: Id,
  event_id: Id,
  event_type: Type.String(),
  status: DeliveryStatus,
  attempt_count: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
  last_attempt_at: Nullable(Timestamp),
  next_attempt_at: Nullable(Timestamp),
  delivered_at: Nullable(Timestamp),
  redelivery_of: Nullable(Id),
};

export const WebhookDelivery = Type.Object(deliveryProperties, {
  additionalProperties: false,
  title: 'WebhookDelivery',
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const DeliveryAttempt = Type.Object(
  {
    attempt_number: Type.Integer({ minimum: 1 }),
    started_at: Timestamp,
    duration_ms: Type.Integer({ minimum: 0 }),
    status_code: Nullable(Type.Integer()),
    error_class: Nullable(Type.Union(ERROR_CLASSES.map((c) => Type.Literal(c)))),
    response_excerpt: Nullable(
      Type.String({ description: 'First bytes of the response body (capped)' }),
    ),
  },
  { additionalProperties: false },
);

export const WebhookDeliveryDetail = Type.Object(
  { ...deliveryProperties, attempts: Type.Array(DeliveryAttempt) },
  { additionalProperties: false, title: 'WebhookDeliveryDetail' },
);
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>;
export const WebhookDeliveryList = Page(WebhookDelivery, 'WebhookDeliveryList');

export const DeliveryFilters = {
  status: Type.Optional(DeliveryStatus),
  event_type: Type.Optional(Type.Union(EVENT_TYPES.map((t) => Type.Literal(t)))),
};

export const RedeliveryAccepted = Type.Object(
  { delivery_id: Id, event_id: Id },
  { additionalProperties: false, title: 'RedeliveryAccepted' },
);
