import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, opensslHmacHex, startReceiver, type Harness } from './harness.js';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const fixData = {
  fix_id: '01a1fbaf-0000-7000-8000-000000000010',
  codemod: 'js/parameterize-sql-query',
  summary: 'Parameterize the query',
  files_changed: 1,
  detection_tool: 'CodeQL',
  ai_generated: false,
  finding_ids: ['01a1fbaf-0000-7000-8000-000000000011'],
};

describe('delivery', () => {
  it('when an event is committed, then the subscriber gets the envelope, signed over the raw bytes (checked by openssl)', async () => {
    const hook = await h.addWebhook(receiver.url('/signed'), ['fix.generated']);
    const eventId = await h.emit('fix.generated', fixData);
    // Delivered; a first attempt slower than the harness's 700 ms deadline on a loaded machine
    // is retried, and every attempt carries the same event id.
    expect(await h.settledFor(eventId, hook.id)).toMatchObject({ status: 'delivered' });
    const attempts = receiver.received.filter((r) => r.path === '/signed');
    expect(new Set(attempts.map((r) => r.headers['x-service-event-id']))).toEqual(
      new Set([eventId]),
    );
    const request = attempts.at(-1)!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-service-signature']).toBe(opensslHmacHex(hook.secret, request.body));
    expect(request.headers['x-service-event-id']).toBe(eventId);
    const timestamp = String(request.headers['x-service-timestamp']);
    expect(request.headers['x-service-signature-timestamped']).toBe(
      createHmac('sha256', hook.secret).update(`${timestamp}.`).update(request.body).digest('hex'),
    );
    const envelope = JSON.parse(request.body.toString('utf8'));
    expect(Object.keys(envelope)).toEqual([
      'id',
      'type',
      'created_at',
      'organization',
      'repository',
      'data',
    ]);
    expect(envelope).toMatchObject({
      id: eventId,
      type: 'fix.generated',
      organization: h.org.slug,
      repository: 'acme/web',
      data: fixData,
    });
  });

  it('when webhooks subscribe to * or to single types, then each gets exactly the events it asked for', async () => {
    const all = await h.addWebhook(receiver.url('/all'), ['*']);
    const opened = await h.addWebhook(receiver.url('/opened'), ['pr.opened']);
    const scans = await h.addWebhook(receiver.url('/scans'), ['scan.completed']);
    const eventId = await h.emit('pr.opened', {
      pr_url: 'https://x/pull/1',
      pr_number: 1,
      title: 't',
      target_branch: 'main',
      files: ['a'],
      fix_id: fixData.fix_id,
      codemod: 'c',
    });
    expect((await h.settledFor(eventId, all.id)).status).toBe('delivered');
    expect((await h.settledFor(eventId, opened.id)).status).toBe('delivered');
    const rows = await h.db
      .selectFrom('webhook_deliveries')
      .select('webhook_id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows.map((r) => r.webhook_id)).not.toContain(scans.id);
  });

  it('when a ping targets one webhook, then only that webhook receives it, under the promised delivery id', async () => {
    const target = await h.addWebhook(receiver.url('/ping-target'), ['scan.completed']);
    await h.addWebhook(receiver.url('/ping-other'), ['*']);
    const deliveryId = '01a1fbaf-0000-7000-8000-0000000000aa';
    const eventId = await h.emit(
      'ping',
      { message: 'hello' },
      { webhookId: target.id, deliveryId },
    );
    const rows = await h.settled(eventId, 1);
    expect(rows).toEqual([
      expect.objectContaining({ id: deliveryId, webhook_id: target.id, status: 'delivered' }),
    ]);
    const body = JSON.parse(
      receiver.received.find((r) => r.path === '/ping-target')!.body.toString(),
    );
    expect(body).toMatchObject({ type: 'ping', repository: null, data: { message: 'hello' } });
    expect(
      receiver.received.some((r) => r.path === '/ping-other' && r.body.includes(eventId)),
    ).toBe(false);
  });

  it('when the endpoint answers 500 twice then 200, then it is delivered on the 3rd attempt after the scheduled delays', async () => {
    receiver.on('/flaky', (_req, attempt) =>
      attempt < 3 ? { status: 500, body: 'boom' } : { status: 204 },
    );
    const hook = await h.addWebhook(receiver.url('/flaky'), ['fix.generated']);
    const eventId = await h.emit('fix.generated', fixData);
    const delivery = await h.settledFor(eventId, hook.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    const attempts = await h.attempts(delivery.id);
    expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 204]);
    expect(attempts[0]!.response_excerpt).toBe('boom');
    const times = receiver.received.filter((r) => r.path === '/flaky').map((r) => r.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(45);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(95);
  });

  it('when the endpoint always fails, then it is attempted 5 times on the schedule and marked failed', async () => {
    receiver.on('/dead', () => ({ status: 503 }));
    const hook = await h.addWebhook(receiver.url('/dead'), ['fix.generated']);
    const eventId = await h.emit('fix.generated', fixData);
    const delivery = await h.settledFor(eventId, hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5 });
    expect((await h.attempts(delivery.id)).map((a) => a.error_class)).toEqual(
      Array(5).fill('http_status'),
    );
    const times = receiver.received.filter((r) => r.path === '/dead').map((r) => r.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    [50, 100, 150, 200].forEach((min, i) => expect(gaps[i]).toBeGreaterThanOrEqual(min - 5));
  });

  it('when failures are of every class, then each is recorded with its class and retried to failure', async () => {
    receiver.on('/hang', () => 'hang');
    receiver.on('/redirect', () => ({
      status: 302,
      headers: { Location: receiver.url('/redirect-target') },
    }));
    const rogue = await startReceiver({ cert: 'rogue-server.pem', key: 'rogue-server.key' });
    const cases: [string, string][] = [
      [receiver.url('/hang'), 'timeout'],
      [receiver.url('/redirect'), 'redirect'],
      ['https://nothing-here.invalid/hook', 'dns'],
      [rogue.url('/tls'), 'tls'],
      ['https://localhost:1/refused', 'connection'],
    ];
    try {
      const hooks = [];
      for (const [url] of cases) hooks.push(await h.addWebhook(url, ['triage.completed']));
      const eventId = await h.emit('triage.completed', {
        finding_id: fixData.fix_id,
        rule_id: 'js/xss',
        classification: 'TRUE_POSITIVE',
        severity: 'high',
        justification: 'j',
        confidence: 0.9,
        evidence_summary: 'e',
      });
      for (const [i, [url, errorClass]] of cases.entries()) {
        const delivery = await h.settledFor(eventId, hooks[i]!.id, 20_000);
        expect(delivery, url).toMatchObject({ status: 'failed', attempts: 5 });
        const attempts = await h.attempts(delivery.id);
        expect(
          attempts.map((a) => a.error_class),
          url,
        ).toEqual(Array(5).fill(errorClass));
      }
      expect(receiver.received.some((r) => r.path === '/redirect-target')).toBe(false);
      expect(rogue.received).toHaveLength(0);
    } finally {
      await rogue.close();
    }
  });
});

describe('unreadable secret', () => {
  it('when the webhook secret cannot be decrypted (wrong key), then the delivery fails at once with secret_unreadable and nothing is sent', async () => {
    const hook = await h.addWebhook(receiver.url('/wrong-key'), ['ping']);
    await h.db
      .updateTable('webhooks')
      .set({ secret_ciphertext: Buffer.from([1, 2, 3, 4]) })
      .where('id', '=', hook.id)
      .execute();
    const eventId = await h.emit(
      'ping',
      { message: 'x' },
      { webhookId: hook.id, deliveryId: crypto.randomUUID() },
    );
    const delivery = await h.settledFor(eventId, hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await h.attempts(delivery.id)).map((a) => a.error_class)).toEqual([
      'secret_unreadable',
    ]);
    expect(receiver.received.some((r) => r.path === '/wrong-key')).toBe(false);
  });
});
