import { fileURLToPath } from 'node:url';
import type { SarifValidationMode } from '@remediation/contracts';
import type { Inspection, SarifLimits } from '@remediation/sarif';
import { Piscina } from 'piscina';

/**
 * Validates uploads off the event loop. Parsing and schema-checking a large document takes
 * hundreds of milliseconds of CPU; on a worker thread it cannot stall other requests.
 */
export interface SarifInspector {
  inspect(body: Buffer, mode: SarifValidationMode): Promise<Inspection>;
  close(): Promise<void>;
}

export interface InspectorOptions {
  limits: SarifLimits;
  /** Worker threads (documents validated at once); more wait in the pool's queue. */
  threads: number;
  /** Old-generation heap of each thread; a document that needs more is answered 413. */
  heapMb: number;
}

/** Thrown when a document is too big to validate within the thread's heap. */
export class InspectionTooLargeError extends Error {
  override readonly name = 'InspectionTooLargeError';
}

// The built worker, from src/ (tests, after `pnpm build`) and from dist/ alike.
const WORKER = fileURLToPath(new URL('../../dist/scans/inspect.worker.js', import.meta.url));

export const createSarifInspector = (options: InspectorOptions): SarifInspector => {
  // Piscina (well kept, used by Fastify and others) rather than a hand-made pool: queueing,
  // replacing a crashed worker and per-thread resource limits are what it does.
  const pool = new Piscina({
    filename: WORKER,
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    // Not the parent's flags: no telemetry hooks, no source-resolving conditions under tests.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
  return {
    inspect: async (body, mode) => {
      try {
        return (await pool.run({ body, limits: options.limits, mode })) as Inspection;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new InspectionTooLargeError(
            `the document needs more than the ${options.heapMb} MB validation heap`,
          );
        }
        throw err;
      }
    },
    close: () => pool.destroy(),
  };
};
