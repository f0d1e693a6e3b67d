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

describe('retention', () => {
  it('when deliveries are older than the retention, then finished ones and their events are pruned; pending and recent ones stay', async () => {
    const { pruneDeliveries } = await import('../src/relay/retention.js');
    const org = newId();
    await t.db
      .insertInto('organizations')
      .values({ id: org, slug: 'retention', tier: 'standard' })
      .execute();
    const hook = newId();
    await t.db
      .insertInto('webhooks')
      .values({
        id: hook,
        organization_id: org,
        url: 'https://x.test',
        events: ['*'],
        description: null,
        secret_ciphertext: Buffer.from([1]),
        secret_hint: 'x',
      })
      .execute();
    const old = new Date(Date.now() - 8 * 86_400_000);
    const make = async (status: 'delivered' | 'failed' | 'pending', createdAt: Date) => {
      const eventId = newId();
      await insertOutboxEvent(t.db, {
        id: eventId,
        organizationId: org,
        repositoryId: null,
        type: 'ping',
        envelope: {},
      });
      await t.db
        .updateTable('outbox')
        .set({ relayed_at: createdAt })
        .where('id', '=', eventId)
        .execute();
      const id = newId();
      await t.db
        .insertInto('webhook_deliveries')
        .values({
          id,
          webhook_id: hook,
          event_id: eventId,
          event_type: 'ping',
          status,
          created_at: createdAt,
        })
        .execute();
      await t.db
        .insertInto('webhook_delivery_attempts')
        .values({
          id: newId(),
          delivery_id: id,
          attempt_number: 1,
          started_at: createdAt,
          duration_ms: 1,
          status_code: 200,
          error_class: null,
          response_excerpt: null,
        })
        .execute();
      return { id, eventId };
    };
    const oldDelivered = await make('delivered', old);
    const oldFailed = await make('failed', old);
    const oldPending = await make('pending', old);
    const recent = await make('delivered', new Date());
    expect(await pruneDeliveries(t.db, 7 * 86_400_000)).toBe(2);
    const left = (
      await t.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', hook)
        .execute()
    ).map((r) => r.id);
    expect(left.sort()).toEqual([oldPending.id, recent.id].sort());
    const events = (
      await t.db.selectFrom('outbox').select('id').where('organization_id', '=', org).execute()
    ).map((r) => r.id);
    expect(events).not.toContain(oldDelivered.eventId);
    expect(events).not.toContain(oldFailed.eventId);
    expect(events).toContain(oldPending.eventId);
    expect(
      await t.db
        .selectFrom('webhook_delivery_attempts')
        .select('id')
        .where('delivery_id', 'in', [oldDelivered.id, oldFailed.id])
        .execute(),
    ).toHaveLength(0);
  });
});
