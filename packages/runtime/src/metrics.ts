import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Queue } from 'bullmq';

/** A registry with Node's default process metrics, labelled with the service. */
export const createMetricsRegistry = (service: string): Registry => {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
};

const STATES = [
  'waiting',
  'active',
  'delayed',
  'failed',
  'completed',
  'paused',
  'prioritized',
] as const;

/** Queue depth per state and age of the oldest waiting job, read from Redis at scrape time. */
export const registerQueueMetrics = (registry: Registry, queues: readonly Queue[]): void => {
  new Gauge({
    name: 'remediation_queue_jobs',
    help: 'Jobs per queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const q of queues) {
        const counts = await q.getJobCounts(...STATES);
        for (const state of STATES) this.set({ queue: q.name, state }, counts[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: 'remediation_queue_oldest_waiting_seconds',
    help: 'Age of the oldest waiting job per queue (0 when empty)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const q of queues) {
        const [oldest] = await q.getJobs(['waiting'], -1, -1, true);
        this.set(
          { queue: q.name },
          oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0,
        );
      }
    },
  });
};
