import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Json, Timestamp } from './tenancy.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SarifDocumentsTable {
  id: string;
  repository_id: string;
  content_gzip: Buffer;
  content_sha256: string;
  size_bytes: number;
  created_at: CreatedAt;
}
export type SarifDocumentRow = Selectable<SarifDocumentsTable>;

export interface ScansTable {
  id: string;
  repository_id: string;
  sarif_document_id: string | null;
  state: 'queued' | 'processing' | 'completed' | 'failed';
  source: 'upload' | 'rescan' | 'integration' | 'github_code_scanning';
  tools: Generated<string[]>;
  commit_sha: string | null;
  ref: string | null;
  checkout_uri: string | null;
  idempotency_key: string | null;
  findings_count: Generated<number>;
  fixes_generated: Generated<number>;
  error: string | null;
  /** The first MAX_SCAN_WARNINGS `{path, message, action}` objects (decision 0013). */
  warnings: ColumnType<
    { path: string; message: string; action: 'dropped' | 'marked' | 'ignored' }[],
    string | undefined,
    string
  >;
  warnings_count: Generated<number>;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  /** Findings written and triage batches created; completion waits for the batches. */
  ingested_at: Timestamp | null;
  /** Every triage batch ended and the fix attempts were planned. */
  triaged_at: Timestamp | null;
  completed_at: Timestamp | null;
}
export type ScanRow = Selectable<ScansTable>;
export type NewScan = Insertable<ScansTable>;

export interface FindingsTable {
  id: string;
  repository_id: string;
  fingerprint: string;
  first_seen_scan_id: string;
  last_seen_scan_id: string;
  rule_id: string | null;
  tool: string;
  category: string | null;
  message: string;
  uri: string | null;
  start_line: number | null;
  start_column: number | null;
  end_line: number | null;
  end_column: number | null;
  level: 'error' | 'warning' | 'note' | 'none';
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  dataflow_tier: string;
  suppressed: Generated<boolean>;
  resolved: Generated<boolean>;
  fixable: Generated<boolean>;
  problems: Generated<string[]>;
  code_flows: ColumnType<unknown[], string | undefined, string>;
  related_locations: ColumnType<unknown[], string | undefined, string>;
  properties: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The rule's metadata as the scanner handler normalized it (see packages/sarif RuleMetadata). */
  rule: ColumnType<Record<string, unknown>, string | undefined, string>;
  fix_id: string | null;
  /** The primary location's `region.snippet.text` as the scanner sent it. */
  snippet: string | null;
  /** SARIF `result.suppressions` as sent (kind, status, justification). */
  suppressions: ColumnType<
    { kind?: string; status?: string; justification?: string }[],
    string | undefined,
    string
  >;
  /** Why the last triage of this finding failed after its retries (its verdict stays null). */
  triage_error: string | null;
  /** SARIF `result.fixes` as accepted (a tool's own proposed change). */
  sarif_fixes: ColumnType<unknown[], string | undefined, string>;
  /** Why the fixer made no fix for this finding. */
  fix_note: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type FindingRow = Selectable<FindingsTable>;
export type NewFinding = Insertable<FindingsTable>;

export interface ScanFindingsTable {
  scan_id: string;
  finding_id: string;
  /** Triage sends this finding to the fixer once the scan is triaged. */
  route_fix: Generated<boolean>;
}

export interface TriageResultsTable {
  id: string;
  finding_id: string;
  scan_id: string;
  classification: 'TRUE_POSITIVE' | 'FALSE_POSITIVE' | 'WONT_FIX';
  severity: string;
  confidence: number;
  justification: string;
  evidence: Json<TriageEvidence[]>;
  evidence_hash: string;
  /** `deterministic`, or `deterministic+llm:<model>` when a model's second opinion was merged. */
  provider: string;
  ai_generated: Generated<boolean>;
  /** The earlier verdict this one repeats (same evidence in a later scan). */
  reused_from: string | null;
  created_at: CreatedAt;
}
export type TriageResultRow = Selectable<TriageResultsTable>;

/** One signal behind a verdict. */
export interface TriageEvidence {
  signal: string;
  effect: 'true_positive' | 'false_positive' | 'wont_fix' | 'severity' | 'neutral';
  detail: string;
  weight?: number;
  at?: { uri: string; line: number | null };
}

/** A person's classification of a finding; it wins over every verdict and survives rescans. */
export interface TriageOverridesTable {
  finding_id: string;
  classification: 'TRUE_POSITIVE' | 'FALSE_POSITIVE' | 'WONT_FIX';
  justification: string;
  /** Who: `token:<id> (<name>)` or `user:<id> (<email>)`. */
  actor: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type TriageOverrideRow = Selectable<TriageOverridesTable>;

export interface FindingAuditTable {
  id: string;
  finding_id: string;
  action: string;
  actor: string;
  before: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  after: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: CreatedAt;
}

/**
 * A unit of work a scan waits for (DESIGN §3): a triage batch, or a fix attempt. The scan is
 * completed when none of its batches is pending any more.
 */
export interface ScanBatchesTable {
  id: string;
  scan_id: string;
  stage: 'triage' | 'fix';
  finding_ids: string[];
  state: Generated<'pending' | 'done' | 'failed'>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}
export type ScanBatchRow = Selectable<ScanBatchesTable>;
