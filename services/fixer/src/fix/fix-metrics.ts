import { Counter, Histogram, type Registry } from 'prom-client';

/** What operators chart for the fixer, next to the queue's depth and age. */
export interface FixMetrics {
  /** `generated` or `failed` (a fix stored), `none` (nothing to fix). */
  attemptEnded(status: 'generated' | 'failed' | 'none', seconds: number): void;
}

export const noFixMetrics: FixMetrics = { attemptEnded: () => undefined };

export const createFixMetrics = (registry: Registry): FixMetrics => {
  const fixes = new Counter({
    name: 'remediation_fixes_total',
    help: 'Fix attempts ended, by the status of the fix stored (none: no fix was possible)',
    labelNames: ['status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'remediation_fix_duration_seconds',
    help: 'Time to generate, evaluate and store one fix attempt',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    attemptEnded: (status, seconds) => {
      fixes.inc({ status });
      if (seconds > 0) duration.observe(seconds);
    },
  };
};
