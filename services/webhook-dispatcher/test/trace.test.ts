import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, startReceiver, type Harness } from './harness.js';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  h = await createHarness();
  receiver = await startReceiver();
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

const deliverSpans = () => exporter.getFinishedSpans().filter((s) => s.name === 'webhook deliver');

describe('delivery traces', () => {
  it('when an event is written inside a trace, then each delivery attempt is a span of that trace, a refused one marked as an error', async () => {
    receiver.on('/refuses', () => ({ status: 500 }));
    const ok = await h.addWebhook(receiver.url('/accepts'), ['scan.completed']);
    const refusing = await h.addWebhook(receiver.url('/refuses'), ['scan.completed']);
    const writer = trace.getTracer('test').startSpan('process fix');
    const eventId = await context.with(trace.setSpan(context.active(), writer), () =>
      h.emit('scan.completed', { scan_id: 'x' }),
    );
    writer.end();

    const delivered = await h.settledFor(eventId, ok.id);
    expect(delivered.status).toBe('delivered');
    // The refusing endpoint's first attempt is enough: its retries follow the schedule.
    const deadline = Date.now() + 10_000;
    while (deliverSpans().length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));

    const spans = deliverSpans();
    expect(spans.length).toBeGreaterThanOrEqual(2);
    for (const span of spans) {
      expect(span.spanContext().traceId).toBe(writer.spanContext().traceId);
      expect(span.parentSpanContext?.spanId).toBe(writer.spanContext().spanId);
    }
    const deliveries = await h.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'webhook_id'])
      .where('event_id', '=', eventId)
      .execute();
    const spanOf = (webhookId: string) => {
      const id = deliveries.find((d) => d.webhook_id === webhookId)?.id;
      return spans.find((s) => s.attributes['webhook.delivery_id'] === id);
    };
    expect(spanOf(ok.id)?.status.code).not.toBe(2);
    expect(spanOf(refusing.id)?.status.code).toBe(2);
  });
});
