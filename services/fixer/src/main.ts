import { runWorkerService } from '@remediation/runtime';
import { FixerConfig } from './config.js';
import { createFixMetrics } from './fix/fix-metrics.js';
import { createFixer } from './fixer.js';

runWorkerService({
  name: 'fixer',
  config: FixerConfig,
  build: (deps) => {
    const fixer = createFixer({ ...deps, metrics: createFixMetrics(deps.registry) });
    return {
      workers: [fixer.worker],
      queues: [fixer.queue],
      run: () => fixer.run(),
      stop: () => fixer.stop(),
    };
  },
});
