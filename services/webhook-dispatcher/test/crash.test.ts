import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newId } from '@remediation/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, startReceiver, type Harness } from './harness.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(MAIN))
    throw new Error('services/webhook-dispatcher is not built: run `pnpm build` first');
  receiver = await startReceiver();
  h = await createHarness(
    {
      WEBHOOK_LEASE_GRACE_MS: '1000',
      WEBHOOK_RETRY_SCHEDULE: '50ms',
      WEBHOOK_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'warn',
      HEALTH_PORT: '0',
    },
    { inProcess: false },
  );
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const startDispatcher = () => {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...h.childEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
};

const until = async (
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('crashes', () => {
  it('when the dispatcher is killed mid-delivery, then a restarted one delivers the event (same event id)', async () => {
    receiver.on('/crash', (_r, attempt) => (attempt === 1 ? 'hang' : { status: 200 }));
    const hook = await h.addWebhook(receiver.url('/crash'), ['ping']);
    const first = startDispatcher();
    const eventId = await h.emit(
      'ping',
      { message: 'x' },
      { webhookId: hook.id, deliveryId: newId() },
    );
    await until(
      () => receiver.received.some((r) => r.path === '/crash'),
      10_000,
      'the first attempt',
    );
    const exited = killed(first);
    first.kill('SIGKILL');
    await exited;
    startDispatcher();
    expect(await h.settledFor(eventId, hook.id, 20_000)).toMatchObject({ status: 'delivered' });
    const ids = receiver.received
      .filter((r) => r.path === '/crash')
      .map((r) => r.headers['x-service-event-id']);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set([eventId]));
  });

  it('when the dispatcher is killed while relaying and delivering a burst, then after a restart every event is delivered and none is fanned out twice', async () => {
    const hook = await h.addWebhook(receiver.url('/burst'), ['scan.completed']);
    const data = {
      scan_id: newId(),
      state: 'completed',
      findings_count: 0,
      fixes_generated: 0,
      duration_ms: 1,
      tools: [],
    };
    const first = startDispatcher();
    const events: string[] = [];
    for (let i = 0; i < 300; i++) events.push(await h.emit('scan.completed', data));
    await until(
      () => receiver.received.filter((r) => r.path === '/burst').length >= 20,
      20_000,
      'deliveries to start',
    );
    const exited = killed(first);
    first.kill('SIGKILL');
    await exited;
    startDispatcher();
    for (const eventId of events)
      expect((await h.settledFor(eventId, hook.id, 30_000)).status).toBe('delivered');
    const rows = await h.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(rows).toHaveLength(300);
    const seen = new Set(
      receiver.received
        .filter((r) => r.path === '/burst')
        .map((r) => String(r.headers['x-service-event-id'])),
    );
    expect([...events].every((e) => seen.has(e))).toBe(true);
  });
});
