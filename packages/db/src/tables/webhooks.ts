import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from './tenancy.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface WebhooksTable {
  id: string;
  organization_id: string;
  url: string;
  events: string[];
  description: string | null;
  secret_ciphertext: Buffer;
  secret_hint: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}
export type WebhookRow = Selectable<WebhooksTable>;
export type NewWebhook = Insertable<WebhooksTable>;

export interface OutboxTable {
  id: string;
  organization_id: string;
  repository_id: string | null;
  type: string;
  envelope: ColumnType<Record<string, unknown>, string, string>;
  target_webhook_id: string | null;
  target_delivery_id: string | null;
  created_at: CreatedAt;
  relayed_at: Timestamp | null;
  /** W3C trace context of the writing transaction (`traceparent`, `tracestate`); null without telemetry. */
  trace_context: ColumnType<
    Record<string, string> | null,
    string | null | undefined,
    string | null
  >;
}
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  redelivery_of: Generated<string | null>;
  created_at: CreatedAt;
  /** When the dispatcher may next claim a pending delivery (new, retry due, or lease over). */
  available_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt_number: number;
  started_at: Timestamp;
  duration_ms: number;
  status_code: number | null;
  error_class: string | null;
  response_excerpt: string | null;
}
