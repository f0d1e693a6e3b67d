import { randomBytes, randomUUID } from 'node:crypto';
import { QUEUES } from '@remediation/contracts';
import { UnrecoverableError } from 'bullmq';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProducer,
  createRedis,
  createWorker,
  registerJobMetrics,
  type Redis,
} from '../src/index.js';

const URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

let producerConn: Redis;
let workerConn: Redis;
let prefix: string;

beforeAll(() => {
  producerConn = createRedis(URL, 'producer');
  workerConn = createRedis(URL, 'worker');
  prefix = `test-${randomBytes(6).toString('hex')}`;
});
afterAll(async () => {
  const keys = await producerConn.keys(`${prefix}:*`);
  if (keys.length > 0) await producerConn.del(...keys);
  await producerConn.quit();
  await workerConn.quit();
});

const value = async (registry: Registry, name: string, labels: Record<string, string>) => {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const sample = metric?.values.find((v) =>
    Object.entries(labels).every(([k, l]) => v.labels[k] === l),
  );
  return sample?.value;
};

describe('job metrics', () => {
  it('when jobs complete, are retried and fail for good, then each outcome is counted per queue with its duration', async () => {
    const registry = new Registry();
    const outcomes = new Map<string, 'ok' | 'flaky' | 'bad'>();
    const seen = new Map<string, number>();
    const worker = createWorker(
      QUEUES.triage,
      (payload) => {
        const n = (seen.get(payload.batchId) ?? 0) + 1;
        seen.set(payload.batchId, n);
        const kind = outcomes.get(payload.batchId);
        if (kind === 'bad') throw new UnrecoverableError('not this one');
        if (kind === 'flaky' && n === 1) throw new Error('transient');
        return Promise.resolve();
      },
      // No backoff: the retry runs at once.
      { connection: workerConn, prefix, overrides: { settings: { backoffStrategy: () => 0 } } },
    );
    registerJobMetrics(registry, [worker]);
    expect(
      await value(registry, 'remediation_jobs_total', { queue: 'triage', outcome: 'failed' }),
    ).toBe(0);

    const producer = createProducer(QUEUES.triage, { connection: producerConn, prefix });
    const settled = new Promise<void>((resolve) => {
      let finished = 0;
      const done = () => ++finished === 3 && resolve();
      worker.on('completed', done);
      worker.on('failed', (job, err) => {
        if (err instanceof UnrecoverableError || err.name === 'UnrecoverableError') done();
        else if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) done();
      });
    });
    const scanId = randomUUID();
    for (const kind of ['ok', 'flaky', 'bad'] as const) {
      const batchId = randomUUID();
      outcomes.set(batchId, kind);
      await producer.add({ scanId, batchId });
    }
    void worker.run();
    await settled;
    await worker.close();
    await producer.close();

    const count = (outcome: string) =>
      value(registry, 'remediation_jobs_total', { queue: 'triage', outcome });
    expect(await count('completed')).toBe(2);
    expect(await count('retried')).toBe(1);
    expect(await count('failed')).toBe(1);
    expect(
      await value(registry, 'remediation_job_duration_seconds', { queue: 'triage', le: '+Inf' }),
    ).toBe(4);
  });
});
