import {
  CreateWebhookBody,
  Id,
  makeEnvelope,
  PageQuery,
  type Webhook,
  WebhookCreated,
  WebhookList,
  WebhookTestAccepted,
} from '@remediation/contracts';
import { insertOutboxEvent, newId, paginate, type Db } from '@remediation/db';
import { generateWebhookSecret, type SecretBox } from '@remediation/security';
import { AppError, notFound, validationFailed } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter } from '../repositories/repositories.routes.js';
import { webhookUrlProblems } from './webhook-url.js';
import {
  activeWebhooksOf,
  countActiveWebhooks,
  deleteWebhook,
  findActiveWebhook,
  insertWebhook,
} from './webhooks.repository.js';

type WebhookRow = {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  secret_hint: string;
  created_at: Date;
};

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  active: row.active,
  secret_hint: row.secret_hint,
  created_at: row.created_at.toISOString(),
});

export interface WebhookDeps {
  db: Db;
  secretBox: SecretBox;
  maxWebhooksPerOrganization: number;
}

export const webhookRoutes = (deps: WebhookDeps): RouteDef[] => [
  defineRoute({
    method: 'post',
    path: '/webhooks',
    operationId: 'createWebhook',
    summary: 'Register a webhook; a generated secret is returned once',
    tag: 'Webhooks',
    access: 'organization',
    body: { kind: 'json', schema: CreateWebhookBody, required: true },
    success: { status: 201, description: 'The registered webhook', schema: WebhookCreated },
    errors: [
      'validation_failed',
      'forbidden',
      'conflict',
      'unsupported_media_type',
      'payload_too_large',
    ],
    handle: async ({ auth, body }) => {
      const problems = webhookUrlProblems(body.url);
      if (problems.length > 0) throw validationFailed('invalid webhook url', problems);
      if (
        (await countActiveWebhooks(deps.db, auth.organizationId)) >= deps.maxWebhooksPerOrganization
      ) {
        throw new AppError(
          'conflict',
          `an organization may have at most ${deps.maxWebhooksPerOrganization} webhooks`,
        );
      }
      const generated = body.secret === undefined;
      const secret = body.secret ?? generateWebhookSecret();
      const row = await insertWebhook(deps.db, {
        id: newId(),
        organization_id: auth.organizationId,
        url: body.url,
        events: [...body.events],
        description: body.description ?? null,
        secret_ciphertext: deps.secretBox.seal(secret),
        secret_hint: secret.slice(-4),
      });
      const created = { ...toWebhook(row), ...(generated ? { secret } : {}) };
      return { status: 201, body: created, headers: { Location: `/v1/webhooks/${row.id}` } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'Registered webhooks, newest first (secrets are never returned)',
    tag: 'Webhooks',
    access: 'organization',
    query: PageQuery,
    success: { status: 200, description: 'A page of webhooks', schema: WebhookList },
    errors: ['validation_failed', 'forbidden'],
    handle: async ({ auth, query }) => {
      const page = await paginate(activeWebhooksOf(deps.db, auth.organizationId), 'id', {
        limit: query.limit ?? 20,
        after: cursorAfter(query.cursor),
      });
      return { status: 200, body: { ...page, data: page.data.map(toWebhook) } };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Remove a webhook; no further deliveries are attempted',
    tag: 'Webhooks',
    access: 'organization',
    params: { id: Id },
    success: { status: 204, description: 'Removed' },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      if (!(await deleteWebhook(deps.db, auth.organizationId, params.id)))
        throw notFound('webhook');
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/{id}/test',
    operationId: 'testWebhook',
    summary: 'Send a `ping` event to this webhook only',
    tag: 'Webhooks',
    access: 'organization',
    params: { id: Id },
    success: {
      status: 202,
      description: 'The ping is queued for delivery',
      schema: WebhookTestAccepted,
    },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      const eventId = newId();
      const deliveryId = newId();
      await deps.db.transaction().execute(async (trx) => {
        const webhook = await findActiveWebhook(trx, auth.organizationId, params.id);
        if (!webhook) throw notFound('webhook');
        await insertOutboxEvent(trx, {
          id: eventId,
          organizationId: auth.organizationId,
          repositoryId: null,
          type: 'ping',
          envelope: makeEnvelope({
            id: eventId,
            type: 'ping',
            createdAt: new Date(),
            organization: auth.organizationSlug,
            repository: null,
            data: { message: 'Test delivery from the remediation service' },
          }),
          target: { webhookId: webhook.id, deliveryId },
        });
      });
      return { status: 202, body: { delivery_id: deliveryId, event_id: eventId } };
    },
  }),
];
