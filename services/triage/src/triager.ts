import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { createProducer, createWorker, type Logger, type Redis } from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import { createSourceAccess, sourceAccessOptions } from '@remediation/source-access';
import type { Static } from '@sinclair/typebox';
import { Queue, UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { TriageConfig } from './config.js';
import { createChatClient } from './llm/chat-client.js';
import { startBatchSweep } from './triage/stranded-sweep.js';
import { noTriageMetrics, type TriageMetrics } from './triage/triage-metrics.js';
import { failTriageBatch, triageProcessor, type TriageDeps } from './triage/triage.processor.js';

export interface Triager {
  worker: Worker;
  queue: Queue;
  run(): void;
  stop(): Promise<void>;
}

const isFinal = (job: Job, err: Error): boolean =>
  err instanceof UnrecoverableError ||
  err.name === 'UnrecoverableError' ||
  /stalled more than allowable limit/i.test(err.message) ||
  job.attemptsMade >= (job.opts.attempts ?? 1);

/** Wires the triage worker; `main.ts` and the tests both build it here. */
export const createTriager = (deps: {
  config: Readonly<Static<typeof TriageConfig>>;
  db: Db;
  workerRedis: Redis;
  producerRedis: Redis;
  logger: Logger;
  metrics?: TriageMetrics;
}): Triager => {
  const { config } = deps;
  const source = createSourceAccess({
    ...sourceAccessOptions(config),
    maxFileBytes: Math.min(config.GIT_MAX_FILE_BYTES, config.TRIAGE_MAX_SOURCE_BYTES),
    logger: deps.logger,
  });
  const prefix = config.QUEUE_PREFIX;
  const fix = createProducer(QUEUES.fix, { connection: deps.producerRedis, prefix });
  const again = createProducer(QUEUES.triage, { connection: deps.producerRedis, prefix });
  const processorDeps: TriageDeps = {
    db: deps.db,
    logger: deps.logger,
    source,
    secretBox: createSecretBox(parseKey(config.SECRETS_ENCRYPTION_KEY)),
    fix,
    metrics: deps.metrics ?? noTriageMetrics,
    llm: config.TRIAGE_LLM_URL
      ? createChatClient({
          baseUrl: config.TRIAGE_LLM_URL,
          model: config.TRIAGE_LLM_MODEL,
          apiKey: config.TRIAGE_LLM_API_KEY,
          timeoutMs: config.TRIAGE_LLM_TIMEOUT_MS,
        })
      : undefined,
    llmMaxPerBatch: config.TRIAGE_LLM_MAX_PER_BATCH,
  };
  const worker = createWorker(QUEUES.triage, triageProcessor(processorDeps), {
    connection: deps.workerRedis,
    prefix,
    overrides: {
      concurrency: config.TRIAGE_CONCURRENCY,
      lockDuration: config.TRIAGE_JOB_LOCK_MS,
      stalledInterval: Math.min(30_000, config.TRIAGE_JOB_LOCK_MS),
    },
  });
  const fail = (batchId: string, reason: string) => failTriageBatch(processorDeps, batchId, reason);
  worker.on('failed', (job, err) => {
    if (!job) return;
    const { batchId } = job.data as { batchId?: string };
    deps.logger.warn(
      { batchId, attempt: job.attemptsMade, err: err.message },
      'triage attempt failed',
    );
    if (!batchId || !isFinal(job, err)) return;
    fail(batchId, `triage failed after ${job.attemptsMade} attempts: ${err.message}`).catch(
      (e: unknown) =>
        deps.logger.error(
          { batchId, err: (e as Error).message },
          'could not settle the failed batch; the sweep will',
        ),
    );
  });
  const queue = new Queue(QUEUES.triage.name, { connection: deps.workerRedis, prefix });
  let sweep: { stop(): Promise<void> } | undefined;
  return {
    worker,
    queue,
    run: () => {
      void worker.run();
      sweep = startBatchSweep({
        db: deps.db,
        logger: deps.logger,
        queue,
        producer: again,
        fail,
        intervalMs: config.TRIAGE_SWEEP_INTERVAL_MS,
        graceMs: config.TRIAGE_STRANDED_GRACE_MS,
      });
    },
    stop: async () => {
      await sweep?.stop();
      await worker.close();
      await Promise.all([fix.close(), again.close(), queue.close()]);
      await source.close();
    },
  };
};
