import { listenChannel, type Db } from '@remediation/db';
import type { Logger } from '@remediation/runtime';
import { relayBatch } from './outbox.repository.js';

export interface RelayOptions {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  batchSize: number;
  /** How often the outbox is swept without a notification. */
  sweepIntervalMs: number;
  /** Told after a batch created deliveries (this process's delivery loop claims them at once). */
  onDeliveries: () => void;
}

export interface Relay {
  readonly started: Promise<void>;
  /** Runs relay batches until the outbox is drained (coalescing concurrent calls). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Moves committed outbox events into deliveries: woken by NOTIFY on every outbox insert, and by
 * a periodic sweep. Errors are logged and retried on the next wake-up; nothing is lost because
 * the outbox row stays unrelayed until its transaction commits, and a committed delivery is in
 * the table the delivery loops claim from.
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
        if (result.deliveryIds.length > 0) options.onDeliveries();
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

  const timer = setInterval(() => void kick(), options.sweepIntervalMs);

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
