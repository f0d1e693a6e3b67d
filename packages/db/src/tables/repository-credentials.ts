import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { Timestamp } from './tenancy.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** The kinds of repository credentials (see `@remediation/source-access` for their content). */
export type RepositoryCredentialsKind = 'token' | 'basic' | 'github_app';

/**
 * One repository's forge/git credentials, sealed with the secret box (AES-256-GCM under
 * SECRETS_ENCRYPTION_KEY). `ciphertext` holds a JSON object that also names the repository,
 * so a row copied onto another repository does not open. `repositories.credentials_ref` is
 * not used for these (it stays for a reference into an external secret store).
 */
export interface RepositoryCredentialsTable {
  repository_id: string;
  kind: RepositoryCredentialsKind;
  ciphertext: Buffer;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export type RepositoryCredentialsRow = Selectable<RepositoryCredentialsTable>;
export type NewRepositoryCredentials = Insertable<RepositoryCredentialsTable>;
