/**
 * Credentials git presents to an http(s) remote (HTTP Basic). A token is a password; GitHub
 * wants the username `x-access-token` for installation tokens, which is the default when
 * `username` is absent. Never logged, never on a command line, never in an error message.
 */
export interface GitCredentials {
  username?: string;
  password: string;
}

/** What source access needs to know about a repository. */
export interface SourceRepository {
  /** Stable id (the repository's UUID); names the mirror directory. */
  id: string;
  /** The remote; must not embed credentials. */
  cloneUrl: string;
  credentials: GitCredentials | null;
}

/** Why a mirror could not be created or brought up to date, or a commit is unavailable. */
export type FetchFailureReason =
  /** Malformed clone URL, embedded credentials, a URL or path starting with `-`. */
  | 'invalid_url'
  /** The URL's scheme is not in the allow-list (or is a `<transport>::` helper). */
  | 'protocol_not_allowed'
  /** DNS, connection or TLS failure. */
  | 'unreachable'
  /** The remote refused the credentials, or asked for credentials there are none of. */
  | 'auth_failed'
  /** The remote answered that there is no such repository. */
  | 'repository_not_found'
  /** Not a full hexadecimal commit id. */
  | 'invalid_commit'
  /** The remote has no such commit (after fetching branches, tags and the commit itself). */
  | 'commit_not_found'
  /** git ran longer than its timeout (it was killed), or waiting for another fetch did. */
  | 'timeout'
  /** The mirror grew past `maxMirrorBytes` (the fetch was stopped). */
  | 'too_large'
  /** `close()` was called while git ran. */
  | 'aborted'
  /** Any other git failure; `message` has git's (scrubbed) words. */
  | 'git_failed';

/** Why a read failed, besides the commit being unavailable. */
export type ReadFailureReason =
  | FetchFailureReason
  /** Not a repository-relative path: absolute, `..`, `.`, empty segments, leading `-`, control characters. */
  | 'invalid_path'
  /** No such path at the commit. */
  | 'not_found'
  /** A directory, symbolic link or submodule, not a regular file. */
  | 'not_a_file'
  /** The file is larger than `maxFileBytes` (it was not read). */
  | 'too_large'
  /** The file has a NUL byte in its first 8000 bytes (git's heuristic). */
  | 'binary'
  /** The requested line range is empty or starts past the end of the file. */
  | 'out_of_range';

/** Why a ref could not be resolved. */
export type ResolveFailureReason = FetchFailureReason | 'invalid_ref' | 'ref_not_found';

/** An expected failure: never thrown, `message` never holds credentials or a credentialed URL. */
export interface SourceFailure<R extends string> {
  ok: false;
  reason: R;
  message: string;
}

/** What `ensureCommit` had to do: nothing, create the mirror, or fetch into it. */
export type FetchKind = 'none' | 'clone' | 'incremental';

export type EnsureCommitResult = { ok: true; fetch: FetchKind } | SourceFailure<FetchFailureReason>;

export type FetchResult =
  { ok: true; fetch: Exclude<FetchKind, 'none'> } | SourceFailure<FetchFailureReason>;

export type ReadFileResult =
  | {
      ok: true;
      content: Buffer;
      /** The blob's id. */
      oid: string;
      /** Whether the content looks binary (only ever true with `allowBinary`). */
      binary: boolean;
    }
  | SourceFailure<ReadFailureReason>;

/** A text file's content, decoded as UTF-8. */
export type ReadTextResult =
  | {
      ok: true;
      text: string;
      /** The blob's id. */
      oid: string;
    }
  | SourceFailure<ReadFailureReason>;

export type ReadLinesResult =
  | {
      ok: true;
      /** The lines without their terminators, `lines[0]` being line `startLine`. */
      lines: string[];
      startLine: number;
      /** The last line returned: the requested end, or the file's last line if that is earlier. */
      endLine: number;
      totalLines: number;
    }
  | SourceFailure<ReadFailureReason>;

/** A file (regular or symbolic link) of a commit's tree; submodules are left out. */
export interface ListedFile {
  path: string;
  /** `100644`, `100755` or `120000` (symbolic link). */
  mode: string;
  oid: string;
}

export type ListFilesResult =
  | { ok: true; files: ListedFile[] }
  | SourceFailure<FetchFailureReason | 'invalid_path' | 'too_large'>;

export type ResolveRefResult = { ok: true; sha: string } | SourceFailure<ResolveFailureReason>;

/** The logging surface source access uses (pino's `Logger` fits). Fields never hold secrets. */
export interface SourceLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Builds a failure result. */
export const failure = <R extends string>(reason: R, message: string): SourceFailure<R> => ({
  ok: false,
  reason,
  message,
});
