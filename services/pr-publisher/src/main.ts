import { runWorkerService } from '@remediation/runtime';
import { PublisherConfig } from './config.js';
import { createPublisher } from './publisher.js';

runWorkerService({
  name: 'pr-publisher',
  config: PublisherConfig,
  build: (deps) => {
    const publisher = createPublisher(deps);
    return {
      workers: publisher.workers,
      queues: publisher.queues,
      run: () => publisher.run(),
      stop: () => publisher.stop(),
    };
  },
});
