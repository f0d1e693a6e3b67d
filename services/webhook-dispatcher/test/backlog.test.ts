import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, startReceiver, type Harness } from './harness.js';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // Polling all but off: only notifications and finished attempts may start a claim.
  h = await createHarness({ WEBHOOK_POLL_INTERVAL_MS: '60000', WEBHOOK_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const EVENTS = 400;

describe('one webhook with a backlog', () => {
  it('when one subscriber has hundreds of deliveries due at once, then they are all delivered without waiting for a poll', async () => {
    const hook = await h.addWebhook(receiver.url('/only'), ['triage.completed']);
    // One transaction: the relay fans the backlog out with one or two notifications, after
    // which the loop has to keep claiming by itself (it used to take one room of four per poll).
    await h.emitMany(
      'triage.completed',
      {
        finding_id: '01a1fbaf-0000-7000-8000-000000000021',
        scan_id: '01a1fbaf-0000-7000-8000-000000000022',
        classification: 'TRUE_POSITIVE',
        severity: 'high',
        confidence: 0.9,
      },
      EVENTS,
    );
    const deadline = Date.now() + 30_000;
    let delivered = 0;
    while (Date.now() < deadline) {
      const row = await h.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('webhook_id', '=', hook.id)
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      delivered = Number(row.n);
      if (delivered === EVENTS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(delivered).toBe(EVENTS);
    expect(receiver.received.filter((r) => r.path === '/only')).toHaveLength(EVENTS);
  });

  it('when a scan.completed is committed behind a backlog of triage.completed, then it goes out before the rest of that backlog', async () => {
    const hook = await h.addWebhook(receiver.url('/ordered'), [
      'triage.completed',
      'scan.completed',
    ]);
    const backlog = 800;
    await h.emitMany(
      'triage.completed',
      {
        finding_id: '01a1fbaf-0000-7000-8000-000000000031',
        scan_id: '01a1fbaf-0000-7000-8000-000000000032',
        classification: 'TRUE_POSITIVE',
        severity: 'high',
        confidence: 0.9,
      },
      backlog,
    );
    const completed = await h.emit('scan.completed', {
      scan_id: '01a1fbaf-0000-7000-8000-000000000032',
      state: 'completed',
      findings_count: backlog,
      fixes_generated: 0,
      duration_ms: 1000,
      tools: ['CodeQL'],
    });
    await h.settledFor(completed, hook.id, 60_000);
    const deadline = Date.now() + 60_000;
    while (receiver.received.filter((r) => r.path === '/ordered').length < backlog + 1) {
      if (Date.now() > deadline) throw new Error('the backlog was not delivered');
      await new Promise((r) => setTimeout(r, 100));
    }
    const order = receiver.received
      .filter((r) => r.path === '/ordered')
      .map((r) => String(r.headers['x-service-event-id']));
    // Oldest first would put it last; it is claimed ahead of every triage.completed still due.
    expect(order.length - 1 - order.indexOf(completed)).toBeGreaterThanOrEqual(backlog / 4);
  });
});
