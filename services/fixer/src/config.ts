import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';
import { SourceAccessConfig } from '@remediation/source-access';

export const FixerConfig = configSchema({
  ...SourceAccessConfig,
  /** Decrypts repository credentials (the same key as the gateway's). */
  SECRETS_ENCRYPTION_KEY: Type.String({ minLength: 1 }),
  /** Fix attempts processed at once by one process (codemods are CPU-bound). */
  FIXER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 2 }),
  /** A process that dies mid-attempt has its attempt retried after about this long. */
  FIXER_JOB_LOCK_MS: Type.Integer({ minimum: 1_000, default: 30_000 }),
  /** How often pending fix attempts are checked for a lost or failed job. */
  FIXER_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Age after which a pending attempt's job is checked (at once after Redis reconnects). */
  FIXER_STRANDED_GRACE_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
});
