import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, Timestamp } from './common.js';

export const SCAN_STATES = ['queued', 'processing', 'completed', 'failed'] as const;
export type ScanState = (typeof SCAN_STATES)[number];
export const TERMINAL_SCAN_STATES: readonly ScanState[] = ['completed', 'failed'];
export const ScanStateSchema = Type.Union(SCAN_STATES.map((s) => Type.Literal(s)));

/** How the document arrived: the API upload, a re-scan, a generic SARIF integration, GitHub code scanning. */
export const SCAN_SOURCES = ['upload', 'rescan', 'integration', 'github_code_scanning'] as const;

/** What was done about a deviation from the SARIF schema (decision 0013). */
export const SCAN_WARNING_ACTIONS = ['dropped', 'marked', 'ignored'] as const;
export type ScanWarningAction = (typeof SCAN_WARNING_ACTIONS)[number];

/** At most this many warnings are kept on a scan; `warnings_count` has the total. */
export const MAX_SCAN_WARNINGS = 100;

export const ScanWarning = Type.Object(
  {
    path: Type.String({
      description: 'JSON Pointer into the uploaded document (`/runs/0/results/3/fixes/0`)',
    }),
    message: Type.String({ description: 'What was wrong there' }),
    action: Type.Union(
      SCAN_WARNING_ACTIONS.map((a) => Type.Literal(a)),
      {
        description:
          '`dropped`: the element was removed before processing; `marked`: kept, and the finding carries the matching problem (it is not routed to a fix); `ignored`: kept as written, it does not affect processing',
      },
    ),
  },
  { additionalProperties: false, title: 'ScanWarning' },
);
export type ScanWarning = Static<typeof ScanWarning>;

export const Scan = Type.Object(
  {
    scan_id: Id,
    repository_id: Id,
    state: ScanStateSchema,
    source: Type.Union(SCAN_SOURCES.map((s) => Type.Literal(s))),
    tools: Type.Array(Type.String(), { description: 'Scanner names found in the SARIF runs' }),
    commit_sha: Nullable(Type.String()),
    ref: Nullable(Type.String()),
    findings_count: Type.Integer({ minimum: 0 }),
    fixes_generated: Type.Integer({ minimum: 0 }),
    error: Nullable(Type.String()),
    warnings: Type.Array(ScanWarning, {
      maxItems: MAX_SCAN_WARNINGS,
      description: `What was repaired, set aside or noted while accepting and ingesting the document (the first ${MAX_SCAN_WARNINGS})`,
    }),
    warnings_count: Type.Integer({
      minimum: 0,
      description: 'How many warnings there were in all',
    }),
    created_at: Timestamp,
    completed_at: Nullable(Timestamp),
    duration_ms: Nullable(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false, title: 'Scan' },
);
export type Scan = Static<typeof Scan>;
export const ScanList = Page(Scan, 'ScanList');

/** Body of `POST /repositories/{id}/scans`; every field optional. */
export const CreateScanBody = Type.Object(
  {
    commit_sha: Type.Optional(Type.String({ pattern: '^[0-9a-f]{40}([0-9a-f]{24})?$' })),
    ref: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false, title: 'CreateScanBody' },
);
export type CreateScanBody = Static<typeof CreateScanBody>;

/** Answer of `POST /repositories/{id}/sarif` (202). */
export const SarifAccepted = Type.Object(
  {
    scan_id: Id,
    state: ScanStateSchema,
    warnings_count: Type.Integer({
      minimum: 0,
      description:
        'Schema violations repaired or set aside while accepting the document; the scan lists them in `warnings`',
    }),
  },
  { additionalProperties: false, title: 'SarifAccepted' },
);
export type SarifAccepted = Static<typeof SarifAccepted>;

export const SarifUploadQuery = {
  commit_sha: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{40}([0-9a-f]{24})?$',
      description: 'Commit the scan ran on; else `versionControlProvenance[0].revisionId`',
    }),
  ),
  ref: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Git ref (`refs/heads/main`); else `versionControlProvenance[0].branch`',
    }),
  ),
  checkout_uri: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'Root of the checkout the scanner ran in (`file:///home/runner/work/app`, as GitHub names it): absolute locations under it become repository-relative; without it they are `invalid_uri`',
    }),
  ),
};
