import type { Context } from '@opentelemetry/api';
import type { Span, Telemetry, Tracer } from 'bullmq';
import { SpanKind } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';

/** A span that records nothing and leaves the context as it was. */
const passThrough: Span<Context> = {
  setSpanOnContext: (ctx) => ctx,
  setAttribute: () => undefined,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  recordException: () => undefined,
  end: () => undefined,
};

/**
 * Keeps BullMQ's producer (`add`, `addBulk`) and consumer (`process`) spans, which carry the
 * trace from job to job, and drops its internal ones: a worker's `getNextJob` poll, stalled
 * checks and `close` would each start a trace of their own, several a second per worker.
 */
const messagingOnly = (inner: Tracer<Context>): Tracer<Context> => ({
  startSpan: (name, options, ctx) =>
    options?.kind === SpanKind.PRODUCER || options?.kind === SpanKind.CONSUMER
      ? inner.startSpan(name, options, ctx)
      : passThrough,
});

let telemetry: Telemetry<Context> | undefined;

/**
 * The BullMQ telemetry every queue and worker of this package is built with (bullmq-otel over
 * the global OpenTelemetry API): enqueueing stores the active W3C trace context in the job's
 * options (`opts.telemetry.metadata`, not the payload), and processing runs the processor in a
 * `process <queue>` span whose parent is that context. Without an SDK the spans are no-ops.
 */
export const queueTelemetry = (): Telemetry<Context> => {
  if (!telemetry) {
    const otel = new BullMQOtel({ tracerName: '@remediation/queues' });
    telemetry = { tracer: messagingOnly(otel.tracer), contextManager: otel.contextManager };
  }
  return telemetry;
};
