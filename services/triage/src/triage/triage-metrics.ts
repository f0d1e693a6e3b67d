import { Counter, Histogram, type Registry } from 'prom-client';
import type { Decided } from './verdicts.writer.js';

/** What operators chart for triage, next to the queue's depth and age. */
export interface TriageMetrics {
  batchEnded(state: 'done' | 'failed', decided: readonly Decided[], seconds: number): void;
}

export const noTriageMetrics: TriageMetrics = { batchEnded: () => undefined };

export const createTriageMetrics = (registry: Registry): TriageMetrics => {
  const batches = new Counter({
    name: 'remediation_triage_batches_total',
    help: 'Triage batches ended, by outcome',
    labelNames: ['state'],
    registers: [registry],
  });
  const verdicts = new Counter({
    name: 'remediation_triage_verdicts_total',
    help: 'Findings triaged, by how the verdict came (new, reused, overridden) and classification',
    labelNames: ['outcome', 'classification'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'remediation_triage_batch_duration_seconds',
    help: 'Time to triage and record one batch',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    batchEnded: (state, decided, seconds) => {
      batches.inc({ state });
      if (state === 'done') duration.observe(seconds);
      for (const d of decided) {
        const kind = d.decision.kind;
        if (kind === 'done') continue;
        const classification =
          kind === 'overridden' ? d.decision.classification : d.decision.verdict.classification;
        verdicts.inc({ outcome: kind, classification });
      }
    },
  };
};
