import { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import {
  createProducer,
  createWorker,
  isFinalFailure,
  onRedisReconnect,
  startPeriodic,
  type Logger,
  type Periodic,
  type Redis,
} from '@remediation/runtime';
import { DEFAULT_LIMITS } from '@remediation/sarif';
import { createSecretBox, parseKey } from '@remediation/security';
import { createSourceAccess, sourceAccessOptions } from '@remediation/source-access';
import type { Static } from '@sinclair/typebox';
import { Queue, type Worker } from 'bullmq';
import type { PublisherConfig } from './config.js';
import { forgeEventProcessor } from './events/forge-event.processor.js';
import { pollOpenPullRequests } from './events/pr-poll.js';
import { refreshOpenPullRequests } from './events/refresh-after-merge.js';
import { createForgeResolver } from './forge-resolver.js';
import { publishProcessor } from './publish/publish.processor.js';
import { sweepUnpublishedFixes } from './publish/publish-sweep.js';
import { recordNotPublished } from './publish/publish.repository.js';
import { refreshProcessor } from './publish/refresh.processor.js';

export interface Publisher {
  workers: Worker[];
  queues: Queue[];
  run(): void;
  stop(): Promise<void>;
}

/** Wires the publish and forge-event workers and the PR poll; `main.ts` and tests build it here. */
export const createPublisher = (deps: {
  config: Readonly<Static<typeof PublisherConfig>>;
  db: Db;
  workerRedis: Redis;
  producerRedis: Redis;
  logger: Logger;
}): Publisher => {
  const { config, db, logger } = deps;
  const prefix = config.QUEUE_PREFIX;
  const secretBox = createSecretBox(parseKey(config.SECRETS_ENCRYPTION_KEY));
  const source = createSourceAccess({ ...sourceAccessOptions(config), logger });
  const author = { name: config.PR_AUTHOR_NAME, email: config.PR_AUTHOR_EMAIL };
  const forgeFor = createForgeResolver({
    db,
    secretBox,
    settings: {
      githubApiUrl: config.GITHUB_API_URL,
      gitlabApiUrl: config.GITLAB_API_URL,
      author,
      mirrorDir: config.GIT_MIRROR_DIR,
      allowedProtocols: config.GIT_ALLOWED_PROTOCOLS,
      gitTimeoutMs: config.GIT_FETCH_TIMEOUT_MS,
      compareUrlTemplate: config.GIT_COMPARE_URL_TEMPLATE,
    },
  });
  const ingest = createProducer(QUEUES.sarifIngest, { connection: deps.producerRedis, prefix });
  const refresh = createProducer(QUEUES.prRefresh, { connection: deps.producerRedis, prefix });
  const republish = createProducer(QUEUES.prPublish, { connection: deps.producerRedis, prefix });
  const afterMerge = refreshOpenPullRequests(refresh);
  const publishDeps = {
    db,
    logger,
    source,
    forgeFor,
    author,
    branchPrefix: config.PR_BRANCH_PREFIX,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    capRetryMs: config.PR_CAP_RETRY_MS,
    gitTimeoutMs: config.GIT_READ_TIMEOUT_MS,
  };
  const publish = createWorker(QUEUES.prPublish, publishProcessor(publishDeps), {
    connection: deps.workerRedis,
    prefix,
    overrides: { concurrency: config.PUBLISHER_CONCURRENCY },
  });
  publish.on('failed', (job, err) => {
    if (!job || !isFinalFailure(job, err)) return;
    const { fixId } = job.data as { fixId: string };
    recordNotPublished(db, fixId, {
      status: 'generated',
      reason: `publishing failed after ${job.attemptsMade} attempts: ${err.message}`,
    }).catch((e: unknown) =>
      logger.error({ fixId, err: (e as Error).message }, 'could not record the publish failure'),
    );
  });
  const events = createWorker(
    QUEUES.forgeEvent,
    forgeEventProcessor({ db, logger, forgeFor, ingest, limits: DEFAULT_LIMITS, afterMerge }),
    { connection: deps.workerRedis, prefix },
  );
  const refresher = createWorker(QUEUES.prRefresh, refreshProcessor(publishDeps), {
    connection: deps.workerRedis,
    prefix,
  });
  const queues = [QUEUES.prPublish, QUEUES.forgeEvent, QUEUES.prRefresh].map(
    (q) => new Queue(q.name, { connection: deps.workerRedis, prefix }),
  );
  let poll: { stop(): Promise<void> } | undefined;
  let sweep: Periodic | undefined;
  const sweepOptions = {
    db,
    logger,
    queue: queues[0]!,
    producer: republish,
    graceMs: config.PUBLISH_STRANDED_GRACE_MS,
  };
  return {
    workers: [publish, events, refresher],
    queues,
    run: () => {
      void publish.run();
      void events.run();
      void refresher.run();
      poll = startPeriodic({
        name: 'open pull request poll',
        intervalMs: config.PR_POLL_INTERVAL_MS,
        logger,
        task: () =>
          pollOpenPullRequests({ db, logger, forgeFor, batch: config.PR_POLL_BATCH, afterMerge }),
      });
      sweep = startPeriodic({
        name: 'unpublished fix sweep',
        intervalMs: config.PUBLISH_SWEEP_INTERVAL_MS,
        logger,
        task: () => sweepUnpublishedFixes(sweepOptions),
      });
      onRedisReconnect(deps.workerRedis, () =>
        sweep?.runNow(() => sweepUnpublishedFixes({ ...sweepOptions, graceMs: 0 })),
      );
    },
    stop: async () => {
      await poll?.stop();
      await sweep?.stop();
      await Promise.all([publish.close(), events.close(), refresher.close()]);
      await Promise.all([
        ingest.close(),
        refresh.close(),
        republish.close(),
        ...queues.map((q) => q.close()),
      ]);
      await source.close();
    },
  };
};
