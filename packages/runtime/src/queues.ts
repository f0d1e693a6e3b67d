import {
  Queue,
  UnrecoverableError,
  Worker,
  type Job,
  type JobsOptions,
  type WorkerOptions,
} from 'bullmq';
import type { Static } from '@sinclair/typebox';
import { validate, type QueueDefinition } from '@remediation/contracts';
import type { Redis } from 'ioredis';
import { queueTelemetry } from './queue-telemetry.js';

export class InvalidPayloadError extends Error {
  override readonly name = 'InvalidPayloadError';
}

/** The queue's Redis is not connected (or did not answer in time): callers answer 503. */
export class QueueUnavailableError extends Error {
  override readonly name = 'QueueUnavailableError';
}

/** How long a producer waits for Redis to accept a job before giving up. */
const ADD_TIMEOUT_MS = 5_000;
/** How long a producer waits for a connection that is not ready (starting, or in an outage). */
const READY_TIMEOUT_MS = 1_000;

const whenReady = async (connection: Redis, def: QueueDefinition): Promise<void> => {
  if (connection.status === 'ready') return;
  if (connection.status === 'end') throw new QueueUnavailableError(`queue ${def.name} is closed`);
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onReady = resolve;
      connection.once('ready', onReady);
      timer = setTimeout(
        () => reject(new QueueUnavailableError(`queue ${def.name} is unavailable`)),
        READY_TIMEOUT_MS,
      );
    });
  } finally {
    clearTimeout(timer);
    if (onReady) connection.off('ready', onReady);
  }
};

/** The job options a definition implies: attempts, backoff, deterministic id and retention. */
export const jobOptions = <D extends QueueDefinition>(
  def: D,
  payload: Static<D['payload']>,
): JobsOptions => ({
  jobId: def.jobId(payload),
  attempts: def.attempts,
  backoff:
    def.backoff.type === 'exponential'
      ? {
          type: 'exponential',
          delay: def.backoff.delayMs,
          ...(def.backoff.jitter ? { jitter: def.backoff.jitter } : {}),
        }
      : { type: 'schedule' },
  removeOnComplete: { age: def.keepCompleted.ageSeconds, count: def.keepCompleted.count },
  removeOnFail: { age: def.keepFailedSeconds },
});

/** Delay before retry `attemptsMade` (1-based) under a fixed schedule; the last delay repeats. */
export const scheduleDelay = (delaysMs: readonly number[], attemptsMade: number): number =>
  delaysMs[Math.min(attemptsMade, delaysMs.length) - 1] ?? 0;

export interface Producer<D extends QueueDefinition> {
  readonly queue: Queue;
  /** Validates and enqueues; a second call with the same payload is a no-op (same job id). */
  add(payload: Static<D['payload']>): Promise<string>;
  /** The same for many payloads, in one round trip. */
  addMany(payloads: readonly Static<D['payload']>[]): Promise<void>;
  close(): Promise<void>;
}

export const createProducer = <D extends QueueDefinition>(
  def: D,
  options: { connection: Redis; prefix: string },
): Producer<D> => {
  const queue = new Queue(def.name, {
    connection: options.connection,
    prefix: options.prefix,
    telemetry: queueTelemetry(),
  });
  return {
    queue,
    add: async (payload) => {
      const checked = validate(def.payload, payload);
      if (!checked.ok)
        throw new InvalidPayloadError(
          `invalid ${def.name} payload: ${JSON.stringify(checked.problems)}`,
        );
      // BullMQ waits for a connection to become ready; a producer must not wait out an outage.
      await whenReady(options.connection, def);
      let timer: NodeJS.Timeout | undefined;
      try {
        const job = await Promise.race([
          queue.add(def.name, checked.value, jobOptions(def, checked.value)),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new QueueUnavailableError(`queue ${def.name} did not answer`)),
              ADD_TIMEOUT_MS,
            );
          }),
        ]);
        return job.id ?? def.jobId(checked.value);
      } finally {
        clearTimeout(timer);
      }
    },
    addMany: async (payloads) => {
      if (payloads.length === 0) return;
      const jobs = payloads.map((payload) => {
        const checked = validate(def.payload, payload);
        if (!checked.ok)
          throw new InvalidPayloadError(
            `invalid ${def.name} payload: ${JSON.stringify(checked.problems)}`,
          );
        return { name: def.name, data: checked.value, opts: jobOptions(def, checked.value) };
      });
      await whenReady(options.connection, def);
      await queue.addBulk(jobs);
    },
    close: () => queue.close(),
  };
};

/** `token` is the job's lock token, for `job.moveToDelayed(timestamp, token)`. */
export type Processor<D extends QueueDefinition> = (
  payload: Static<D['payload']>,
  job: Job,
  token?: string,
) => Promise<unknown>;

/**
 * A worker that applies the definition's concurrency, lock and backoff, and rejects invalid
 * payloads as unrecoverable. Created paused (`autorun: false`): call `run()` once ready. Each
 * job runs in a `process <queue>` span continuing the trace of whoever enqueued it.
 */
export const createWorker = <D extends QueueDefinition>(
  def: D,
  processor: Processor<D>,
  options: { connection: Redis; prefix: string; overrides?: Partial<WorkerOptions> },
): Worker => {
  const schedule = def.backoff.type === 'schedule' ? def.backoff.delaysMs : undefined;
  return new Worker(
    def.name,
    async (job: Job, token?: string) => {
      const checked = validate(def.payload, job.data);
      if (!checked.ok) throw new UnrecoverableError(`invalid ${def.name} payload`);
      return processor(checked.value, job, token);
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      telemetry: queueTelemetry(),
      autorun: false,
      concurrency: def.worker.concurrency,
      lockDuration: def.worker.lockDurationMs,
      // A dead worker's job is found stalled within half a lock after the lock runs out.
      stalledInterval: Math.max(500, Math.floor(def.worker.lockDurationMs / 2)),
      ...(schedule
        ? {
            settings: {
              backoffStrategy: (attemptsMade: number) => scheduleDelay(schedule, attemptsMade),
            },
          }
        : {}),
      ...options.overrides,
    },
  );
};
