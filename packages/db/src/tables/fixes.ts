import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from './tenancy.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface FixesTable {
  id: string;
  repository_id: string;
  scan_id: string | null;
  finding_ids: string[];
  codemod: string;
  status: 'generated' | 'failed' | 'pr_open' | 'merged' | 'closed' | 'superseded';
  summary: string;
  files_changed: Generated<number>;
  ai_generated: Generated<boolean>;
  diff: Generated<string>;
  rationale: Generated<string>;
  evaluation: ColumnType<Record<string, unknown>, string | undefined, string>;
  pr_url: string | null;
  /** Why the fix could not be published (credentials, forge refusal) or was superseded. */
  publish_error: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type FixRow = Selectable<FixesTable>;
export type NewFix = Insertable<FixesTable>;

export interface PullRequestsTable {
  id: string;
  fix_id: string;
  repository_id: string;
  provider: string;
  number: number | null;
  url: string | null;
  branch: string;
  target_branch: string;
  state: 'pending' | 'open' | 'merged' | 'closed';
  head_sha: string | null;
  merged_at: Timestamp | null;
  merged_by: string | null;
  merge_commit_sha: string | null;
  closed_at: Timestamp | null;
  closed_by: string | null;
  close_reason: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type PullRequestRow = Selectable<PullRequestsTable>;

export interface ForgeEventsTable {
  id: string;
  provider: string;
  delivery_id: string;
  event: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  processed_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A per-repository SARIF endpoint signed with an HMAC secret (sealed with the secret box). */
export interface SarifIntegrationsTable {
  id: string;
  repository_id: string;
  name: string;
  secret_ciphertext: string;
  created_at: CreatedAt;
  rotated_at: Timestamp | null;
  last_used_at: Timestamp | null;
}
export type SarifIntegrationRow = Selectable<SarifIntegrationsTable>;
