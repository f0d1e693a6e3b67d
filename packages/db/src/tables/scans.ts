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
  source: 'upload' | 'rescan';
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
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type FindingRow = Selectable<FindingsTable>;
export type NewFinding = Insertable<FindingsTable>;

export interface ScanFindingsTable {
  scan_id: string;
  finding_id: string;
}

export interface TriageResultsTable {
  id: string;
  finding_id: string;
  scan_id: string;
  classification: 'TRUE_POSITIVE' | 'FALSE_POSITIVE' | 'WONT_FIX';
  severity: string;
  confidence: number;
  justification: string;
  evidence: Json<string[]>;
  evidence_hash: string;
  provider: string;
  created_at: CreatedAt;
}
export type TriageResultRow = Selectable<TriageResultsTable>;
