import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json<T> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  slug: string;
  tier: 'standard' | 'enterprise';
  rate_limit_rpm: number | null;
  rate_limit_burst: number | null;
  created_at: CreatedAt;
}
export type OrganizationRow = Selectable<OrganizationsTable>;
export type NewOrganization = Insertable<OrganizationsTable>;

export interface RepositoriesTable {
  id: string;
  organization_id: string;
  name: string;
  provider: 'github' | 'gitlab' | 'git';
  clone_url: string;
  credentials_ref: string | null;
  default_branch: string;
  settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}
export type RepositoryRow = Selectable<RepositoriesTable>;
export type NewRepository = Insertable<RepositoriesTable>;
export type RepositoryUpdate = Updateable<RepositoriesTable>;

export interface ApiTokensTable {
  id: string;
  organization_id: string;
  name: string;
  token_hash: Buffer;
  display_prefix: string;
  scope: 'organization' | 'repository';
  repository_id: string | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type NewApiToken = Insertable<ApiTokensTable>;

export type { Generated };
