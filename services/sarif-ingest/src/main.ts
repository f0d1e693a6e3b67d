import { runWorkerService } from '@remediation/runtime';
import { IngestConfig } from './config.js';
import { createIngestMetrics } from './ingest/ingest-metrics.js';
import { createIngester } from './ingester.js';
import { registerScanStateMetrics } from './ingest/scan-state-metrics.js';

runWorkerService({
  name: 'sarif-ingest',
  config: IngestConfig,
  build: (deps) => {
    registerScanStateMetrics(deps.registry, deps.db);
    const ingester = createIngester({ ...deps, metrics: createIngestMetrics(deps.registry) });
    return {
      workers: [ingester.worker],
      queues: [ingester.queue],
      run: () => ingester.run(),
      stop: () => ingester.stop(),
    };
  },
});
