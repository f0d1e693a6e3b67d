import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { startPeriodic, type Logger, type Periodic, type Producer } from '@remediation/runtime';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { failScan, type IngestDeps } from './ingest.processor.js';

export interface SweepOptions {
  db: Db;
  logger: Logger;
  queue: Queue;
  producer: Producer<typeof QUEUES.sarifIngest>;
  processorDeps: IngestDeps;
  intervalMs: number;
  /** How long a scan may stay queued or processing before its job is checked. */
  graceMs: number;
}

const unfinishedScans = (db: Db, graceMs: number) =>
  db
    .selectFrom('scans')
    .select('id')
    .where('state', 'in', ['queued', 'processing'])
    // Ingested scans wait for their triage and fix batches, which the triage service sweeps.
    .where('ingested_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
    .orderBy('created_at')
    .limit(500)
    .execute();

/**
 * Finds scans that have not ended long after their upload and checks their jobs: a job that is
 * gone (Redis lost its data, a queue was emptied by hand) is enqueued again; a job that failed
 * for good while the scan could not be marked is settled now. Waiting, active and delayed jobs
 * are left alone. Enqueueing is idempotent by job id, so every replica may sweep.
 */
export const sweepStrandedScans = async (options: SweepOptions): Promise<number> => {
  let settled = 0;
  for (const { id } of await unfinishedScans(options.db, options.graceMs)) {
    const job = await options.queue.getJob(QUEUES.sarifIngest.jobId({ scanId: id }));
    if (!job) {
      await options.producer.add({ scanId: id });
      options.logger.warn({ scanId: id }, 'scan had no ingest job; enqueued it again');
      settled++;
    } else if (await job.isFailed()) {
      await failScan(
        options.processorDeps,
        id,
        'ingestion failed: its job failed for good (the sarif-ingest logs have the reason)',
      );
      settled++;
    }
  }
  return settled;
};

/** Runs the sweep every `intervalMs`; a failed sweep is retried at the next tick. */
export const startStrandedSweep = (options: SweepOptions): Periodic =>
  startPeriodic({
    name: 'stranded scan sweep',
    intervalMs: options.intervalMs,
    logger: options.logger,
    task: () => sweepStrandedScans(options),
  });
