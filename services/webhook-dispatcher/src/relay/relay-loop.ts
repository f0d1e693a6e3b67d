import type { QUEUES } from '@remediation/contracts';
import { listenChannel, type Db } from '@remediation/db';
import type { Logger, Producer } from '@remediation/runtime';
import { findStrandedDeliveries, relayBatch } from './outbox.repository.js';

export interface RelayOptions {
  db: Db;
  databaseUrl: string;
  producer: Producer<typeof QUEUES.webhookDelivery>;
  logger: Logger;
  batchSize: number;
  /** How often the outbox and stranded deliveries are swept without a notification. */
  sweepIntervalMs: number;
  /** How long a pending delivery may go without its job before the sweep enqueues it again. */
  strandedGraceMs: number;
}

export interface Relay {
  readonly started: Promise<void>;
  /** Runs relay batches until the outbox is drained (coalescing concurrent calls). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Moves committed outbox events into deliveries and enqueues them: woken by NOTIFY on every
 * outbox insert, and by a periodic sweep that also re-enqueues stranded deliveries (enqueueing
 * is idempotent by job id). Errors are logged and retried on the next wake-up; nothing is lost
 * because the outbox row stays unrelayed until its transaction commits.
 */
export const startRelay = (options: RelayOptions): Relay => {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const drain = async (): Promise<void> => {
    do {
      again = false;
      let result;
      do {
        result = await relayBatch(options.db, options.batchSize);
        await options.producer.addMany(result.deliveryIds.map((deliveryId) => ({ deliveryId })));
      } while (result.relayed === options.batchSize && !stopped);
    } while (again && !stopped);
  };

  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => {
        options.logger.warn(
          { err: (err as Error).message },
          'outbox relay failed; retrying on the next wake-up',
        );
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const sweepStranded = async (): Promise<void> => {
    const stranded = await findStrandedDeliveries(options.db, options.strandedGraceMs, 1000);
    await options.producer.addMany(stranded.map(({ id }) => ({ deliveryId: id })));
  };

  const listener = listenChannel({
    url: options.databaseUrl,
    channel: 'outbox',
    applicationName: 'webhook-dispatcher-relay',
    onNotify: () => void kick(),
    // After a reconnect notifications may have been missed: drain what is there.
    onLiveChange: (live) => {
      if (live) void kick();
    },
    onError: (err) =>
      options.logger.warn({ err: err.message }, 'outbox listener lost its connection'),
  });

  const timer = setInterval(() => {
    void kick();
    sweepStranded().catch((err: unknown) => {
      options.logger.warn({ err: (err as Error).message }, 'stranded delivery sweep failed');
    });
  }, options.sweepIntervalMs);

  return {
    started: listener.started,
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await listener.close();
      await running;
    },
  };
};
