import type { DbOrTx } from '@remediation/db';
import type { SecretBox } from '@remediation/security';
import { CredentialsUnreadableError } from './credentials/credentials-codec.js';
import { loadRepositoryCredentials } from './credentials/credentials-store.js';
import { toGitCredentials } from './credentials/repository-credentials.js';
import type { SourceAccess } from './source-access.js';

/** A repository's files at one commit, once the commit is known to be in the mirror. */
export interface CommitReader {
  commit: string;
  /** The bare mirror (for `git apply --check` and the like). */
  mirror: string;
  /** A text file's content, or undefined when it is absent, binary, too large or unreadable. */
  read(path: string): Promise<string | undefined>;
  /** The paths of the files under folder `dir` ('' for the root); none when it cannot be listed. */
  list(dir: string): Promise<string[]>;
}

export type OpenCommit =
  | { ok: true; reader: CommitReader }
  /** `retryable`: the remote or git failed in a way that may pass (network, timeout). */
  | { ok: false; reason: string; retryable: boolean };

const TRANSIENT = new Set(['unreachable', 'timeout', 'git_failed', 'aborted']);

/**
 * Opens a repository at a commit for reading: its stored credentials (decrypted with
 * `secretBox`; never logged), the mirror fetched when the commit is missing, and a reader.
 * Says why when the commit cannot be read (unreachable, unknown commit, credentials that
 * cannot be decrypted, ...); the reason never contains a secret.
 */
export const openCommit = async (
  deps: { db: DbOrTx; source: SourceAccess; secretBox: SecretBox },
  repository: { id: string; cloneUrl: string },
  commit: string,
): Promise<OpenCommit> => {
  let credentials;
  try {
    credentials = toGitCredentials(
      await loadRepositoryCredentials(deps.db, deps.secretBox, repository.id),
    );
  } catch (err) {
    if (err instanceof CredentialsUnreadableError)
      return {
        ok: false,
        reason: 'the repository credentials cannot be decrypted',
        retryable: false,
      };
    throw err;
  }
  const repo = { id: repository.id, cloneUrl: repository.cloneUrl, credentials };
  const fetched = await deps.source.ensureCommit(repo, commit);
  if (!fetched.ok)
    return {
      ok: false,
      reason: `commit ${commit.slice(0, 12)} cannot be read (${fetched.reason}): ${fetched.message}`,
      retryable: TRANSIENT.has(fetched.reason),
    };
  return {
    ok: true,
    reader: {
      commit,
      mirror: deps.source.mirrorPath(repository.id),
      read: async (path) => {
        const file = await deps.source.readText(repo, commit, path);
        return file.ok ? file.text : undefined;
      },
      list: async (dir) => {
        const listed = await deps.source.listFiles(repo, commit, dir || undefined);
        return listed.ok ? listed.files.map((f) => f.path) : [];
      },
    },
  };
};
