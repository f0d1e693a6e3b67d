import type { Logger } from 'pino';

export interface Shutdown {
  /** Registers a step; steps run in registration order. */
  add(name: string, step: () => Promise<void> | void): void;
  /** Runs every step once, within the deadline; resolves with the exit code. */
  run(reason: string): Promise<number>;
  /** Runs the steps on SIGTERM/SIGINT, then exits. */
  listen(): void;
}

/** One shutdown path per process: steps in order, each error recorded, all inside a deadline. */
export const createShutdown = (options: { logger: Logger; timeoutMs: number }): Shutdown => {
  const steps: { name: string; step: () => Promise<void> | void }[] = [];
  let running: Promise<number> | undefined;

  const runSteps = async (): Promise<number> => {
    let code = 0;
    for (const { name, step } of steps) {
      try {
        await step();
      } catch (err) {
        code = 1;
        options.logger.error({ step: name, err }, 'shutdown step failed');
      }
    }
    return code;
  };

  const run = (reason: string): Promise<number> => {
    running ??= (async () => {
      options.logger.info({ reason }, 'shutting down');
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<number>((resolve) => {
        timer = setTimeout(() => {
          options.logger.error({ timeoutMs: options.timeoutMs }, 'shutdown deadline exceeded');
          resolve(1);
        }, options.timeoutMs);
      });
      const code = await Promise.race([runSteps(), deadline]);
      clearTimeout(timer);
      return code;
    })();
    return running;
  };

  return {
    add: (name, step) => {
      steps.push({ name, step });
    },
    run,
    listen: () => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          void run(signal).then((code) => process.exit(code));
        });
      }
    },
  };
};

/** Last resort for `main().catch(fatal)`: the error goes to stderr as JSON, exit 1. */
export const fatal = (err: unknown): never => {
  const error =
    err instanceof Error
      ? { name: err.name, message: err.message, stack: err.stack }
      : { message: String(err) };
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'process failed', error })}\n`);
  process.exit(1);
};
