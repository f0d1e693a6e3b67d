import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Id = Type.String({ format: 'uuid', description: 'Resource identifier (UUIDv7)' });
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const Severity = Type.Union(SEVERITIES.map((s) => Type.Literal(s)));
export type Severity = Static<typeof Severity>;

export const CLASSIFICATIONS = ['TRUE_POSITIVE', 'FALSE_POSITIVE', 'WONT_FIX'] as const;
export const Classification = Type.Union(CLASSIFICATIONS.map((c) => Type.Literal(c)));
export type Classification = Static<typeof Classification>;

export const PROVIDERS = ['github', 'gitlab', 'git'] as const;
export const Provider = Type.Union(PROVIDERS.map((p) => Type.Literal(p)));
export type Provider = Static<typeof Provider>;

export const TIERS = ['standard', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** Requests per minute and burst per organization tier (spec, Limits). */
export const TIER_LIMITS: Readonly<Record<Tier, { rpm: number; burst: number }>> = {
  standard: { rpm: 60, burst: 10 },
  enterprise: { rpm: 300, burst: 50 },
};

/** Page size bounds for every list endpoint. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({
      minimum: PAGE_LIMIT.min,
      maximum: PAGE_LIMIT.max,
      default: PAGE_LIMIT.default,
      description: 'Maximum number of items to return (1 to 100, default 20)',
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Opaque cursor from the previous page's `next_cursor`",
    }),
  ),
};

/** A page of a list endpoint: `{data, has_more, next_cursor}`, newest first. */
export const Page = <T extends TSchema>(item: T, title: string) =>
  Type.Object(
    {
      data: Type.Array(item),
      has_more: Type.Boolean(),
      next_cursor: Nullable(Type.String()),
    },
    { additionalProperties: false, title },
  );
