import type { QueueDefinition } from '@remediation/contracts';
import { pendingBatchesBefore, type Db } from '@remediation/db';
import type { TObject } from '@sinclair/typebox';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { startPeriodic, type Periodic } from './periodic.js';
import type { Producer } from './queues.js';

type BatchPayload = { scanId: string; batchId: string };

export interface BatchSweepOptions {
  db: Db;
  logger: Logger;
  /** The stage's queue definition (`triage` or `fix`): payload `{scanId, batchId}`. */
  def: QueueDefinition<TObject> & { jobId(p: BatchPayload): string };
  stage: 'triage' | 'fix';
  queue: Queue;
  producer: Pick<Producer<QueueDefinition>, 'add'>;
  /** Settles a batch whose job failed for good. */
  fail(batchId: string, reason: string): Promise<void>;
  intervalMs: number;
  /** How long a batch may stay pending before its job is checked; above the job lock. */
  graceMs: number;
}

/**
 * Finds a stage's batches still pending long after they were created and checks their jobs: a
 * job that is gone (the process died between its commit and the enqueue, Redis lost its data)
 * is enqueued again; one that failed for good while the batch could not be marked is settled.
 * Waiting, active and delayed jobs are left alone. Enqueueing is idempotent by job id, so every
 * replica may sweep.
 */
export const sweepStrandedBatches = async (options: BatchSweepOptions): Promise<number> => {
  let settled = 0;
  const before = new Date(Date.now() - options.graceMs);
  const pending = await pendingBatchesBefore(options.db, options.stage, before, 500);
  for (const { id, scan_id } of pending) {
    const payload = { scanId: scan_id, batchId: id };
    const job = await options.queue.getJob(options.def.jobId(payload));
    if (!job) {
      await options.producer.add(payload);
      options.logger.warn(
        { ...payload, stage: options.stage },
        'batch had no job; enqueued it again',
      );
      settled++;
    } else if (await job.isFailed()) {
      await options.fail(id, `${options.stage} failed: its job failed for good`);
      settled++;
    }
  }
  return settled;
};

/** Runs the sweep every `intervalMs`; a failed sweep is retried at the next tick. */
export const startBatchSweep = (options: BatchSweepOptions): Periodic =>
  startPeriodic({
    name: `stranded ${options.stage} batch sweep`,
    intervalMs: options.intervalMs,
    logger: options.logger,
    task: () => sweepStrandedBatches(options),
  });
