import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';

/** W3C trace context as propagation writes it (`traceparent`, optionally `tracestate`). */
export type TraceCarrier = Record<string, string>;

/**
 * The active span's ids for a log line (`{traceId, spanId}`), or nothing when no sampled span is
 * active. Only the OpenTelemetry API: cheap when telemetry is off (no SDK = no valid span).
 */
export const traceFields = (): { traceId?: string; spanId?: string } => {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
};

/** The active trace id, for log lines; undefined when no span is active. */
export const currentTraceId = (): string | undefined => traceFields().traceId;

/**
 * The active context as a W3C carrier, to store with work that another process picks up later
 * (an outbox row); null when there is nothing to carry (telemetry off, or no active span).
 */
export const captureTraceContext = (): TraceCarrier | null => {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier['traceparent'] ? carrier : null;
};

const KINDS = {
  internal: SpanKind.INTERNAL,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  client: SpanKind.CLIENT,
} as const;

export interface CarriedSpanOptions<T> {
  kind?: keyof typeof KINDS;
  attributes?: Attributes;
  /** A failure that is a result, not an exception (a refused delivery): its message, else undefined. */
  failure?: (result: T) => string | undefined;
}

/**
 * Runs `fn` in a new span whose parent is the carried context (a new trace without one), and
 * ends the span with `fn`: an exception, or a result `failure` names, marks it as an error.
 */
export const inCarriedSpan = async <T>(
  name: string,
  carrier: TraceCarrier | null | undefined,
  options: CarriedSpanOptions<T>,
  fn: () => Promise<T>,
): Promise<T> => {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  const tracer = trace.getTracer('@remediation/runtime');
  return tracer.startActiveSpan(
    name,
    { kind: KINDS[options.kind ?? 'internal'], attributes: options.attributes ?? {} },
    parent,
    async (span) => {
      try {
        const result = await fn();
        const failure = options.failure?.(result);
        if (failure !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
        return result;
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
};

/**
 * Exports the spans the SDK still buffers (a shutdown step: the batch processor would drop
 * them at exit). Through the API only: does nothing when no SDK is registered.
 */
export const flushTraces = async (): Promise<void> => {
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
  await delegate.forceFlush?.();
};
