import { newId } from '@remediation/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, startReceiver, type Harness } from './harness.js';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // Retries 100 ms apart at most.
  h = await createHarness({
    WEBHOOK_RETRY_SCHEDULE: '50ms,100ms',
    WEBHOOK_TIMEOUT_MS: '1500',
  });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const data = { message: 'x' };

describe('scheduling and recovery', () => {
  it('when the endpoint answers 429 with Retry-After, then the next attempt waits for it within the schedule bounds', async () => {
    receiver.on('/busy', (_r, attempt) =>
      attempt === 1 ? { status: 429, headers: { 'Retry-After': '3600' } } : { status: 200 },
    );
    const hook = await h.addWebhook(receiver.url('/busy'), ['ping']);
    const eventId = await h.emit('ping', data, { webhookId: hook.id, deliveryId: newId() });
    expect(await h.settledFor(eventId, hook.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
    });
    const [first, second] = receiver.received.filter((r) => r.path === '/busy').map((r) => r.at);
    // Retry-After asked for an hour; the schedule's longest delay (100 ms) bounds it.
    expect(second! - first!).toBeGreaterThanOrEqual(95);
    expect(second! - first!).toBeLessThan(3_000);
  });

  it('when one endpoint hangs, then deliveries to another endpoint are not held up by it', async () => {
    receiver.on('/slow', () => 'hang');
    const slow = await h.addWebhook(receiver.url('/slow'), ['scan.completed']);
    const fast = await h.addWebhook(receiver.url('/fast'), ['scan.completed']);
    const events: string[] = [];
    const payload = {
      scan_id: newId(),
      state: 'completed',
      findings_count: 0,
      fixes_generated: 0,
      duration_ms: 1,
      tools: [],
    };
    // Far more deliveries for the hanging endpoint than the dispatcher has slots (32): it may hold 4.
    for (let i = 0; i < 150; i++) await h.emit('scan.completed', payload);
    for (let i = 0; i < 40; i++) events.push(await h.emit('scan.completed', payload));
    const started = Date.now();
    for (const eventId of events)
      expect((await h.settledFor(eventId, fast.id)).status).toBe('delivered');
    const fastDone = Date.now() - started;
    // 190 hanging attempts of 1.5 s, 4 at a time: over a minute if they held the fast ones up.
    expect(fastDone).toBeLessThan(6_000);
    const slowPending = await h.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('webhook_id', '=', slow.id)
      .execute();
    expect(slowPending.some((d) => d.status === 'pending')).toBe(true);
    await h.db.updateTable('webhooks').set({ active: false }).where('id', '=', slow.id).execute();
  });

  it('when a delivery is committed without a notification, then a dispatcher finds it and delivers it', async () => {
    const hook = await h.addWebhook(receiver.url('/stranded'), ['pr.closed']);
    const eventId = newId();
    // An event relayed and its delivery written, with no notification and no job for it.
    await h.db
      .insertInto('outbox')
      .values({
        id: eventId,
        organization_id: h.org.id,
        repository_id: null,
        type: 'ping',
        envelope: JSON.stringify({
          id: eventId,
          type: 'ping',
          created_at: new Date().toISOString(),
          organization: h.org.slug,
          repository: null,
          data,
        }),
        target_webhook_id: null,
        target_delivery_id: null,
        relayed_at: new Date(),
      })
      .execute();
    await h.db
      .insertInto('webhook_deliveries')
      .values({
        id: newId(),
        webhook_id: hook.id,
        event_id: eventId,
        event_type: 'ping',
        status: 'pending',
        created_at: new Date(Date.now() - 5_000),
      })
      .execute();
    expect(await h.settledFor(eventId, hook.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
  });

  it('when a failed delivery is redelivered, then the receiver gets the same event id again', async () => {
    receiver.on('/redeliver', (_r, attempt) => (attempt <= 5 ? { status: 500 } : { status: 200 }));
    const hook = await h.addWebhook(receiver.url('/redeliver'), ['ping']);
    const first = newId();
    const eventId = await h.emit('ping', data, { webhookId: hook.id, deliveryId: first });
    expect(await h.settledFor(eventId, hook.id)).toMatchObject({ status: 'failed', attempts: 5 });
    // The row POST /webhooks/{id}/deliveries/{id}/redeliver writes (the gateway also enqueues a
    // wake-up job; without it the dispatcher's poll finds the delivery).
    const again = newId();
    await h.db
      .insertInto('webhook_deliveries')
      .values({
        id: again,
        webhook_id: hook.id,
        event_id: eventId,
        event_type: 'ping',
        status: 'pending',
        redelivery_of: first,
      })
      .execute();
    const deadline = Date.now() + 10_000;
    let row;
    do {
      row = await h.db
        .selectFrom('webhook_deliveries')
        .select(['status'])
        .where('id', '=', again)
        .executeTakeFirstOrThrow();
      if (row.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 25));
    } while (Date.now() < deadline);
    expect(row.status).toBe('delivered');
    const ids = receiver.received
      .filter((r) => r.path === '/redeliver')
      .map((r) => r.headers['x-service-event-id']);
    expect(new Set(ids)).toEqual(new Set([eventId]));
    expect(ids).toHaveLength(6);
  });
});
