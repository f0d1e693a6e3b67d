import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, Timestamp } from './common.js';

export const FIX_STATUSES = [
  'generated',
  'failed',
  'pr_open',
  'merged',
  'closed',
  'superseded',
] as const;
export type FixStatus = (typeof FIX_STATUSES)[number];
export const FixStatusSchema = Type.Union(FIX_STATUSES.map((s) => Type.Literal(s)));

const fixProperties = {
  id: Id,
  repository_id: Id,
  finding_ids: Type.Array(Id),
  codemod: Type.String({ description: 'Identifier of the transformation that produced the fix' }),
  status: FixStatusSchema,
  pr_url: Nullable(Type.String()),
  summary: Type.String(),
  files_changed: Type.Integer({ minimum: 0 }),
  ai_generated: Type.Boolean(),
  publish_error: Nullable(
    Type.String({
      description: 'Why the fix could not be published, or why it was superseded',
    }),
  ),
  created_at: Timestamp,
};

export const Fix = Type.Object(fixProperties, { additionalProperties: false, title: 'Fix' });
export type Fix = Static<typeof Fix>;

export const FixDetail = Type.Object(
  {
    ...fixProperties,
    diff: Type.String({ description: 'Unified diff, applicable with `git apply`' }),
    rationale: Type.String({ description: 'Markdown explanation of the change' }),
    evaluation: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Checks the fix passed or failed before it was kept',
    }),
  },
  { additionalProperties: false, title: 'FixDetail' },
);
export type FixDetail = Static<typeof FixDetail>;
export const FixList = Page(Fix, 'FixList');

export const FixFilters = { status: Type.Optional(FixStatusSchema) };

/** Answer of `POST /fixes/{id}/publish` (202). */
export const PublishAccepted = Type.Object(
  { fix_id: Id, status: FixStatusSchema },
  { additionalProperties: false, title: 'PublishAccepted' },
);
