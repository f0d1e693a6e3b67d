import type { Logger } from 'pino';

/**
 * Runs `task` every `intervalMs`, never two at once; a failed run is logged and retried at the
 * next tick. The timer does not keep the process alive; `stop()` waits for a run in progress.
 */
export const startPeriodic = (options: {
  name: string;
  intervalMs: number;
  logger: Logger;
  task: () => Promise<unknown>;
}): { stop(): Promise<void> } => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .task()
      .catch((err: unknown) =>
        options.logger.warn(
          { task: options.name, err: (err as Error).message },
          'periodic task failed; retrying at the next tick',
        ),
      )
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
