import { Type, type Static, type TObject } from '@sinclair/typebox';
import { Id } from './common.js';

export type Backoff =
  | { type: 'exponential'; delayMs: number; jitter?: number }
  /** Fixed delays before retry 1, 2, ...; the last repeats if attempts outnumber it. */
  | { type: 'schedule'; delaysMs: readonly number[] };

export interface QueueDefinition<P extends TObject = TObject> {
  /** Stable queue name; a breaking payload change gets a new name (`name.v2`). */
  readonly name: string;
  readonly consumer: string;
  readonly payload: P;
  readonly attempts: number;
  readonly backoff: Backoff;
  /** Completed jobs kept for this long (seconds) and at most this many. */
  readonly keepCompleted: { ageSeconds: number; count: number };
  /** Failed jobs kept for this long (seconds): never removed on failure. */
  readonly keepFailedSeconds: number;
  /**
   * The job lock, renewed by BullMQ every half of it while the worker lives and checked for
   * stalls every half of it: a job whose worker died runs again within about 1.5× this.
   */
  readonly worker: { concurrency: number; lockDurationMs: number };
  /** Builds the deterministic job id that makes enqueueing idempotent. */
  jobId(payload: Static<P>): string;
}

const define = <P extends TObject>(definition: QueueDefinition<P>): QueueDefinition<P> =>
  Object.freeze(definition);

const HOUR = 3600;
const DAY = 24 * HOUR;
const retention = {
  keepCompleted: { ageSeconds: DAY, count: 10_000 },
  keepFailedSeconds: 14 * DAY,
};

/** Every queue of DESIGN §3, declared once; producers and consumers import these. */
export const QUEUES = {
  sarifIngest: define({
    name: 'sarif-ingest',
    consumer: 'sarif-ingest',
    payload: Type.Object({ scanId: Id }, { additionalProperties: false }),
    attempts: 3,
    backoff: { type: 'exponential', delayMs: 5_000 },
    ...retention,
    worker: { concurrency: 2, lockDurationMs: 40_000 },
    jobId: (p) => `scan-${p.scanId}`,
  }),
  triage: define({
    name: 'triage',
    consumer: 'triage',
    // The batch row (scan_batches) holds the finding ids; the payload carries ids only.
    payload: Type.Object({ scanId: Id, batchId: Id }, { additionalProperties: false }),
    attempts: 5,
    backoff: { type: 'exponential', delayMs: 2_000 },
    ...retention,
    worker: { concurrency: 2, lockDurationMs: 30_000 },
    jobId: (p) => `triage-${p.batchId}`,
  }),
  fix: define({
    name: 'fix',
    consumer: 'fixer',
    // One fix attempt (a finding, or a group per the repository's pr_grouping) in scan_batches.
    payload: Type.Object({ scanId: Id, batchId: Id }, { additionalProperties: false }),
    attempts: 3,
    backoff: { type: 'exponential', delayMs: 30_000 },
    ...retention,
    worker: { concurrency: 2, lockDurationMs: 30_000 },
    jobId: (p) => `fix-${p.batchId}`,
  }),
  prPublish: define({
    name: 'pr-publish',
    consumer: 'pr-publisher',
    payload: Type.Object({ fixId: Id }, { additionalProperties: false }),
    attempts: 8,
    backoff: { type: 'exponential', delayMs: 60_000, jitter: 0.5 },
    ...retention,
    worker: { concurrency: 2, lockDurationMs: 30_000 },
    jobId: (p) => `pr-${p.fixId}`,
  }),
  prRefresh: define({
    name: 'pr-refresh',
    consumer: 'pr-publisher',
    // An open fix PR brought onto the default branch after another fix PR of its repository
    // was merged (three-way rebase, or superseded and its findings released).
    payload: Type.Object({ fixId: Id, mergedPullRequestId: Id }, { additionalProperties: false }),
    attempts: 6,
    backoff: { type: 'exponential', delayMs: 30_000, jitter: 0.5 },
    ...retention,
    worker: { concurrency: 1, lockDurationMs: 30_000 },
    jobId: (p) => `refresh-${p.fixId}-${p.mergedPullRequestId}`,
  }),
  forgeEvent: define({
    name: 'forge-event',
    consumer: 'pr-publisher',
    payload: Type.Object(
      { provider: Type.String({ minLength: 1 }), deliveryId: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
    attempts: 5,
    backoff: { type: 'exponential', delayMs: 10_000 },
    ...retention,
    worker: { concurrency: 4, lockDurationMs: 30_000 },
    jobId: (p) => `forge-${p.provider}-${p.deliveryId}`,
  }),
  webhookDelivery: define({
    name: 'webhook-delivery',
    consumer: 'webhook-dispatcher',
    payload: Type.Object({ deliveryId: Id }, { additionalProperties: false }),
    attempts: 5,
    backoff: { type: 'schedule', delaysMs: [30_000, 120_000, 600_000, 3_600_000] },
    ...retention,
    worker: { concurrency: 32, lockDurationMs: 60_000 },
    jobId: (p) => `delivery-${p.deliveryId}`,
  }),
} as const;

export type QueueKey = keyof typeof QUEUES;
export type QueuePayload<K extends QueueKey> = Static<(typeof QUEUES)[K]['payload']>;
