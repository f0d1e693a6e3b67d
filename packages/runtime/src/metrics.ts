import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Job, Queue, Worker } from 'bullmq';
import { isFinalFailure } from './batch-stage.js';

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

/** Job durations, seconds: from milliseconds (a wake-up) to the fixer's long lock. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * Attempts per queue by outcome (`completed`; `retried`: failed, another attempt follows;
 * `failed`: failed for good) and their duration, from the workers' events: every worker of a
 * service counts, whichever stage it is.
 */
export const registerJobMetrics = (registry: Registry, workers: readonly Worker[]): void => {
  const jobs = new Counter({
    name: 'remediation_jobs_total',
    help: 'Job attempts finished, by queue and outcome (completed, retried, failed)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'remediation_job_duration_seconds',
    help: 'Duration of job attempts, by queue',
    labelNames: ['queue'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const record = (queue: string, job: Job, outcome: string) => {
    jobs.inc({ queue, outcome });
    if (job.processedOn) {
      const seconds = ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000;
      duration.observe({ queue }, Math.max(0, seconds));
    }
  };
  for (const worker of workers) {
    // Zero series from the start: rate() and alerts see a queue before its first job.
    for (const outcome of ['completed', 'retried', 'failed'])
      jobs.inc({ queue: worker.name, outcome }, 0);
    worker.on('completed', (job) => record(worker.name, job, 'completed'));
    worker.on('failed', (job, err) => {
      if (job) record(worker.name, job, isFinalFailure(job, err) ? 'failed' : 'retried');
    });
  }
};
