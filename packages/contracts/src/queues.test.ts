import { describe, expect, it } from 'vitest';
import { QUEUES } from './queues.js';
import { validate } from './validate.js';

const SCAN = '01a1fba3-f055-7639-89b4-9f8d5922aad6';

describe('queue registry', () => {
  it('when read, then names, attempts and backoff follow DESIGN §3', () => {
    const summary = Object.values(QUEUES).map((q) => [q.name, q.attempts, q.backoff.type]);
    expect(summary).toEqual([
      ['sarif-ingest', 3, 'exponential'],
      ['triage', 5, 'exponential'],
      ['fix', 3, 'exponential'],
      ['pr-publish', 8, 'exponential'],
      ['pr-refresh', 6, 'exponential'],
      ['forge-event', 5, 'exponential'],
      ['webhook-delivery', 5, 'schedule'],
    ]);
    expect(QUEUES.webhookDelivery.backoff).toEqual({
      type: 'schedule',
      delaysMs: [30_000, 120_000, 600_000, 3_600_000],
    });
    for (const q of Object.values(QUEUES))
      expect(q.keepFailedSeconds).toBeGreaterThan(q.keepCompleted.ageSeconds);
  });

  it('when the same payload is enqueued twice, then the job id is the same; batches are keyed by their id', () => {
    expect(QUEUES.sarifIngest.jobId({ scanId: SCAN })).toBe(
      QUEUES.sarifIngest.jobId({ scanId: SCAN }),
    );
    const batch = '01a1fba3-0000-7000-8000-000000000001';
    expect(QUEUES.triage.jobId({ scanId: SCAN, batchId: batch })).toBe(`triage-${batch}`);
    expect(QUEUES.fix.jobId({ scanId: SCAN, batchId: batch })).toBe(`fix-${batch}`);
  });

  it('when a payload carries extra fields or a non-id, then it is invalid', () => {
    expect(validate(QUEUES.sarifIngest.payload, { scanId: SCAN }).ok).toBe(true);
    expect(validate(QUEUES.sarifIngest.payload, { scanId: SCAN, document: '{}' }).ok).toBe(false);
    expect(validate(QUEUES.sarifIngest.payload, { scanId: 'x' }).ok).toBe(false);
  });
});
