import { runWorkerService } from '@remediation/runtime';
import { TriageConfig } from './config.js';
import { createTriageMetrics } from './triage/triage-metrics.js';
import { createTriager } from './triager.js';

runWorkerService({
  name: 'triage',
  config: TriageConfig,
  build: (deps) => {
    const triager = createTriager({ ...deps, metrics: createTriageMetrics(deps.registry) });
    return {
      workers: [triager.worker],
      queues: [triager.queue],
      run: () => triager.run(),
      stop: () => triager.stop(),
    };
  },
});
