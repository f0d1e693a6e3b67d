import { Counter, Histogram, type Registry } from 'prom-client';

/** What operators chart for ingestion, next to the queue's depth and age. */
export interface IngestMetrics {
  scanEnded(state: 'completed' | 'failed', seconds?: number): void;
  findingsWritten(count: number, resolved: number): void;
}

export const createIngestMetrics = (registry: Registry): IngestMetrics => {
  const scans = new Counter({
    name: 'remediation_ingest_scans_total',
    help: 'Scans whose ingestion ended, by outcome',
    labelNames: ['state'],
    registers: [registry],
  });
  const findings = new Counter({
    name: 'remediation_ingest_findings_total',
    help: 'Findings written (new or seen again) by ingestion',
    registers: [registry],
  });
  const resolved = new Counter({
    name: 'remediation_ingest_findings_resolved_total',
    help: 'Findings marked resolved because a newer scan no longer reported them',
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'remediation_ingest_duration_seconds',
    help: 'Time from taking a document to its scan completed',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    scanEnded: (state, seconds) => {
      scans.inc({ state });
      if (seconds !== undefined) duration.observe(seconds);
    },
    findingsWritten: (count, resolvedCount) => {
      findings.inc(count);
      resolved.inc(resolvedCount);
    },
  };
};

/** For processes and tests that do not export metrics. */
export const noIngestMetrics: IngestMetrics = {
  scanEnded: () => undefined,
  findingsWritten: () => undefined,
};
