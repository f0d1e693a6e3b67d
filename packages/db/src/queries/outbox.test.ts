import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { insertOutboxEvent, insertOutboxEvents, type OutboxEvent } from './outbox.js';

let t: TestDatabase;
let organizationId: string;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  t = await createTestDatabase();
  organizationId = newId();
  await t.db
    .insertInto('organizations')
    .values({ id: organizationId, slug: 'outbox-trace', tier: 'standard' })
    .execute();
});
afterAll(async () => {
  await t?.destroy();
  propagation.disable();
  context.disable();
});

const event = (): OutboxEvent => ({
  id: newId(),
  organizationId,
  repositoryId: null,
  type: 'scan.completed',
  envelope: { hello: 'world' },
});

const traceContextOf = async (id: string) =>
  (
    await t.db
      .selectFrom('outbox')
      .select('trace_context')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).trace_context;

/** A context with a sampled remote span, as a job's or a request's span would be. */
const inSpan = <T>(fn: () => Promise<T>) =>
  context.with(
    trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    }),
    fn,
  );

describe('outbox events', () => {
  it('when written while a span is active, then the row carries its W3C trace context', async () => {
    const one = event();
    const many = [event(), event()];
    await inSpan(async () => {
      await insertOutboxEvent(t.db, one);
      await insertOutboxEvents(t.db, many);
    });
    for (const e of [one, ...many]) {
      expect(await traceContextOf(e.id)).toEqual({
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      });
    }
  });

  it('when written with no active span, then the trace context is null', async () => {
    const e = event();
    await insertOutboxEvent(t.db, e);
    expect(await traceContextOf(e.id)).toBeNull();
  });

  it('when many events are written at once, then each row keeps its own fields, a NUL becoming U+FFFD', async () => {
    const a = { ...event(), type: 'triage.completed', envelope: { text: 'bad \u0000 byte' } };
    const b = { ...event(), envelope: { n: 2, nested: { list: [1, 'two'] } } };
    await insertOutboxEvents(t.db, [a, b]);
    const rows = await t.db
      .selectFrom('outbox')
      .select(['id', 'type', 'envelope', 'organization_id', 'repository_id'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: a.id,
        type: 'triage.completed',
        envelope: { text: 'bad \uFFFD byte' },
        organization_id: organizationId,
        repository_id: null,
      },
      {
        id: b.id,
        type: 'scan.completed',
        envelope: b.envelope,
        organization_id: organizationId,
        repository_id: null,
      },
    ]);
  });
});
