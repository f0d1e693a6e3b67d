import type { Logger } from 'pino';

export interface Periodic {
  /** Runs `task` (the periodic one by default) now, or right after a run in progress. */
  runNow(task?: () => Promise<unknown>): void;
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs`, never two at once; a failed run is logged and retried at the
 * next tick. The timer does not keep the process alive; `stop()` waits for a run in progress.
 */
export const startPeriodic = (options: {
  name: string;
  intervalMs: number;
  logger: Logger;
  task: () => Promise<unknown>;
}): Periodic => {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = (task: () => Promise<unknown>): void => {
    if (stopped) return;
    if (running) {
      void running.then(() => tick(task));
      return;
    }
    running = task()
      .catch((err: unknown) =>
        options.logger.warn(
          { task: options.name, err: (err as Error).message },
          'periodic task failed; retrying at the next tick',
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(() => {
    if (!running) tick(options.task);
  }, options.intervalMs);
  timer.unref();
  return {
    runNow: (task = options.task) => tick(task),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
