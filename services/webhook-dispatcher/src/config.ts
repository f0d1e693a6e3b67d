import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';

export const DispatcherConfig = configSchema({
  /** 32 random bytes, base64: decrypts webhook secrets (the gateway's key). */
  SECRETS_ENCRYPTION_KEY: Type.String({ minLength: 44 }),
  /** Delays before retries 1..4, comma-separated durations (spec: 30s,2m,10m,1h). */
  WEBHOOK_RETRY_SCHEDULE: Type.String({ minLength: 2, default: '30s,2m,10m,1h' }),
  /** Per-attempt deadline covering connect, TLS and the response (spec: 10 s). */
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  /** Allow loopback, private and link-local targets (local development and tests only). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Boolean({ default: false }),
  /** PEM file of extra CA certificates trusted for receivers, besides the system roots. */
  WEBHOOK_CA_FILE: Type.Optional(Type.String({ minLength: 1 })),
  WEBHOOK_RESPONSE_EXCERPT_BYTES: Type.Integer({ minimum: 0, maximum: 65_536, default: 2_048 }),
  /** Attempts in flight per webhook, per dispatcher process. */
  WEBHOOK_PER_ENDPOINT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
  /**
   * Attempts in flight in all, per dispatcher process. Slow and dead endpoints hold up to
   * WEBHOOK_PER_ENDPOINT_CONCURRENCY each; the rest is what healthy endpoints get.
   */
  WEBHOOK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1024, default: 128 }),
  /** How long delivery records (and their attempts) are kept, as a duration such as `7d`; at least 3 days. */
  WEBHOOK_DELIVERY_RETENTION: Type.String({ minLength: 2, default: '7d' }),
  /**
   * A claimed delivery is leased for twice WEBHOOK_TIMEOUT_MS plus this: a dispatcher that dies
   * mid-delivery has its claims attempted again by another that much later.
   */
  WEBHOOK_LEASE_GRACE_MS: Type.Integer({ minimum: 500, default: 30_000 }),
  /** How often an idle dispatcher looks for due deliveries (retries, other dispatchers' claims). */
  WEBHOOK_POLL_INTERVAL_MS: Type.Integer({ minimum: 10, maximum: 60_000, default: 500 }),
  RELAY_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
  /** How often the outbox is relayed without a notification. */
  RELAY_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 5_000 }),
});
