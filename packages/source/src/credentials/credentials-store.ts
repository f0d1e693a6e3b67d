import type { DbOrTx } from '@remediation/db';
import type { SecretBox } from '@remediation/security';
import { sql } from 'kysely';
import {
  CredentialsUnreadableError,
  decodeCredentials,
  encodeCredentials,
} from './credentials-codec.js';
import type { RepositoryCredentials } from './repository-credentials.js';

/**
 * The repository's credentials, opened; null when none are stored. Throws
 * CredentialsUnreadableError when they cannot be opened (another SECRETS_ENCRYPTION_KEY, a row
 * copied from another repository): retrying will not help.
 */
export const loadRepositoryCredentials = async (
  db: DbOrTx,
  secretBox: SecretBox,
  repositoryId: string,
): Promise<RepositoryCredentials | null> => {
  const row = await db
    .selectFrom('repository_credentials')
    .select(['kind', 'ciphertext'])
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  if (!row) return null;
  let plaintext: string;
  try {
    plaintext = secretBox.open(row.ciphertext);
  } catch {
    throw new CredentialsUnreadableError(
      repositoryId,
      'they do not open with SECRETS_ENCRYPTION_KEY',
    );
  }
  return decodeCredentials(repositoryId, row.kind, plaintext);
};

/** Seals and stores (or replaces) the repository's credentials. */
export const saveRepositoryCredentials = async (
  db: DbOrTx,
  secretBox: SecretBox,
  repositoryId: string,
  credentials: RepositoryCredentials,
): Promise<{ createdAt: Date; updatedAt: Date }> => {
  const ciphertext = secretBox.seal(encodeCredentials(repositoryId, credentials));
  const row = await db
    .insertInto('repository_credentials')
    .values({
      repository_id: repositoryId,
      kind: credentials.kind,
      ciphertext,
      updated_at: sql<Date>`now()` as never,
    })
    .onConflict((oc) =>
      oc
        .column('repository_id')
        .doUpdateSet({ kind: credentials.kind, ciphertext, updated_at: sql<Date>`now()` as never }),
    )
    .returning(['created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) };
};

/** Deletes the repository's credentials; true when there were some. */
export const clearRepositoryCredentials = async (
  db: DbOrTx,
  repositoryId: string,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('repository_credentials')
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
};
