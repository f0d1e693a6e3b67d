import { QUEUES } from '@remediation/contracts';
import { pendingBatchesBefore, type Db } from '@remediation/db';
import { startPeriodic, type Logger, type Producer } from '@remediation/runtime';
import type { Queue } from 'bullmq';

export interface BatchSweepOptions {
  db: Db;
  logger: Logger;
  queue: Queue;
  producer: Pick<Producer<typeof QUEUES.triage>, 'add'>;
  /** Settles a batch whose job failed for good. */
  fail(batchId: string, reason: string): Promise<void>;
  intervalMs: number;
  /** How long a batch may stay pending before its job is checked. */
  graceMs: number;
}

/**
 * Finds triage batches still pending long after they were created and checks their jobs: a
 * job that is gone (the ingest process died between its commit and the enqueue, Redis lost
 * its data) is enqueued again; one that failed for good while the batch could not be marked is
 * settled now. Enqueueing is idempotent by job id, so every replica may sweep.
 */
export const sweepStrandedBatches = async (options: BatchSweepOptions): Promise<number> => {
  let settled = 0;
  const before = new Date(Date.now() - options.graceMs);
  for (const { id, scan_id } of await pendingBatchesBefore(options.db, 'triage', before, 500)) {
    const payload = { scanId: scan_id, batchId: id };
    const job = await options.queue.getJob(QUEUES.triage.jobId(payload));
    if (!job) {
      await options.producer.add(payload);
      options.logger.warn(payload, 'triage batch had no job; enqueued it again');
      settled++;
    } else if (await job.isFailed()) {
      await options.fail(id, 'triage failed: its job failed for good');
      settled++;
    }
  }
  return settled;
};

/** Runs the sweep every `intervalMs`; a failed sweep is retried at the next tick. */
export const startBatchSweep = (options: BatchSweepOptions): { stop(): Promise<void> } =>
  startPeriodic({
    name: 'stranded triage batch sweep',
    intervalMs: options.intervalMs,
    logger: options.logger,
    task: () => sweepStrandedBatches(options),
  });
