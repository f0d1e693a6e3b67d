import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import {
  createProducer,
  createWorker,
  isFinalFailure,
  onRedisReconnect,
  type Logger,
  type Periodic,
  type Redis,
} from '@remediation/runtime';
import type { Static } from '@sinclair/typebox';
import { Queue, UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { IngestConfig } from './config.js';
import { failScan, ingestProcessor, type IngestDeps } from './ingest/ingest.processor.js';
import { noIngestMetrics, type IngestMetrics } from './ingest/ingest-metrics.js';
import { startStrandedSweep, sweepStrandedScans } from './ingest/stranded-sweep.js';

export interface Ingester {
  worker: Worker;
  /** The sarif-ingest queue, for metrics. */
  queue: Queue;
  run(): void;
  stop(): Promise<void>;
}

/** The reason recorded on a failed scan: ours when we stopped on purpose, else a generic one. */
const failureReason = (job: Job, err: Error): string =>
  err instanceof UnrecoverableError || err.name === 'UnrecoverableError'
    ? `ingestion failed: ${err.message}`
    : /stalled/i.test(err.message)
      ? 'ingestion failed: the worker processing the document stopped responding too many times'
      : `ingestion failed after ${job.attemptsMade} attempts`;

/** Wires the ingest worker; `main.ts` and the tests both build it here. */
export const createIngester = (deps: {
  config: Readonly<Static<typeof IngestConfig>>;
  db: Db;
  workerRedis: Redis;
  /** Fails fast while Redis is down (the sweep's re-enqueues). */
  producerRedis: Redis;
  logger: Logger;
  metrics?: IngestMetrics;
}): Ingester => {
  const { config } = deps;
  const triage = createProducer(QUEUES.triage, {
    connection: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
  });
  const processorDeps: IngestDeps = {
    db: deps.db,
    logger: deps.logger,
    batchSize: config.INGEST_BATCH_SIZE,
    triageBatchSize: config.TRIAGE_BATCH_SIZE,
    triage,
    metrics: deps.metrics ?? noIngestMetrics,
  };
  const worker = createWorker(QUEUES.sarifIngest, ingestProcessor(processorDeps), {
    connection: deps.workerRedis,
    prefix: config.QUEUE_PREFIX,
    overrides: {
      concurrency: config.INGEST_CONCURRENCY,
      lockDuration: config.INGEST_JOB_LOCK_MS,
      stalledInterval: Math.max(500, Math.floor(config.INGEST_JOB_LOCK_MS / 2)),
    },
  });
  worker.on('failed', (job, err) => {
    if (!job) return;
    const scanId = (job.data as { scanId?: string }).scanId;
    deps.logger.warn(
      { scanId, attempt: job.attemptsMade, err: err.message },
      'ingestion attempt failed',
    );
    if (!scanId || !isFinalFailure(job, err)) return;
    failScan(processorDeps, scanId, failureReason(job, err)).catch((e: unknown) =>
      deps.logger.error(
        { scanId, err: (e as Error).message },
        'could not mark the scan failed; it stays processing until the job is retried',
      ),
    );
  });
  const queue = new Queue(QUEUES.sarifIngest.name, {
    connection: deps.workerRedis,
    prefix: config.QUEUE_PREFIX,
  });
  const producer = createProducer(QUEUES.sarifIngest, {
    connection: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
  });
  let sweep: Periodic | undefined;
  return {
    worker,
    queue,
    run: () => {
      void worker.run();
      const sweepOptions = {
        db: deps.db,
        logger: deps.logger,
        queue,
        producer,
        processorDeps,
        intervalMs: config.INGEST_SWEEP_INTERVAL_MS,
        graceMs: config.INGEST_STRANDED_GRACE_MS,
      };
      sweep = startStrandedSweep(sweepOptions);
      // Redis back after an outage or a failover may have lost jobs: check every unfinished
      // scan now (enqueueing is idempotent by job id), not after the grace.
      onRedisReconnect(deps.workerRedis, () =>
        sweep?.runNow(() => sweepStrandedScans({ ...sweepOptions, graceMs: 0 })),
      );
    },
    stop: async () => {
      await sweep?.stop();
      await worker.close();
      await producer.close();
      await triage.close();
      await queue.close();
    },
  };
};
