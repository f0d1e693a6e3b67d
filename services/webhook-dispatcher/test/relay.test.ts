import { makeEnvelope } from '@remediation/contracts';
import { insertOutboxEvent, newId } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayBatch } from '../src/relay/outbox.repository.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.destroy());

describe('outbox relay', () => {
  it('when two relays drain the same outbox concurrently, then every event is relayed once and fanned out once', async () => {
    const org = newId();
    await t.db
      .insertInto('organizations')
      .values({ id: org, slug: 'relay', tier: 'standard' })
      .execute();
    for (const events of [['*'], ['scan.completed']]) {
      await t.db
        .insertInto('webhooks')
        .values({
          id: newId(),
          organization_id: org,
          url: 'https://x.test',
          events,
          description: null,
          secret_ciphertext: Buffer.from([1]),
          secret_hint: 'x',
        })
        .execute();
    }
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      const id = newId();
      ids.push(id);
      await insertOutboxEvent(t.db, {
        id,
        organizationId: org,
        repositoryId: null,
        type: 'scan.completed',
        envelope: makeEnvelope({
          id,
          type: 'scan.completed',
          createdAt: new Date(),
          organization: 'relay',
          repository: 'a/b',
          data: {
            scan_id: id,
            state: 'completed',
            findings_count: 0,
            fixes_generated: 0,
            duration_ms: 1,
            tools: [],
          },
        }),
      });
    }
    const drain = async () => {
      let total = 0;
      for (;;) {
        const r = await relayBatch(t.db, 25);
        total += r.relayed;
        if (r.relayed === 0) return total;
      }
    };
    const [a, b] = await Promise.all([drain(), drain()]);
    expect(a + b).toBe(300);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const deliveries = await t.db.selectFrom('webhook_deliveries').select(['event_id']).execute();
    expect(deliveries).toHaveLength(600);
    const pending = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('relayed_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(0);
  });

  it('when a relay transaction dies mid-batch, then nothing of it is kept and the next relay takes the events', async () => {
    const org = newId();
    await t.db
      .insertInto('organizations')
      .values({ id: org, slug: 'relay-crash', tier: 'standard' })
      .execute();
    const id = newId();
    await insertOutboxEvent(t.db, {
      id,
      organizationId: org,
      repositoryId: null,
      type: 'ping',
      envelope: {},
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('outbox')
          .set({ relayed_at: new Date() })
          .where('id', '=', id)
          .execute();
        throw new Error('process died');
      }),
    ).rejects.toThrow('process died');
    expect((await relayBatch(t.db, 10)).relayed).toBeGreaterThanOrEqual(1);
  });
});
