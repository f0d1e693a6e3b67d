import { QUEUES } from '@remediation/contracts';
import { loadBatchScan, type Db } from '@remediation/db';
import {
  createBatchStage,
  createProducer,
  startPeriodic,
  type Logger,
  type Redis,
} from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import { createSourceAccess, sourceAccessOptions } from '@remediation/source-access';
import type { Static } from '@sinclair/typebox';
import type { Queue, Worker } from 'bullmq';
import type { TriageConfig } from './config.js';
import { createChatClient } from './llm/chat-client.js';
import { unsettledTriageScans } from './triage/scan-stage.js';
import { noTriageMetrics, type TriageMetrics } from './triage/triage-metrics.js';
import {
  failTriageBatch,
  settle,
  triageProcessor,
  type TriageDeps,
} from './triage/triage.processor.js';

export interface Triager {
  worker: Worker;
  queue: Queue;
  run(): void;
  stop(): Promise<void>;
}

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
  const fix = createProducer(QUEUES.fix, {
    connection: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
  });
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
  const stage = createBatchStage({
    def: QUEUES.triage,
    stage: 'triage',
    processor: triageProcessor(processorDeps),
    fail: (batchId, reason) => failTriageBatch(processorDeps, batchId, reason),
    db: deps.db,
    logger: deps.logger,
    workerRedis: deps.workerRedis,
    producerRedis: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
    overrides: {
      concurrency: config.TRIAGE_CONCURRENCY,
      lockDuration: config.TRIAGE_JOB_LOCK_MS,
      stalledInterval: Math.max(500, Math.floor(config.TRIAGE_JOB_LOCK_MS / 2)),
    },
    sweep: {
      intervalMs: config.TRIAGE_SWEEP_INTERVAL_MS,
      graceMs: config.TRIAGE_STRANDED_GRACE_MS,
    },
  });
  // A scan whose last batch's worker died after its commit is settled by the job's retry; this
  // catches the rest (the job lost with Redis's data).
  let settler: { stop(): Promise<void> } | undefined;
  const settleStranded = async (): Promise<number> => {
    const before = new Date(Date.now() - config.TRIAGE_STRANDED_GRACE_MS);
    const ids = await unsettledTriageScans(deps.db, before, 100);
    for (const id of ids) {
      const scan = await loadBatchScan(deps.db, id);
      if (scan) await settle(processorDeps, scan);
    }
    return ids.length;
  };
  return {
    worker: stage.worker,
    queue: stage.queue,
    run: () => {
      stage.run();
      settler ??= startPeriodic({
        name: 'unsettled triage scan sweep',
        intervalMs: config.TRIAGE_SWEEP_INTERVAL_MS,
        logger: deps.logger,
        task: settleStranded,
      });
    },
    stop: async () => {
      await settler?.stop();
      await stage.stop();
      await fix.close();
      await source.close();
    },
  };
};
