import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { validateCoerced } from '@remediation/contracts';

/** Settings every process reads. Services extend these with their own. */
export const BaseConfig = {
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('test'), Type.Literal('production')],
    {
      default: 'development',
    },
  ),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.String({
    minLength: 1,
    default: 'postgres://postgres@127.0.0.1:5432/remediation',
  }),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  REDIS_URL: Type.String({ minLength: 1, default: 'redis://127.0.0.1:6379' }),
  /**
   * Prefix of every BullMQ key; separate deployments sharing a Redis use different ones. On
   * Redis Cluster use a hash tag (`{remediation}`) so each queue's keys share one slot.
   */
  QUEUE_PREFIX: Type.String({
    minLength: 1,
    pattern: '^[A-Za-z0-9_.:{}-]+$',
    default: 'remediation',
  }),
  /** Port of the /livez, /readyz and /metrics server; 0 picks a free port. */
  HEALTH_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9464 }),
  /** How long shutdown may take before the process exits anyway (keep under the pod's grace period). */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 20_000 }),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ format: 'uri' })),
} satisfies TProperties;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once against `schema`: coerces numbers and booleans, applies
 * defaults, and throws a ConfigError listing every problem. The result is frozen.
 * Values are never echoed in problems (they may be secrets).
 */
export const loadConfig = <S extends TObject>(
  schema: S,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Readonly<Static<S>> => {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') input[key] = raw;
  }
  const result = validateCoerced(schema, input);
  if (!result.ok) {
    throw new ConfigError(
      result.problems.map((p) => `${p.path.replace(/^\//, '') || '(root)'}: ${p.message}`),
    );
  }
  return Object.freeze(result.value);
};

export const configSchema = <P extends TProperties>(properties: P) =>
  Type.Object({ ...BaseConfig, ...properties }, { additionalProperties: false });
