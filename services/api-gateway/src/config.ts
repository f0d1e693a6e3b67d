import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';

const MiB = 1024 * 1024;

export const GatewayConfig = configSchema({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080' }),
  /** 32 random bytes, base64: encrypts webhook secrets at rest. */
  SECRETS_ENCRYPTION_KEY: Type.String({ minLength: 44 }),
  JSON_BODY_MAX_BYTES: Type.Integer({ minimum: 1024, default: 1 * MiB }),
  SARIF_MAX_BYTES: Type.Integer({ minimum: 1024, default: 10 * MiB }),
  SARIF_MAX_DECODED_BYTES: Type.Integer({ minimum: 1024, default: 200 * MiB }),
  /** Runs per SARIF document (GitHub: 20); more is 413. */
  SARIF_MAX_RUNS: Type.Integer({ minimum: 1, default: 20 }),
  /** Results per run (GitHub: 25,000); more is 413. */
  SARIF_MAX_RESULTS_PER_RUN: Type.Integer({ minimum: 1, default: 25_000 }),
  /** Worker threads validating uploads (documents validated at once). */
  SARIF_VALIDATION_THREADS: Type.Integer({ minimum: 1, maximum: 32, default: 2 }),
  /** Heap of each validation thread, MB; a document that needs more is answered 413. */
  SARIF_VALIDATION_HEAP_MB: Type.Integer({ minimum: 64, default: 1536 }),
  MAX_WEBHOOKS_PER_ORGANIZATION: Type.Integer({ minimum: 1, default: 50 }),
  /** Express trust proxy: `true`, a hop count, or a comma-separated list of addresses/CIDRs. */
  TRUST_PROXY: Type.String({ default: 'loopback, linklocal, uniquelocal' }),
  REQUIRE_HTTPS: Type.Boolean({ default: false }),
  /** How long a resolved token may be reused without a lookup; 0 disables the cache. Revocations apply at once either way. */
  AUTH_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60_000 }),
  AUTH_CACHE_MAX: Type.Integer({ minimum: 1, default: 10_000 }),
  TLS_CERT_FILE: Type.Optional(Type.String({ minLength: 1 })),
  TLS_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /** Dashboard sessions: absolute lifetime and idle timeout, ms. */
  SESSION_MAX_AGE_MS: Type.Integer({ minimum: 60_000, default: 12 * 60 * 60_000 }),
  SESSION_IDLE_TIMEOUT_MS: Type.Integer({ minimum: 60_000, default: 2 * 60 * 60_000 }),
  /** OpenID Connect single sign-on: issuer, client id and secret together, or none. */
  OIDC_ISSUER: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_DISPLAY_NAME: Type.String({ minLength: 1, default: 'single sign-on' }),
  OIDC_SCOPES: Type.String({ minLength: 1, default: 'openid email profile' }),
  /** Organization slug where unknown people signing in with a verified email are created; unset = refused. */
  OIDC_PROVISION_ORG: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_PROVISION_ROLE: Type.String({ default: 'member' }),
  /** Operator account of the ops pages (the queue dashboard at /admin/queues): both or neither; off without them. */
  ADMIN_USERNAME: Type.Optional(Type.String({ minLength: 1 })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 12 })),
  /** The built dashboard; default the installed @remediation/dashboard package's dist/. */
  DASHBOARD_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** Secret of the GitHub webhook (X-Hub-Signature-256); POST /v1/integrations/github/events answers 404 without it. */
  GITHUB_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** Secret token of the GitLab webhook (X-Gitlab-Token); POST /v1/integrations/gitlab/events answers 404 without it. */
  GITLAB_WEBHOOK_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  /** Largest forge webhook body; more is 413. */
  FORGE_WEBHOOK_MAX_BYTES: Type.Integer({ minimum: 1024, default: 5 * MiB }),
  /** Signed SARIF integrations: how far X-Remediation-Timestamp may be from the clock, ms. */
  SARIF_INTEGRATION_REPLAY_WINDOW_MS: Type.Integer({ minimum: 1000, default: 5 * 60_000 }),
});
