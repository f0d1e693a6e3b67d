import { LRUCache } from 'lru-cache';
import { checkCloneUrl, type CloneUrlCheck } from './git/clone-url.js';
import { assertAllowedProtocols, type GitProtocol } from './git/protocols.js';
import { runGit } from './git/run-git.js';
import { secretForms } from './git/scrub.js';
import {
  hasCommit,
  mirrorExists,
  mirrorPath,
  type FetchTarget,
  type MirrorContext,
  type MirrorFetchResult,
} from './mirror/mirror-fetch.js';
import { syncMirror } from './mirror/mirror-sync.js';
import { createTreeCache, listTree, readBlob } from './read/blob-reader.js';
import { CatFileBatch } from './read/cat-file-batch.js';
import { splitLines } from './read/lines.js';
import { isCommitId, isRefName, isRepositoryPath } from './read/repo-path.js';
import { looksBinary } from './read/tree-entry.js';
import {
  failure,
  type EnsureCommitResult,
  type FetchResult,
  type ListFilesResult,
  type ReadFailureReason,
  type ReadFileResult,
  type ReadTextResult,
  type ReadLinesResult,
  type ResolveRefResult,
  type SourceFailure,
  type SourceLogger,
  type SourceRepository,
} from './types.js';

export interface SourceAccessOptions {
  /** Where mirrors (`<repository id>.git`) and their lock files live; created when missing. */
  cacheDir: string;
  /** Transports allowed for clone URLs (`GIT_ALLOWED_PROTOCOLS`); `ext`/`fd` are refused. */
  allowedProtocols: readonly GitProtocol[];
  /** Deadline of one fetch (git and its helpers are killed past it). */
  fetchTimeoutMs: number;
  /** Deadline of one local git read (ls-tree, cat-file, rev-parse). */
  readTimeoutMs: number;
  /** Largest file `readFile`/`readLines` return; larger ones are `too_large`, never read. */
  maxFileBytes: number;
  /** A fetch that grows the mirror past this is stopped (`too_large`); no cap when absent. */
  maxMirrorBytes?: number;
  /** Bytes of recently read files kept in memory (default 64 MiB; 0 turns the cache off). */
  blobCacheBytes?: number;
  /** Largest `listFiles` output of git (default 64 MiB). */
  maxListBytes?: number;
  logger?: SourceLogger;
  /** Where PATH, HOME, proxies and ssh-agent come from (default: this process's environment). */
  inheritEnv?: Readonly<Record<string, string | undefined>>;
}

/** Reads of repositories' files at commits, through cached bare mirrors. */
export interface SourceAccess {
  /** Makes `sha` available in the mirror: creates it, fetches branches and tags, then the commit itself. */
  ensureCommit(repo: SourceRepository, sha: string): Promise<EnsureCommitResult>;
  /** Fetches every branch and tag now (creating the mirror on first use). */
  fetch(repo: SourceRepository): Promise<FetchResult>;
  /** The file at `path` in commit `sha`. Binary files are `binary` unless `allowBinary`. */
  readFile(
    repo: SourceRepository,
    sha: string,
    path: string,
    options?: { allowBinary?: boolean },
  ): Promise<ReadFileResult>;
  /**
   * A text file's content decoded as UTF-8 (binary files are `binary`); decoded once per cached
   * file, for readers that go over the same files again and again (triage batches of one scan).
   */
  readText(repo: SourceRepository, sha: string, path: string): Promise<ReadTextResult>;
  /** Lines `startLine..endLine` (1-based, inclusive; the end is clamped to the file's last line). */
  readLines(
    repo: SourceRepository,
    sha: string,
    path: string,
    startLine: number,
    endLine: number,
  ): Promise<ReadLinesResult>;
  /** Files of commit `sha`, under the directory (or file) `prefix` when given. */
  listFiles(repo: SourceRepository, sha: string, prefix?: string): Promise<ListFilesResult>;
  /** The commit a branch, tag or full ref points at, after a fetch unless `fetch: false`. */
  resolveRef(
    repo: SourceRepository,
    ref: string,
    options?: { fetch?: boolean },
  ): Promise<ResolveRefResult>;
  /** The mirror's directory (a bare repository) for `runGit` callers such as pr-publisher. */
  mirrorPath(repositoryId: string): string;
  /** Kills running git processes (their calls resolve `aborted`) and waits for them. */
  close(): Promise<void>;
}

interface CachedBlob {
  content: Buffer;
  oid: string;
  binary: boolean;
  lines?: string[];
  text?: string;
}

const REPOSITORY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const NO_LOG: SourceLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
};
const MIB = 1024 * 1024;
const EXPECTED_READ_FAILURES = new Set<string>(['not_found', 'not_a_file', 'too_large']);

/** Creates source access over `options.cacheDir`. Validates the allow-list (throws when invalid). */
export const createSourceAccess = (options: SourceAccessOptions): SourceAccess => {
  const allowed = assertAllowedProtocols(options.allowedProtocols);
  const closing = new AbortController();
  const ctx: MirrorContext = {
    cacheDir: options.cacheDir,
    allowedProtocols: allowed,
    fetchTimeoutMs: options.fetchTimeoutMs,
    readTimeoutMs: options.readTimeoutMs,
    maxMirrorBytes: options.maxMirrorBytes,
    logger: options.logger ?? NO_LOG,
    inheritEnv: options.inheritEnv,
    closing: closing.signal,
  };
  const cacheBytes = options.blobCacheBytes ?? 64 * MIB;
  const blobs =
    cacheBytes > 0
      ? new LRUCache<string, CachedBlob>({
          maxSize: cacheBytes,
          sizeCalculation: (b) => b.content.length * 3 + 64,
        })
      : undefined;
  const known = new LRUCache<string, true>({ max: 10_000 });
  const inflight = new Map<string, Promise<MirrorFetchResult>>();
  const dirOf = (id: string) => mirrorPath(options.cacheDir, id);
  // One long-lived cat-file per recently read mirror; evicted ones are ended.
  const batches = new LRUCache<string, CatFileBatch>({
    max: 16,
    dispose: (batch) => batch.close(),
  });
  const batchOf = (id: string) => {
    let batch = batches.get(id);
    if (!batch) {
      batch = new CatFileBatch(dirOf(id), options.readTimeoutMs, options.inheritEnv);
      batches.set(id, batch);
    }
    return batch;
  };
  const trees = createTreeCache();
  const forget = (id: string) => {
    batches.delete(id);
    for (const key of [...known.keys()]) if (key.startsWith(`${id}\0`)) known.delete(key);
  };

  // Each read checks its repository; a triage batch reads hundreds of files of one.
  const checkedUrls = new LRUCache<string, CloneUrlCheck>({ max: 1_000 });
  const checkRepo = (repo: SourceRepository) => {
    if (!REPOSITORY_ID.test(repo.id))
      throw new TypeError('repository id must be 1-128 letters, digits, _ or -');
    let check = checkedUrls.get(repo.cloneUrl);
    if (!check) {
      check = checkCloneUrl(repo.cloneUrl, allowed);
      checkedUrls.set(repo.cloneUrl, check);
    }
    return check;
  };

  /** One fetch per repository and target at a time in this process; callers share it. */
  const sharedSync = (
    repo: SourceRepository,
    httpOrigin: string | null,
    target: FetchTarget,
    wanted?: string,
  ) => {
    const key = `${repo.id}\0${target.kind === 'refs' ? 'refs' : target.sha}`;
    let pending = inflight.get(key);
    if (!pending) {
      const credentials = httpOrigin === null ? null : repo.credentials;
      pending = syncMirror(ctx, {
        repositoryId: repo.id,
        url: repo.cloneUrl,
        auth: credentials && httpOrigin ? { httpOrigin, credentials } : null,
        secrets: secretForms(repo.credentials),
        target,
        wanted,
      })
        .then((result) => {
          // A dropped mirror (above the size cap) no longer has the commits it had.
          if (!result.ok && result.reason === 'too_large') forget(repo.id);
          return result;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };

  const ensureCommit = async (
    repo: SourceRepository,
    rawSha: string,
  ): Promise<EnsureCommitResult> => {
    const check = checkRepo(repo);
    if (!check.ok) return failure(check.reason, check.message);
    if (!isCommitId(rawSha))
      return failure('invalid_commit', 'commit must be a full hexadecimal commit id');
    const sha = rawSha.toLowerCase();
    const key = `${repo.id}\0${sha}`;
    const present = async () => {
      const yes = await hasCommit(ctx, dirOf(repo.id), sha);
      if (yes) known.set(key, true);
      return yes;
    };
    if (known.has(key) || (await present())) return { ok: true, fetch: 'none' };
    const refs = await sharedSync(repo, check.httpOrigin, { kind: 'refs' }, sha);
    if (!refs.ok) return refs;
    if (await present()) return { ok: true, fetch: refs.fetch };
    const one = await sharedSync(repo, check.httpOrigin, { kind: 'commit', sha }, sha);
    if (!one.ok && one.reason !== 'commit_not_found') return one;
    if (one.ok && (await present()))
      return { ok: true, fetch: refs.fetch === 'none' ? one.fetch : refs.fetch };
    return failure('commit_not_found', `commit ${sha} is not in the repository`);
  };

  const loadBlob = async (
    repo: SourceRepository,
    rawSha: string,
    path: string,
  ): Promise<CachedBlob | SourceFailure<ReadFailureReason>> => {
    if (!isRepositoryPath(path))
      return failure(
        'invalid_path',
        `${JSON.stringify(path.slice(0, 200))} is not a repository-relative path`,
      );
    const ensured = await ensureCommit(repo, rawSha);
    if (!ensured.ok) return ensured;
    const sha = rawSha.toLowerCase();
    const key = `${repo.id}\0${sha}\0${path}`;
    const cached = blobs?.get(key);
    if (cached) return cached;
    const read = await readBlob(batchOf(repo.id), trees, sha, path, options.maxFileBytes);
    if (!read.ok) {
      // git itself failed (e.g. the mirror was removed): check the commit again next time.
      if (!EXPECTED_READ_FAILURES.has(read.reason)) known.delete(`${repo.id}\0${sha}`);
      return read;
    }
    const blob: CachedBlob = {
      content: read.content,
      oid: read.oid,
      binary: looksBinary(read.content),
    };
    blobs?.set(key, blob);
    return blob;
  };

  return {
    ensureCommit,
    fetch: async (repo) => {
      const check = checkRepo(repo);
      if (!check.ok) return failure(check.reason, check.message);
      const result = await sharedSync(repo, check.httpOrigin, { kind: 'refs' });
      return result.ok && result.fetch === 'none' ? { ok: true, fetch: 'incremental' } : result;
    },
    readFile: async (repo, sha, path, readOptions) => {
      const blob = await loadBlob(repo, sha, path);
      if ('ok' in blob) return blob;
      if (blob.binary && readOptions?.allowBinary !== true)
        return failure('binary', `${path} is a binary file`);
      return { ok: true, content: Buffer.from(blob.content), oid: blob.oid, binary: blob.binary };
    },
    readText: async (repo, sha, path) => {
      const blob = await loadBlob(repo, sha, path);
      if ('ok' in blob) return blob;
      if (blob.binary) return failure('binary', `${path} is a binary file`);
      blob.text ??= blob.content.toString('utf8');
      return { ok: true, text: blob.text, oid: blob.oid };
    },
    readLines: async (repo, sha, path, startLine, endLine) => {
      if (
        !Number.isInteger(startLine) ||
        !Number.isInteger(endLine) ||
        startLine < 1 ||
        endLine < startLine
      )
        return failure('out_of_range', `line range ${startLine}-${endLine} is empty or invalid`);
      const blob = await loadBlob(repo, sha, path);
      if ('ok' in blob) return blob;
      if (blob.binary) return failure('binary', `${path} is a binary file`);
      const lines = (blob.lines ??= splitLines(blob.content));
      if (startLine > lines.length)
        return failure(
          'out_of_range',
          `line ${startLine} is past the end of ${path} (${lines.length} lines)`,
        );
      const end = Math.min(endLine, lines.length);
      return {
        ok: true,
        lines: lines.slice(startLine - 1, end),
        startLine,
        endLine: end,
        totalLines: lines.length,
      };
    },
    listFiles: async (repo, sha, prefix) => {
      const dir = prefix?.replace(/\/+$/, '');
      if (dir !== undefined && !isRepositoryPath(dir))
        return failure(
          'invalid_path',
          `${JSON.stringify(prefix?.slice(0, 200))} is not a repository-relative path`,
        );
      const ensured = await ensureCommit(repo, sha);
      if (!ensured.ok) return ensured;
      return listTree(
        ctx,
        dirOf(repo.id),
        sha.toLowerCase(),
        dir,
        options.maxListBytes ?? 64 * MIB,
      );
    },
    resolveRef: async (repo, ref, resolveOptions) => {
      const check = checkRepo(repo);
      if (!check.ok) return failure(check.reason, check.message);
      if (!isRefName(ref)) return failure('invalid_ref', 'not a valid branch, tag or ref name');
      const dir = dirOf(repo.id);
      if (resolveOptions?.fetch !== false || !(await mirrorExists(dir))) {
        const fetched = await sharedSync(repo, check.httpOrigin, { kind: 'refs' });
        if (!fetched.ok) return fetched;
      }
      const candidates = ref.startsWith('refs/')
        ? [ref]
        : [`refs/heads/${ref}`, `refs/tags/${ref}`];
      for (const candidate of candidates) {
        const run = await runGit(
          ['rev-parse', '--verify', '--quiet', '--end-of-options', `${candidate}^{commit}`],
          {
            gitDir: dir,
            timeoutMs: options.readTimeoutMs,
            inheritEnv: options.inheritEnv,
            signal: closing.signal,
          },
        );
        const sha = run.stdout.toString('utf8').trim();
        if (run.exitCode === 0 && isCommitId(sha)) {
          known.set(`${repo.id}\0${sha}`, true);
          return { ok: true, sha };
        }
      }
      return failure('ref_not_found', `no branch or tag '${ref}' in the repository`);
    },
    mirrorPath: dirOf,
    close: async () => {
      closing.abort();
      batches.clear();
      await Promise.allSettled([...inflight.values()]);
    },
  };
};
