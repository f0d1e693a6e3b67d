import { randomBytes } from 'node:crypto';
import { QUEUES } from '@remediation/contracts';
import { Job, Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProducer,
  createWorker,
  InvalidPayloadError,
  QueueUnavailableError,
  scheduleDelay,
} from './queues.js';
import { createRedis, type Redis } from './redis.js';

const URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const SCAN = '01a1fba3-f055-7639-89b4-9f8d5922aad6';

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

describe('producer', () => {
  it('when the same payload is added twice, then one job exists with the registry options', async () => {
    const producer = createProducer(QUEUES.sarifIngest, { connection: producerConn, prefix });
    try {
      await producer.add({ scanId: SCAN });
      await producer.add({ scanId: SCAN });
      expect((await producer.queue.getJobCounts('waiting')).waiting).toBe(1);
      const job = await producer.queue.getJob(`scan-${SCAN}`);
      expect(job?.opts).toMatchObject({
        attempts: 3,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnFail: { age: 14 * 86400 },
      });
    } finally {
      await producer.close();
    }
  });

  it('when a payload is invalid, then nothing is enqueued', async () => {
    const producer = createProducer(QUEUES.sarifIngest, {
      connection: producerConn,
      prefix: `${prefix}-invalid`,
    });
    try {
      await expect(producer.add({ scanId: 'nope' })).rejects.toBeInstanceOf(InvalidPayloadError);
      expect(await producer.queue.count()).toBe(0);
    } finally {
      await producer.close();
    }
  });

  it('when Redis is down, then add fails within the readiness wait with QueueUnavailableError', async () => {
    const dead = createRedis('redis://127.0.0.1:1', 'producer');
    dead.on('error', () => undefined);
    const producer = createProducer(QUEUES.sarifIngest, { connection: dead, prefix });
    const started = Date.now();
    await expect(producer.add({ scanId: SCAN })).rejects.toBeInstanceOf(QueueUnavailableError);
    expect(Date.now() - started).toBeLessThan(3_000);
    dead.disconnect();
  });
});

describe('worker', () => {
  it('when a job payload is invalid, then the worker fails it as unrecoverable without retrying', async () => {
    const name = QUEUES.sarifIngest.name;
    const p = `${prefix}-worker`;
    const queue = new Queue(name, { connection: producerConn, prefix: p });
    const events = new QueueEvents(name, { connection: createRedis(URL, 'worker'), prefix: p });
    await events.waitUntilReady();
    let calls = 0;
    const worker = createWorker(
      QUEUES.sarifIngest,
      async () => {
        calls++;
        return Promise.resolve();
      },
      { connection: workerConn, prefix: p },
    );
    try {
      const failed = new Promise<string>((resolve) =>
        events.on('failed', ({ jobId }) => resolve(jobId)),
      );
      await queue.add(name, { scanId: 'bad', injected: true }, { jobId: 'bad-1', attempts: 3 });
      void worker.run();
      expect(await failed).toBe('bad-1');
      const job = await Job.fromId(queue, 'bad-1');
      expect(job?.attemptsMade).toBe(1);
      expect(job?.failedReason).toMatch(/invalid sarif-ingest payload/);
      expect(calls).toBe(0);
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe('scheduleDelay', () => {
  it('when attempts exceed the schedule, then the last delay repeats', () => {
    const s = [30_000, 120_000, 600_000, 3_600_000];
    expect([1, 2, 3, 4, 5].map((n) => scheduleDelay(s, n))).toEqual([
      30_000, 120_000, 600_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('producer.addMany', () => {
  it('when many payloads are added, then each becomes one job with its deterministic id; an invalid one adds nothing', async () => {
    const producer = createProducer(QUEUES.webhookDelivery, {
      connection: producerConn,
      prefix: `${prefix}-bulk`,
    });
    try {
      const ids = ['01a1fba3-0000-7000-8000-0000000000c1', '01a1fba3-0000-7000-8000-0000000000c2'];
      await producer.addMany(ids.map((deliveryId) => ({ deliveryId })));
      await producer.addMany(ids.map((deliveryId) => ({ deliveryId })));
      expect(await producer.queue.count()).toBe(2);
      expect((await producer.queue.getJob(`delivery-${ids[0]}`))?.opts.attempts).toBe(5);
      await expect(
        producer.addMany([{ deliveryId: ids[0]! }, { deliveryId: 'bad' }]),
      ).rejects.toBeInstanceOf(InvalidPayloadError);
      expect(await producer.queue.count()).toBe(2);
    } finally {
      await producer.queue.obliterate({ force: true });
      await producer.close();
    }
  });
});
