import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';
import { SourceAccessConfig } from '@remediation/source-access';

export const TriageConfig = configSchema({
  ...SourceAccessConfig,
  /** Decrypts repository credentials (the same key as the gateway's). */
  SECRETS_ENCRYPTION_KEY: Type.String({ minLength: 1 }),
  /** Triage batches processed at once by one process. */
  TRIAGE_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 4 }),
  /** A process that dies mid-batch has its batch retried after about this long. */
  TRIAGE_JOB_LOCK_MS: Type.Integer({ minimum: 1_000, default: 30_000 }),
  /** How often pending triage and fix batches are checked for a lost or failed job. */
  TRIAGE_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Age after which a pending batch's job is checked; keep it above the job locks. */
  TRIAGE_STRANDED_GRACE_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
  /** Largest source file read for context (bigger files are triaged from the SARIF alone). */
  TRIAGE_MAX_SOURCE_BYTES: Type.Integer({ minimum: 1_024, default: 1024 * 1024 }),
  /**
   * Optional LLM second opinion for uncertain verdicts: an OpenAI-compatible base URL
   * (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`); unset = off.
   */
  TRIAGE_LLM_URL: Type.Optional(Type.String({ format: 'uri' })),
  TRIAGE_LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini' }),
  TRIAGE_LLM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  TRIAGE_LLM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 20_000 }),
  /** Second opinions asked per batch at most (the rest keep the deterministic verdict). */
  TRIAGE_LLM_MAX_PER_BATCH: Type.Integer({ minimum: 0, default: 20 }),
});
