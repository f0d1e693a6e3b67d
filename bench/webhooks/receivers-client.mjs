// The parent's side of receivers.mjs: forks it with one receiver per kind and asks it for its
// ports, its counts, or a reset.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const forkReceivers = (kinds) => {
  const child = fork(fileURLToPath(new URL('./receivers.mjs', import.meta.url)), [
    JSON.stringify(kinds),
  ]);
  /** `ports` (sent once at start), `counts` or `reset`: resolves with the child's answer. */
  const ask = (type) =>
    new Promise((resolve) => {
      const listener = (message) => {
        if (message.type !== type) return;
        child.off('message', listener);
        resolve(message);
      };
      child.on('message', listener);
      if (type !== 'ports') child.send({ type });
    });
  return { child, ask };
};
