import { newId } from '@remediation/db';
import type { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, startReceiver, type Harness } from './harness.js';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // A generous deadline: a timeout under a loaded machine is an extra attempt, not a failure.
  h = await createHarness({ WEBHOOK_RETRY_SCHEDULE: '50ms', WEBHOOK_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const attemptsBy = async (registry: Registry): Promise<number> => {
  const metric = await registry.getSingleMetric('remediation_webhook_attempts_total')!.get();
  return metric.values.reduce((sum, v) => sum + v.value, 0);
};

const EVENTS = 150;

describe('two dispatchers', () => {
  it('when two dispatchers share the database and Redis, then both deliver, each delivery succeeds exactly once and no attempt number is recorded twice', async () => {
    const second = await h.addDispatcher();
    const healthy = [];
    for (const path of ['/a', '/b', '/c', '/d'])
      healthy.push(await h.addWebhook(receiver.url(path), ['scan.completed']));
    // Fails each delivery's first request, so retries cross dispatchers too.
    const seen = new Set<string>();
    receiver.on('/flaky', (req) => {
      const id = String(req.headers['x-service-delivery-id']);
      if (seen.has(id)) return { status: 200 };
      seen.add(id);
      return { status: 500 };
    });
    const flaky = await h.addWebhook(receiver.url('/flaky'), ['scan.completed']);
    const data = {
      scan_id: newId(),
      state: 'completed',
      findings_count: 0,
      fixes_generated: 0,
      duration_ms: 1,
      tools: [],
    };
    await h.emitMany('scan.completed', data, EVENTS);

    const deadline = Date.now() + 30_000;
    let deliveries;
    for (;;) {
      deliveries = await h.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'webhook_id', 'status', 'attempts'])
        .execute();
      if (deliveries.length === EVENTS * 5 && deliveries.every((d) => d.status !== 'pending'))
        break;
      if (Date.now() > deadline) throw new Error('deliveries did not settle in 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }

    const attempts = await h.db
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', 'attempt_number', 'status_code'])
      .orderBy('attempt_number')
      .execute();
    const requests = new Map<string, number>();
    for (const r of receiver.received) {
      const id = String(r.headers['x-service-delivery-id']);
      requests.set(id, (requests.get(id) ?? 0) + 1);
    }
    for (const d of deliveries) {
      const mine = attempts.filter((a) => a.delivery_id === d.id);
      const successes = mine.filter((a) => a.status_code === 200);
      expect(d.status).toBe('delivered');
      // Every attempt recorded once, numbered 1..n; exactly one succeeded, the last.
      expect(mine.map((a) => a.attempt_number)).toEqual(
        Array.from({ length: d.attempts }, (_, i) => i + 1),
      );
      expect(successes.map((a) => a.attempt_number)).toEqual([d.attempts]);
      if (d.webhook_id === flaky.id) expect(mine[0]!.status_code).toBe(500);
      // The receiver saw exactly the recorded attempts: none was sent twice.
      expect(requests.get(d.id)).toBe(d.attempts);
    }
    const healthyIds = new Set(healthy.map((w) => w.id));
    const total = deliveries.reduce((sum, d) => sum + d.attempts, 0);
    expect(deliveries.filter((d) => healthyIds.has(d.webhook_id))).toHaveLength(EVENTS * 4);

    const first = await attemptsBy(h.registry);
    const other = await attemptsBy(second.registry);
    expect(first + other).toBe(total);
    expect(first).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);
  });
});
