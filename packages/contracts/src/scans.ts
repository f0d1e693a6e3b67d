import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, Timestamp } from './common.js';

export const SCAN_STATES = ['queued', 'processing', 'completed', 'failed'] as const;
export type ScanState = (typeof SCAN_STATES)[number];
export const TERMINAL_SCAN_STATES: readonly ScanState[] = ['completed', 'failed'];
export const ScanStateSchema = Type.Union(SCAN_STATES.map((s) => Type.Literal(s)));

export const SCAN_SOURCES = ['upload', 'rescan'] as const;

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
    warnings: Type.Array(Type.String()),
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
  { scan_id: Id, state: ScanStateSchema },
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
