import { Type, type Static, type TObject } from '@sinclair/typebox';
import { Classification, Id, Nullable, Severity, Timestamp } from './common.js';
import { ScanStateSchema } from './scans.js';

/** Event `data` schemas: the spec's tables, and DESIGN §5 where the spec leaves gaps. */
export const EVENT_DATA = {
  'fix.generated': Type.Object(
    {
      fix_id: Id,
      codemod: Type.String(),
      summary: Type.String(),
      files_changed: Type.Integer({ minimum: 0 }),
      detection_tool: Type.String(),
      ai_generated: Type.Boolean(),
      finding_ids: Type.Array(Id),
    },
    { additionalProperties: false },
  ),
  'pr.opened': Type.Object(
    {
      pr_url: Type.String(),
      pr_number: Type.Integer(),
      title: Type.String(),
      target_branch: Type.String(),
      files: Type.Array(Type.String()),
      fix_id: Id,
      codemod: Type.String(),
    },
    { additionalProperties: false },
  ),
  'pr.merged': Type.Object(
    {
      pr_url: Type.String(),
      pr_number: Type.Integer(),
      fix_id: Id,
      codemod: Type.String(),
      finding_ids: Type.Array(Id),
      merged_at: Timestamp,
      merged_by: Nullable(Type.String()),
      merge_commit_sha: Nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
  'pr.closed': Type.Object(
    {
      pr_url: Type.String(),
      pr_number: Type.Integer(),
      fix_id: Id,
      codemod: Type.String(),
      closed_at: Timestamp,
      closed_by: Nullable(Type.String()),
      close_reason: Nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
  'triage.completed': Type.Object(
    {
      finding_id: Id,
      rule_id: Nullable(Type.String()),
      classification: Classification,
      severity: Severity,
      justification: Type.String(),
      confidence: Type.Number({ minimum: 0, maximum: 1 }),
      evidence_summary: Type.String(),
    },
    { additionalProperties: false },
  ),
  'scan.completed': Type.Object(
    {
      scan_id: Id,
      state: ScanStateSchema,
      findings_count: Type.Integer({ minimum: 0 }),
      fixes_generated: Type.Integer({ minimum: 0 }),
      duration_ms: Type.Integer({ minimum: 0 }),
      tools: Type.Array(Type.String()),
    },
    { additionalProperties: false },
  ),
  ping: Type.Object({ message: Type.String() }, { additionalProperties: false }),
} satisfies Record<string, TObject>;

export type EventType = keyof typeof EVENT_DATA;
export const EVENT_TYPES = Object.keys(EVENT_DATA) as EventType[];
export type EventData<T extends EventType> = Static<(typeof EVENT_DATA)[T]>;

export const isEventType = (value: string): value is EventType =>
  Object.prototype.hasOwnProperty.call(EVENT_DATA, value);

/** The envelope every webhook delivery carries (spec, Events). */
export const EventEnvelope = Type.Object(
  {
    id: Type.String({ description: 'Unique event identifier, stable across retries' }),
    type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
    created_at: Timestamp,
    organization: Type.String({ description: 'Organization slug' }),
    repository: Nullable(Type.String({ description: 'Repository name; null for ping' })),
    data: Type.Union(EVENT_TYPES.map((t) => EVENT_DATA[t])),
  },
  { additionalProperties: false, title: 'EventEnvelope' },
);
export type EventEnvelope<T extends EventType = EventType> = {
  id: string;
  type: T;
  created_at: string;
  organization: string;
  repository: string | null;
  data: EventData<T>;
};

/** Builds an envelope; `id` and `createdAt` come from the caller so writes stay deterministic. */
export const makeEnvelope = <T extends EventType>(event: {
  id: string;
  type: T;
  createdAt: Date;
  organization: string;
  repository: string | null;
  data: EventData<T>;
}): EventEnvelope<T> => ({
  id: event.id,
  type: event.type,
  created_at: event.createdAt.toISOString(),
  organization: event.organization,
  repository: event.repository,
  data: event.data,
});
