import { Type, type Static } from '@sinclair/typebox';
import { Id, Page, Timestamp } from './common.js';
import { EVENT_TYPES } from './events.js';

/** Bounds of a caller-chosen webhook secret. Absent = generated and returned once. */
export const WEBHOOK_SECRET = {
  minLength: 16,
  maxLength: 256,
  pattern: '^[\\x21-\\x7E]+$',
} as const;

const EventSubscription = Type.Union([
  ...EVENT_TYPES.map((t) => Type.Literal(t)),
  Type.Literal('*'),
]);

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'HTTPS URL of the receiving endpoint',
    }),
    events: Type.Array(EventSubscription, {
      minItems: 1,
      maxItems: EVENT_TYPES.length + 1,
      uniqueItems: true,
      description: 'Event types to subscribe to, or `*` for all',
    }),
    secret: Type.Optional(
      Type.String({
        ...WEBHOOK_SECRET,
        description:
          'HMAC-SHA256 signing secret, 16 to 256 printable ASCII characters; generated when absent',
      }),
    ),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false, title: 'CreateWebhookBody' },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

const webhookProperties = {
  id: Id,
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(),
  secret_hint: Type.String({ description: 'Last four characters of the secret' }),
  created_at: Timestamp,
};

export const Webhook = Type.Object(webhookProperties, {
  additionalProperties: false,
  title: 'Webhook',
});
export type Webhook = Static<typeof Webhook>;

/** The 201 answer: the stored webhook, plus `secret` only when the server generated it. */
export const WebhookCreated = Type.Object(
  {
    ...webhookProperties,
    secret: Type.Optional(
      Type.String({ description: 'Generated secret; returned once, at creation' }),
    ),
  },
  { additionalProperties: false, title: 'WebhookCreated' },
);
export type WebhookCreated = Static<typeof WebhookCreated>;
export const WebhookList = Page(Webhook, 'WebhookList');

export const WebhookTestAccepted = Type.Object(
  { delivery_id: Id, event_id: Type.String() },
  { additionalProperties: false, title: 'WebhookTestAccepted' },
);
