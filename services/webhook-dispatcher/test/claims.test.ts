import { insertOutboxEvent, newId } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, FIRST_ID, LAST_ID } from '../src/delivery/claims.repository.js';
import { recordOutcomes } from '../src/delivery/outcomes.repository.js';

let t: TestDatabase;
let org: string;
beforeAll(async () => {
  t = await createTestDatabase();
  org = newId();
  await t.db
    .insertInto('organizations')
    .values({ id: org, slug: 'claims', tier: 'standard' })
    .execute();
});
afterAll(async () => t.destroy());

const webhook = async () => {
  const id = newId();
  await t.db
    .insertInto('webhooks')
    .values({
      id,
      organization_id: org,
      url: 'https://x.test',
      events: ['*'],
      description: null,
      secret_ciphertext: Buffer.from([1]),
      secret_hint: 'x',
    })
    .execute();
  return id;
};

const deliveries = async (webhookId: string, count: number) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const eventId = newId();
    await insertOutboxEvent(t.db, {
      id: eventId,
      organizationId: org,
      repositoryId: null,
      type: 'ping',
      envelope: {},
    });
    const id = newId();
    ids.push(id);
    await t.db
      .insertInto('webhook_deliveries')
      .values({
        id,
        webhook_id: webhookId,
        event_id: eventId,
        event_type: 'ping',
        status: 'pending',
      })
      .execute();
  }
  return ids;
};

const claim = (options: { limit?: number; exclude?: string[]; leaseMs?: number } = {}) =>
  claimDue(t.db, {
    limit: options.limit ?? 100,
    rooms: new Map((options.exclude ?? []).map((id) => [id, 0])),
    defaultRoom: 4,
    after: FIRST_ID,
    until: LAST_ID,
    leaseMs: options.leaseMs ?? 60_000,
    maxAttempts: 5,
  });

describe('claims', () => {
  it('when one webhook has a backlog, then a claim takes its per-webhook share and every other webhook its own, and never the same delivery twice', async () => {
    const backlog = await webhook();
    const quiet = await webhook();
    await deliveries(backlog, 30);
    const [single] = await deliveries(quiet, 1);
    const excluded = await webhook();
    await deliveries(excluded, 2);

    const first = await claim({ exclude: [excluded] });
    expect(first.filter((c) => c.webhookId === backlog)).toHaveLength(4);
    expect(first.filter((c) => c.webhookId === quiet).map((c) => c.id)).toEqual([single]);
    expect(first.some((c) => c.webhookId === excluded)).toBe(false);
    expect(new Set(first.map((c) => c.attempt))).toEqual(new Set([1]));

    const second = await claim({ exclude: [excluded, quiet] });
    expect(second.filter((c) => c.webhookId === backlog)).toHaveLength(4);
    const firstIds = new Set(first.map((c) => c.id));
    expect(second.some((c) => firstIds.has(c.id))).toBe(false);
    await t.db.deleteFrom('webhook_deliveries').execute();
  });

  it('when the lease of an unrecorded attempt ends, then the delivery is claimed again with the next attempt number; after the last, it fails', async () => {
    const hook = await webhook();
    const [id] = await deliveries(hook, 1);
    const numbers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [claimed] = await claim({ leaseMs: 0 });
      numbers.push(claimed!.attempt);
      expect(claimed!.exhausted).toBe(false);
    }
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const [last] = await claim({ leaseMs: 0 });
    expect(last).toMatchObject({ id, exhausted: true });
    expect(
      await t.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('id', '=', id!)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'failed', attempts: 5 });
    expect(await claim()).toEqual([]);
  });

  it('when a late outcome arrives after a newer claim, then it is recorded but does not move the delivery back', async () => {
    const hook = await webhook();
    const [id] = await deliveries(hook, 1);
    const [first] = await claim({ leaseMs: 0 });
    const [second] = await claim({ leaseMs: 60_000 });
    expect([first!.attempt, second!.attempt]).toEqual([1, 2]);
    const failure = {
      kind: 'attempt' as const,
      deliveryId: id!,
      startedAt: new Date(),
      durationMs: 5,
      statusCode: 500,
      errorClass: 'http_status',
      excerpt: null,
      status: 'pending' as const,
      nextAttemptAt: new Date(Date.now() + 30_000),
    };
    await recordOutcomes(t.db, [{ ...failure, attempt: 1 }]);
    const row = await t.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'next_attempt_at'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: null });
    await recordOutcomes(t.db, [
      {
        ...failure,
        attempt: 2,
        statusCode: 200,
        errorClass: null,
        status: 'delivered',
        nextAttemptAt: null,
      },
    ]);
    const { rows } = await sql<{ attempt_number: number; status_code: number }>`
      select attempt_number, status_code from webhook_delivery_attempts
      where delivery_id = ${id} order by attempt_number`.execute(t.db);
    expect(rows).toEqual([
      { attempt_number: 1, status_code: 500 },
      { attempt_number: 2, status_code: 200 },
    ]);
    expect(
      await t.db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'delivered' });
  });
});
