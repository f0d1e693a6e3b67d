import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { createBatchStage, createProducer, type Logger, type Redis } from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import {
  createGitLauncher,
  createSourceAccess,
  sourceAccessOptions,
} from '@remediation/source-access';
import type { Static } from '@sinclair/typebox';
import type { Queue, Worker } from 'bullmq';
import type { FixerConfig } from './config.js';
import { noFixMetrics, type FixMetrics } from './fix/fix-metrics.js';
import { failFix, fixProcessor, type FixDeps } from './fix/fix.processor.js';

export interface Fixer {
  worker: Worker;
  queue: Queue;
  run(): void;
  stop(): Promise<void>;
}

/** Wires the fix worker; `main.ts` and the tests both build it here. */
export const createFixer = (deps: {
  config: Readonly<Static<typeof FixerConfig>>;
  db: Db;
  workerRedis: Redis;
  producerRedis: Redis;
  logger: Logger;
  metrics?: FixMetrics;
}): Fixer => {
  const { config } = deps;
  const source = createSourceAccess({ ...sourceAccessOptions(config), logger: deps.logger });
  const launcher = createGitLauncher();
  const publish = createProducer(QUEUES.prPublish, {
    connection: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
  });
  const processorDeps: FixDeps = {
    db: deps.db,
    logger: deps.logger,
    source,
    secretBox: createSecretBox(parseKey(config.SECRETS_ENCRYPTION_KEY)),
    gitTimeoutMs: config.GIT_READ_TIMEOUT_MS,
    git: launcher.run,
    metrics: deps.metrics ?? noFixMetrics,
    publish,
  };
  const stage = createBatchStage({
    def: QUEUES.fix,
    stage: 'fix',
    processor: fixProcessor(processorDeps),
    fail: (batchId, reason) => failFix(processorDeps, batchId, reason),
    db: deps.db,
    logger: deps.logger,
    workerRedis: deps.workerRedis,
    producerRedis: deps.producerRedis,
    prefix: config.QUEUE_PREFIX,
    overrides: {
      concurrency: config.FIXER_CONCURRENCY,
      lockDuration: config.FIXER_JOB_LOCK_MS,
      stalledInterval: Math.max(500, Math.floor(config.FIXER_JOB_LOCK_MS / 2)),
    },
    sweep: { intervalMs: config.FIXER_SWEEP_INTERVAL_MS, graceMs: config.FIXER_STRANDED_GRACE_MS },
  });
  return {
    worker: stage.worker,
    queue: stage.queue,
    run: () => stage.run(),
    stop: async () => {
      await stage.stop();
      await publish.close();
      await source.close();
      await launcher.close();
    },
  };
};
