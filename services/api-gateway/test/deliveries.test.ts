import { insertOutboxEvent, newId } from '@remediation/db';
import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, createToken, expectError, type Harness } from './harness.js';

let h: Harness;
let queue: Queue;
beforeAll(async () => {
  h = await createHarness();
  queue = new Queue('webhook-delivery', { connection: h.redis, prefix: h.prefix });
});
afterAll(async () => {
  await queue.close();
  await h.close();
});

/** A webhook with deliveries in each state, as the dispatcher leaves them. */
const seed = async () => {
  const tenant = await createTenant(h.db);
  const created = await request(h.app)
    .post('/v1/webhooks')
    .set('Authorization', tenant.auth)
    .send({ url: 'https://hooks.example.com/x', events: ['*'] });
  const webhookId = created.body.id as string;
  const make = async (
    type: string,
    status: 'pending' | 'delivered' | 'failed',
    attempts: { status_code: number | null; error_class: string | null }[],
  ) => {
    const eventId = newId();
    await insertOutboxEvent(h.db, {
      id: eventId,
      organizationId: tenant.org.id,
      repositoryId: null,
      type,
      envelope: { id: eventId },
    });
    const id = newId();
    await h.db
      .insertInto('webhook_deliveries')
      .values({
        id,
        webhook_id: webhookId,
        event_id: eventId,
        event_type: type,
        status,
        attempts: attempts.length,
      })
      .execute();
    for (const [i, a] of attempts.entries()) {
      await h.db
        .insertInto('webhook_delivery_attempts')
        .values({
          id: newId(),
          delivery_id: id,
          attempt_number: i + 1,
          started_at: new Date(),
          duration_ms: 12,
          status_code: a.status_code,
          error_class: a.error_class,
          response_excerpt: a.status_code ? 'nope' : null,
        })
        .execute();
    }
    return { id, eventId };
  };
  const delivered = await make('fix.generated', 'delivered', [
    { status_code: 500, error_class: 'http_status' },
    { status_code: 200, error_class: null },
  ]);
  const failed = await make(
    'pr.opened',
    'failed',
    Array(5).fill({ status_code: null, error_class: 'timeout' }),
  );
  const pending = await make('pr.opened', 'pending', [{ status_code: null, error_class: 'dns' }]);
  return { ...tenant, webhookId, delivered, failed, pending };
};

describe('delivery log', () => {
  it('when listed, then deliveries come newest first and filter by status and event type', async () => {
    const s = await seed();
    const all = await request(h.app)
      .get(`/v1/webhooks/${s.webhookId}/deliveries`)
      .set('Authorization', s.auth);
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([
      s.pending.id,
      s.failed.id,
      s.delivered.id,
    ]);
    expect(all.body.data[2]).toMatchObject({
      status: 'delivered',
      attempt_count: 2,
      event_type: 'fix.generated',
      redelivery_of: null,
    });
    const ids = async (q: string) =>
      (
        await request(h.app)
          .get(`/v1/webhooks/${s.webhookId}/deliveries?${q}`)
          .set('Authorization', s.auth)
      ).body.data.map((d: { id: string }) => d.id);
    expect(await ids('status=failed')).toEqual([s.failed.id]);
    expect(await ids('event_type=pr.opened')).toEqual([s.pending.id, s.failed.id]);
    expect(await ids('limit=1')).toEqual([s.pending.id]);
    expectError(
      await request(h.app)
        .get(`/v1/webhooks/${s.webhookId}/deliveries?status=lost`)
        .set('Authorization', s.auth),
      400,
      'validation_failed',
    );
  });

  it('when one delivery is fetched, then every attempt is listed with status code or error class, duration and excerpt', async () => {
    const s = await seed();
    const res = await request(h.app)
      .get(`/v1/webhooks/${s.webhookId}/deliveries/${s.delivered.id}`)
      .set('Authorization', s.auth);
    expect(res.status).toBe(200);
    expect(res.body.attempts).toEqual([
      {
        attempt_number: 1,
        started_at: expect.any(String),
        duration_ms: 12,
        status_code: 500,
        error_class: 'http_status',
        response_excerpt: 'nope',
      },
      {
        attempt_number: 2,
        started_at: expect.any(String),
        duration_ms: 12,
        status_code: 200,
        error_class: null,
        response_excerpt: 'nope',
      },
    ]);
  });

  it('when another organization or a repository token asks, then 404 and 403', async () => {
    const s = await seed();
    const stranger = await createTenant(h.db);
    expectError(
      await request(h.app)
        .get(`/v1/webhooks/${s.webhookId}/deliveries`)
        .set('Authorization', stranger.auth),
      404,
      'not_found',
    );
    expectError(
      await request(h.app)
        .get(`/v1/webhooks/${s.webhookId}/deliveries/${s.failed.id}`)
        .set('Authorization', stranger.auth),
      404,
      'not_found',
    );
    const scoped = await createToken(h.db, s.org.id, { repositoryId: s.repo.id });
    expectError(
      await request(h.app)
        .get(`/v1/webhooks/${s.webhookId}/deliveries`)
        .set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app)
        .get(`/v1/webhooks/${s.webhookId}/deliveries/${newId()}`)
        .set('Authorization', s.auth),
      404,
      'not_found',
    );
  });
});

describe('redeliver', () => {
  it('when a failed delivery is redelivered, then a new pending delivery of the same event is created and queued', async () => {
    const s = await seed();
    const res = await request(h.app)
      .post(`/v1/webhooks/${s.webhookId}/deliveries/${s.failed.id}/redeliver`)
      .set('Authorization', s.auth);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ delivery_id: expect.any(String), event_id: s.failed.eventId });
    const row = await h.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', res.body.delivery_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      event_id: s.failed.eventId,
      redelivery_of: s.failed.id,
      attempts: 0,
    });
    expect((await queue.getJob(`delivery-${row.id}`))?.data).toEqual({ deliveryId: row.id });
    const again = await request(h.app)
      .post(`/v1/webhooks/${s.webhookId}/deliveries/${s.delivered.id}/redeliver`)
      .set('Authorization', s.auth);
    expect(again.status).toBe(202);
  });

  it('when the delivery is still pending, then 409 and nothing is created', async () => {
    const s = await seed();
    const before = await h.db.selectFrom('webhook_deliveries').select('id').execute();
    expectError(
      await request(h.app)
        .post(`/v1/webhooks/${s.webhookId}/deliveries/${s.pending.id}/redeliver`)
        .set('Authorization', s.auth),
      409,
      'conflict',
    );
    expect(await h.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});
