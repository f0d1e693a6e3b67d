// The services of bench:faults as processes: the gateway once, every worker twice (two replicas
// sharing the queues), each with its own health port and log file. `kill(name, {signal, which})`
// and `start(name)` are what the fault schedule uses.
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, spawnService } from '../lib/stack.mjs';

export const WORKERS = ['sarif-ingest', 'triage', 'fixer', 'pr-publisher', 'webhook-dispatcher'];
export const SERVICES = ['api-gateway', ...WORKERS];

export const createSupervisor = ({ env, extraEnv, logDir }) => {
  const replicas = new Map(); // "name#n" → { child, healthPort, log }
  const replicaCount = (name) => (name === 'api-gateway' ? 1 : 2);

  const launch = async (key, name) => {
    const healthPort = await freePort();
    const log = join(logDir, `${key.replace('#', '-')}.log`);
    const fd = openSync(log, 'a');
    const child = spawnService(name, { ...env, ...(extraEnv[name] ?? {}) }, healthPort, [
      'ignore',
      fd,
      fd,
    ]);
    replicas.set(key, { child, healthPort, log, name });
    return { child, healthPort, log };
  };

  const ready = async (key, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = replicas.get(key);
      if (r.child.exitCode !== null)
        throw new Error(`${key} exited (${r.child.exitCode}): ${tail(r.log)}`);
      try {
        if ((await fetch(`http://127.0.0.1:${r.healthPort}/readyz`)).ok) return;
      } catch {
        // starting
      }
      if (Date.now() > deadline) throw new Error(`${key} not ready: ${tail(r.log)}`);
      await sleep(100);
    }
  };

  const keys = (name, which = 'all') => {
    const all = Array.from({ length: replicaCount(name) }, (_, i) => `${name}#${i + 1}`);
    return which === 'all' ? all : [all[0]];
  };

  const exited = (child) =>
    new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null
        ? resolve()
        : child.once('exit', resolve),
    );

  return {
    /** Starts every replica of `name` (those not running) and waits for their `/readyz`. */
    start: async (name) => {
      for (const key of keys(name)) {
        const r = replicas.get(key);
        if (r && r.child.exitCode === null && r.child.signalCode === null) continue;
        await launch(key, name);
      }
      await Promise.all(keys(name).map((key) => ready(key)));
    },
    /** Kills replicas of `name` (`which`: 'all' or 'one') and waits until they are gone. */
    kill: async (name, { signal = 'SIGKILL', which = 'all' } = {}) => {
      const gone = [];
      for (const key of keys(name, which)) {
        const r = replicas.get(key);
        if (!r || r.child.exitCode !== null) continue;
        gone.push(exited(r.child));
        r.child.kill(signal);
      }
      await Promise.all(gone);
    },
    /** Replicas that exited on their own (a crash, not a kill of ours), with their log's end. */
    crashed: () =>
      [...replicas]
        .filter(
          ([, r]) =>
            r.child.exitCode !== null && r.child.signalCode === null && r.child.exitCode !== 0,
        )
        .map(([key, r]) => ({ key, code: r.child.exitCode, tail: tail(r.log) })),
    stopAll: async () => {
      const gone = [];
      for (const r of replicas.values()) {
        if (r.child.exitCode !== null || r.child.signalCode !== null) continue;
        gone.push(exited(r.child));
        r.child.kill('SIGTERM');
      }
      await Promise.race([Promise.all(gone), sleep(30_000)]);
      for (const r of replicas.values()) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    },
    logs: () => [...replicas].map(([key, r]) => ({ key, log: r.log })),
  };
};

const tail = (file) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
};
