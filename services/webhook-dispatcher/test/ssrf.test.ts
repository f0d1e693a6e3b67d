import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../src/delivery/address-policy.js';
import { createHarness, startReceiver, type Harness } from './harness.js';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  h = await createHarness({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
    WEBHOOK_RETRY_SCHEDULE: '10ms',
  });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

describe('private targets', () => {
  it('when private targets are not allowed, then names resolving to loopback and IP literals are refused at connect time', async () => {
    await h.addWebhook(receiver.url('/by-name'), ['ping']);
    await h.addWebhook(`https://127.0.0.1:${receiver.port}/by-ip`, ['ping']);
    await h.addWebhook(`https://[::ffff:127.0.0.1]:${receiver.port}/mapped`, ['ping']);
    await h.addWebhook('https://169.254.169.254/latest/meta-data', ['ping']);
    const hooks = await h.db
      .selectFrom('webhooks')
      .select('id')
      .where('organization_id', '=', h.org.id)
      .execute();
    const events = await Promise.all(
      hooks.map((w) =>
        h.emit('ping', { message: 'x' }, { webhookId: w.id, deliveryId: crypto.randomUUID() }),
      ),
    );
    for (const eventId of events) {
      const [delivery] = await h.settled(eventId, 1);
      expect(delivery!.status).toBe('failed');
      const attempts = await h.attempts(delivery!.id);
      expect(new Set(attempts.map((a) => a.error_class))).toEqual(new Set(['blocked_address']));
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('when classifying addresses, then private, loopback, link-local, metadata and mapped forms are blocked and public ones are not', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isBlockedAddress(a), a).toBe(false);
  });
});
