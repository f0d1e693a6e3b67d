import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';

export const IngestConfig = configSchema({
  /** Documents ingested at once by one process; each holds its parsed document in memory. */
  INGEST_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
  /** Findings written per INSERT statement. */
  INGEST_BATCH_SIZE: Type.Integer({ minimum: 50, maximum: 5_000, default: 1_000 }),
  /** Job lock; a process that dies mid-document has its job retried after about this long. */
  INGEST_JOB_LOCK_MS: Type.Integer({ minimum: 1_000, default: 40_000 }),
  /** How often scans that have not ended are checked for a lost or failed job. */
  INGEST_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Age after which an unfinished scan's job is checked (at once after Redis reconnects). */
  INGEST_STRANDED_GRACE_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
  /** Findings per triage job (a batch of the scan's barrier). */
  TRIAGE_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 500, default: 200 }),
});
