import type { QueueDefinition } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import type { TObject } from '@sinclair/typebox';
import { Queue, UnrecoverableError, type Job, type Worker, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { startBatchSweep, sweepStrandedBatches } from './batch-sweep.js';
import type { Periodic } from './periodic.js';
import { createProducer, createWorker, type Processor } from './queues.js';
import { onRedisReconnect } from './reconnect.js';

type BatchDef = QueueDefinition<TObject> & {
  jobId(p: { scanId: string; batchId: string }): string;
};

/** A job that will not run again: unrecoverable, out of attempts, or stalled too often. */
export const isFinalFailure = (job: Job, err: Error): boolean =>
  err instanceof UnrecoverableError ||
  err.name === 'UnrecoverableError' ||
  /stalled more than allowable limit/i.test(err.message) ||
  job.attemptsMade >= (job.opts.attempts ?? 1);

export interface BatchStage {
  worker: Worker;
  queue: Queue;
  run(): void;
  stop(): Promise<void>;
}

/**
 * A worker for one stage of a scan's barrier (`triage`, `fix`): jobs `{scanId, batchId}`, a
 * batch whose job fails for good is settled with the reason (so the scan is never held by it),
 * and a sweep re-enqueues batches whose job was lost or settles those whose failure was not
 * recorded.
 */
export const createBatchStage = <D extends BatchDef>(options: {
  def: D;
  stage: 'triage' | 'fix';
  processor: Processor<D>;
  fail(batchId: string, reason: string): Promise<void>;
  db: Db;
  logger: Logger;
  workerRedis: Redis;
  producerRedis: Redis;
  prefix: string;
  overrides: Partial<WorkerOptions>;
  sweep: { intervalMs: number; graceMs: number };
}): BatchStage => {
  const { def, stage, logger } = options;
  const worker = createWorker(def, options.processor, {
    connection: options.workerRedis,
    prefix: options.prefix,
    overrides: options.overrides,
  });
  worker.on('failed', (job, err) => {
    if (!job) return;
    const { batchId } = job.data as { batchId?: string };
    logger.warn(
      { stage, batchId, attempt: job.attemptsMade, err: err.message },
      'batch attempt failed',
    );
    if (!batchId || !isFinalFailure(job, err)) return;
    options
      .fail(batchId, `${stage} failed after ${job.attemptsMade} attempts: ${err.message}`)
      .catch((e: unknown) =>
        logger.error(
          { stage, batchId, err: (e as Error).message },
          'could not settle the failed batch; the sweep will',
        ),
      );
  });
  const queue = new Queue(def.name, { connection: options.workerRedis, prefix: options.prefix });
  const again = createProducer(def, { connection: options.producerRedis, prefix: options.prefix });
  let sweep: Periodic | undefined;
  return {
    worker,
    queue,
    run: () => {
      void worker.run();
      const sweepOptions = {
        db: options.db,
        logger,
        def,
        stage,
        queue,
        producer: again,
        fail: (batchId: string, reason: string) => options.fail(batchId, reason),
        ...options.sweep,
      };
      sweep = startBatchSweep(sweepOptions);
      // Redis back after an outage or a failover may have lost jobs: look at every pending
      // batch now (enqueueing is idempotent by job id), not after the grace.
      onRedisReconnect(options.workerRedis, () =>
        sweep?.runNow(() => sweepStrandedBatches({ ...sweepOptions, graceMs: 0 })),
      );
    },
    stop: async () => {
      await sweep?.stop();
      await worker.close();
      await Promise.all([again.close(), queue.close()]);
    },
  };
};
