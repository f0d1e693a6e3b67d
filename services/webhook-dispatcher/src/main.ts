import { runWorkerService } from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import { DispatcherConfig } from './config.js';
import { createDispatcher } from './dispatcher.js';

runWorkerService({
  name: 'webhook-dispatcher',
  config: DispatcherConfig,
  build: (deps) => {
    const dispatcher = createDispatcher({
      ...deps,
      secretBox: createSecretBox(parseKey(deps.config.SECRETS_ENCRYPTION_KEY)),
    });
    return {
      workers: [dispatcher.worker],
      queues: [dispatcher.queue],
      run: async () => {
        await dispatcher.relay.started;
        dispatcher.run();
      },
      stop: () => dispatcher.stop(),
    };
  },
});
