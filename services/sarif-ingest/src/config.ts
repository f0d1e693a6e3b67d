import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';

export const IngestConfig = configSchema({
  /** Documents ingested at once by one process; each holds its parsed document in memory. */
  INGEST_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
  /** Findings written per INSERT statement. */
  INGEST_BATCH_SIZE: Type.Integer({ minimum: 50, maximum: 5_000, default: 1_000 }),
  /** Job lock; a process that dies mid-document has its job retried after about this long. */
  INGEST_JOB_LOCK_MS: Type.Integer({ minimum: 1_000, default: 120_000 }),
});
