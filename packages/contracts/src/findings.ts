import { Type, type Static } from '@sinclair/typebox';
import { Classification, Id, Nullable, Page, Severity } from './common.js';

export const DATAFLOW_TIERS = [
  'STRONG_MULTI_FILE',
  'STRONG_SINGLE_FILE',
  'WEAK',
  'SINGLE_LOCATION',
] as const;
export type DataflowTier = (typeof DATAFLOW_TIERS)[number];

/**
 * Why a finding cannot be routed to a fix: no rule id, no message text, no location with a
 * line (spec: "Required for a finding to be processed"), or a location that is not a
 * repository-relative path.
 */
export const FINDING_PROBLEMS = [
  'missing_rule_id',
  'missing_message',
  'missing_location',
  'invalid_uri',
] as const;
export type FindingProblem = (typeof FINDING_PROBLEMS)[number];

export const LEVELS = ['error', 'warning', 'note', 'none'] as const;

export const Location = Type.Object(
  {
    uri: Type.String(),
    start_line: Nullable(Type.Integer()),
    start_column: Nullable(Type.Integer()),
    end_line: Nullable(Type.Integer()),
    end_column: Nullable(Type.Integer()),
  },
  { additionalProperties: false },
);
export type Location = Static<typeof Location>;

export const TriageEvidence = Type.Object(
  {
    signal: Type.String({
      description:
        'What was looked at (`suppression`, `test_code`, `dataflow_tier`, `sanitizer`, `rule_precision`, ...)',
    }),
    effect: Type.Union(
      ['true_positive', 'false_positive', 'wont_fix', 'severity', 'neutral'].map((e) =>
        Type.Literal(e),
      ),
    ),
    detail: Type.String(),
    weight: Type.Optional(
      Type.Number({
        description:
          'Log-odds contribution towards TRUE_POSITIVE (negative: towards FALSE_POSITIVE)',
      }),
    ),
    at: Type.Optional(
      Type.Object(
        { uri: Type.String(), line: Nullable(Type.Integer()) },
        { additionalProperties: false, description: 'Where the signal was seen' },
      ),
    ),
    path: Type.Optional(
      Type.Array(
        Type.Object(
          {
            uri: Type.String(),
            line: Type.Integer({ minimum: 1 }),
            kind: Type.String({
              description:
                '`source`, `local-source`, `parameter`, `constant`, `assign`, `propagate`, `container`, `branch`, `kill`, `sanitizer`, `call`, `unknown` or `sink`',
            }),
            code: Type.String(),
          },
          { additionalProperties: false },
        ),
        {
          description:
            "The flow triage reconstructed from the values' origins to the sink, in line order (decision 0019, addendum on flow reconstruction)",
        },
      ),
    ),
  },
  { additionalProperties: false, title: 'TriageEvidence' },
);
export type TriageEvidence = Static<typeof TriageEvidence>;

export const Triage = Type.Object(
  {
    classification: Classification,
    severity: Severity,
    confidence: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Calibrated: among verdicts with confidence about c, about a fraction c are right (decision 0019); 1 for an override',
    }),
    justification: Type.String(),
    evidence: Type.Array(TriageEvidence),
    provider: Type.String({
      description:
        '`deterministic`, `deterministic+llm:<model>` when a model gave a second opinion, or `override`',
    }),
    ai_generated: Type.Boolean({ description: 'A language model contributed to this verdict' }),
    scan_id: Nullable(Id),
    overridden_by: Nullable(Type.String({ description: 'Who set the override' })),
    overridden_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false, title: 'Triage' },
);
export type Triage = Static<typeof Triage>;

/** Body of `PATCH /findings/{id}`: a person's classification, which wins and survives rescans. */
export const PatchFindingBody = Type.Object(
  {
    classification: Classification,
    justification: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false, title: 'PatchFindingBody' },
);
export type PatchFindingBody = Static<typeof PatchFindingBody>;

const findingProperties = {
  id: Id,
  repository_id: Id,
  scan_id: Type.String({ format: 'uuid', description: 'Last scan that saw the finding' }),
  first_seen_scan_id: Id,
  rule_id: Nullable(Type.String()),
  tool: Type.String(),
  message: Type.String(),
  location: Nullable(Location),
  level: Type.Union(LEVELS.map((l) => Type.Literal(l))),
  severity: Severity,
  dataflow_tier: Type.Union(DATAFLOW_TIERS.map((t) => Type.Literal(t))),
  fingerprint: Type.String(),
  suppressed: Type.Boolean(),
  resolved: Type.Boolean(),
  fixable: Type.Boolean(),
  problems: Type.Array(Type.Union(FINDING_PROBLEMS.map((p) => Type.Literal(p)))),
  triage: Nullable(Triage),
  triage_error: Nullable(
    Type.String({ description: 'Why triage failed for this finding (its verdict is null)' }),
  ),
  fix_id: Nullable(Id),
  fix_note: Nullable(
    Type.String({
      description:
        'Why the fixer made no fix (no codemod for the rule, location not matched, a candidate that failed evaluation, ...)',
    }),
  ),
  created_at: Type.String({ format: 'date-time' }),
};

export const Finding = Type.Object(findingProperties, {
  additionalProperties: false,
  title: 'Finding',
});
export type Finding = Static<typeof Finding>;

/** What ingestion keeps of a finding's rule, from `rules[]` of the driver or an extension. */
export const FindingRule = Type.Object(
  {
    id: Nullable(Type.String()),
    name: Nullable(Type.String()),
    tool_component: Type.String({
      description: 'Driver or extension (query pack) defining the rule',
    }),
    short_description: Nullable(Type.String()),
    help_uri: Nullable(Type.String()),
    tags: Type.Array(Type.String()),
    cwe: Type.Array(Type.String({ pattern: '^CWE-[0-9]+$' })),
    precision: Nullable(Type.String()),
    security_severity: Nullable(Type.String()),
    kind: Nullable(Type.String()),
  },
  { additionalProperties: false, title: 'FindingRule' },
);
export type FindingRule = Static<typeof FindingRule>;

export const FindingDetail = Type.Object(
  {
    ...findingProperties,
    rule: Nullable(FindingRule),
    code_flows: Type.Array(Type.Unknown(), { description: 'SARIF codeFlows as received' }),
    related_locations: Type.Array(Type.Unknown(), {
      description: 'SARIF relatedLocations as received',
    }),
    properties: Type.Record(Type.String(), Type.Unknown(), {
      description: 'SARIF result properties, preserved',
    }),
  },
  { additionalProperties: false, title: 'FindingDetail' },
);
export type FindingDetail = Static<typeof FindingDetail>;
export const FindingList = Page(Finding, 'FindingList');

export const FindingFilters = {
  classification: Type.Optional(Classification),
  severity: Type.Optional(Severity),
  rule_id: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  scan_id: Type.Optional(Id),
};
