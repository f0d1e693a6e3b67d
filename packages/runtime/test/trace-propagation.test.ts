import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';
import { QUEUES } from '@remediation/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  captureTraceContext,
  createLogger,
  createProducer,
  createRedis,
  createWorker,
  inCarriedSpan,
  type Redis,
} from '../src/index.js';

const URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = trace.getTracer('test');

let producerConn: Redis;
let workerConn: Redis;
let prefix: string;

beforeAll(() => {
  // What NodeSDK registers in a service: a provider, async context and W3C propagation.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  producerConn = createRedis(URL, 'producer');
  workerConn = createRedis(URL, 'worker');
  prefix = `test-${randomBytes(6).toString('hex')}`;
});
beforeEach(() => exporter.reset());
afterAll(async () => {
  const keys = await producerConn.keys(`${prefix}:*`);
  if (keys.length > 0) await producerConn.del(...keys);
  await producerConn.quit();
  await workerConn.quit();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

/** Log lines written to memory, parsed. */
const captureLogs = () => {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', level: 'info', destination }) };
};

const ended = (name: string, timeoutMs = 5_000): Promise<ReadableSpan> =>
  new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const poll = () => {
      const span = exporter.getFinishedSpans().find((s) => s.name === name);
      if (span) return resolve(span);
      if (Date.now() > deadline)
        return reject(
          new Error(
            `no span ${name}: ${exporter
              .getFinishedSpans()
              .map((s) => s.name)
              .join(', ')}`,
          ),
        );
      setTimeout(poll, 10);
    };
    poll();
  });

describe('trace context across a queue', () => {
  it('when a job is enqueued inside a span, then its worker runs in a child span of that trace and its log lines carry the trace id', async () => {
    const { lines, logger } = captureLogs();
    const producer = createProducer(QUEUES.sarifIngest, { connection: producerConn, prefix });
    const worker = createWorker(
      QUEUES.sarifIngest,
      (payload) => {
        logger.info({ scanId: payload.scanId }, 'processing');
        return Promise.resolve();
      },
      { connection: workerConn, prefix },
    );
    void worker.run();
    try {
      const root = await tracer.startActiveSpan('POST /v1/repositories/:id/sarif', async (span) => {
        await producer.add({ scanId: randomUUID() });
        span.end();
        return span.spanContext();
      });
      const process = await ended('process sarif-ingest');
      const add = exporter.getFinishedSpans().find((s) => s.name.startsWith('add sarif-ingest'));

      expect(add?.spanContext().traceId).toBe(root.traceId);
      expect(add?.parentSpanContext?.spanId).toBe(root.spanId);
      expect(process.kind).toBe(SpanKind.CONSUMER);
      expect(process.spanContext().traceId).toBe(root.traceId);
      expect(process.parentSpanContext?.spanId).toBe(add?.spanContext().spanId);
      const line = lines.find((l) => l['msg'] === 'processing');
      expect(line).toMatchObject({
        traceId: root.traceId,
        spanId: process.spanContext().spanId,
      });
    } finally {
      await worker.close();
      await producer.close();
    }
  });

  it('when workers poll and close, then only producer and consumer spans are recorded', async () => {
    const producer = createProducer(QUEUES.triage, { connection: producerConn, prefix });
    const worker = createWorker(QUEUES.triage, () => Promise.resolve(), {
      connection: workerConn,
      prefix,
    });
    void worker.run();
    await producer.add({ scanId: randomUUID(), batchId: randomUUID() });
    await ended('process triage');
    await worker.close();
    await producer.close();
    const names = exporter.getFinishedSpans().map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^(add|addBulk|process) triage/);
  });

  it('when no span is active, then log lines carry no trace fields and nothing is captured', () => {
    const { lines, logger } = captureLogs();
    logger.info('idle');
    expect(lines[0]).not.toHaveProperty('traceId');
    expect(captureTraceContext()).toBeNull();
  });
});

describe('a carried trace context', () => {
  it('when work stored with the captured context runs later, then its span joins that trace', async () => {
    const { stored, root } = tracer.startActiveSpan('fix.generated written', (span) => {
      const result = { stored: captureTraceContext(), root: span.spanContext() };
      span.end();
      return result;
    });
    expect(stored?.['traceparent']).toContain(root.traceId);

    // Elsewhere, outside any span: a delivery attempt driven by the stored row.
    await context.with(context.active(), () =>
      inCarriedSpan('webhook deliver', stored, { kind: 'producer' }, () => Promise.resolve()),
    );
    const delivered = await ended('webhook deliver');
    expect(delivered.spanContext().traceId).toBe(root.traceId);
    expect(delivered.parentSpanContext?.spanId).toBe(root.spanId);
  });

  it('when the work fails, then its span records the error and the error reaches the caller', async () => {
    await expect(
      inCarriedSpan('webhook deliver failing', null, {}, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    const span = await ended('webhook deliver failing');
    expect(span.status).toMatchObject({ code: 2, message: 'boom' });
    expect(span.parentSpanContext).toBeUndefined();
  });

  it('when the result is a failure the caller names, then the span is an error and the result is returned', async () => {
    const result = await inCarriedSpan(
      'webhook deliver refused',
      null,
      { failure: (r: { status: number }) => (r.status >= 400 ? `status ${r.status}` : undefined) },
      () => Promise.resolve({ status: 503 }),
    );
    expect(result).toEqual({ status: 503 });
    const span = await ended('webhook deliver refused');
    expect(span.status).toMatchObject({ code: 2, message: 'status 503' });
  });
});
