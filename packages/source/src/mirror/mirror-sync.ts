import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { classifyFailure } from '../git/classify.js';
import { runGit } from '../git/run-git.js';
import { failure, type FetchFailureReason, type SourceFailure } from '../types.js';
import { withFetchLock } from './fetch-lock.js';
import {
  hasCommit,
  mirrorExists,
  mirrorPath,
  removeAbandonedClones,
  runFetch,
  type FetchRequest,
  type MirrorContext,
  type MirrorFetchResult,
} from './mirror-fetch.js';
import { packBytes, removeTemporaryPacks } from './mirror-size.js';

const describe = (request: FetchRequest) =>
  request.target.kind === 'refs' ? 'git fetch' : 'git fetch of the commit';

const tooLarge = (ctx: MirrorContext): SourceFailure<FetchFailureReason> =>
  failure(
    'too_large',
    `the repository does not fit in the ${ctx.maxMirrorBytes}-byte mirror cap (GIT_MAX_MIRROR_BYTES); it is not mirrored`,
  );

/** Creates the mirror in a temporary directory and renames it into place once fetched. */
const clone = async (
  ctx: MirrorContext,
  final: string,
  request: FetchRequest,
  lockLost: AbortSignal,
) => {
  await removeAbandonedClones(ctx.cacheDir, request.repositoryId);
  const tmp = `${final}.tmp-${randomUUID()}`;
  try {
    const init = await runGit(['init', '--bare', '--quiet', '--', tmp], {
      timeoutMs: ctx.readTimeoutMs,
      inheritEnv: ctx.inheritEnv,
    });
    if (init.exitCode !== 0) return classifyFailure('git init', init, [], ctx.readTimeoutMs);
    const { run, tooLarge: over } = await runFetch(ctx, tmp, request, lockLost);
    if (over) return tooLarge(ctx);
    if (run.exitCode !== 0)
      return classifyFailure(describe(request), run, request.secrets, ctx.fetchTimeoutMs);
    await rename(tmp, final);
    return { ok: true as const, fetch: 'clone' as const };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
};

/**
 * A mirror never stays above the cap: it is removed (renamed away first, so it disappears at
 * once) and the repository is refused until the cap is raised.
 */
const discard = async (ctx: MirrorContext, dir: string) => {
  const trash = `${dir}.tmp-${randomUUID()}`;
  await rename(dir, trash);
  await rm(trash, { recursive: true, force: true });
  return tooLarge(ctx);
};

const incremental = async (
  ctx: MirrorContext,
  dir: string,
  request: FetchRequest,
  lockLost: AbortSignal,
) => {
  const max = ctx.maxMirrorBytes;
  if (max !== undefined && (await packBytes(dir)) > max) return discard(ctx, dir);
  const { run, tooLarge: over } = await runFetch(ctx, dir, request, lockLost);
  if (over) return discard(ctx, dir);
  if (run.exitCode !== 0) await removeTemporaryPacks(dir);
  if (run.exitCode !== 0)
    return classifyFailure(describe(request), run, request.secrets, ctx.fetchTimeoutMs);
  // Incremental fetches add one pack each; repack now and then (outside the fetch's deadline).
  const gc = await runGit(['gc', '--auto', '--quiet'], {
    gitDir: dir,
    timeoutMs: ctx.fetchTimeoutMs,
    config: [['gc.autoDetach', 'false']],
    inheritEnv: ctx.inheritEnv,
    signal: ctx.closing,
  });
  if (gc.exitCode !== 0)
    ctx.logger.warn(
      { repositoryId: request.repositoryId, timedOut: gc.timedOut },
      'git gc of a mirror failed',
    );
  return { ok: true as const, fetch: 'incremental' as const };
};

/**
 * Brings the mirror up to date under the repository's cross-process fetch lock: creates it
 * (first use) or fetches into it. When `request.wanted` is present once the lock is held
 * (another process fetched it meanwhile) nothing is fetched. Never throws for git failures.
 */
export const syncMirror = async (
  ctx: MirrorContext,
  request: FetchRequest,
): Promise<MirrorFetchResult> => {
  const dir = mirrorPath(ctx.cacheDir, request.repositoryId);
  const started = Date.now();
  await mkdir(ctx.cacheDir, { recursive: true });
  const waitMs = 2 * ctx.fetchTimeoutMs + 10_000;
  const outcome = await withFetchLock(
    join(ctx.cacheDir, `${request.repositoryId}.lock`),
    waitMs,
    () =>
      ctx.logger.debug(
        { repositoryId: request.repositoryId },
        'waiting for the repository fetch lock',
      ),
    async (lockLost): Promise<MirrorFetchResult> => {
      if (request.wanted !== undefined && (await hasCommit(ctx, dir, request.wanted)))
        return { ok: true, fetch: 'none' };
      return (await mirrorExists(dir))
        ? incremental(ctx, dir, request, lockLost)
        : clone(ctx, dir, request, lockLost);
    },
  );
  const result: MirrorFetchResult = outcome.acquired
    ? outcome.value
    : failure(
        'timeout',
        `another process held the repository's fetch lock for more than ${waitMs} ms`,
      );
  const fields = {
    repositoryId: request.repositoryId,
    target: request.target.kind,
    durationMs: Date.now() - started,
  };
  if (result.ok) ctx.logger.info({ ...fields, fetch: result.fetch }, 'git mirror synchronized');
  else
    ctx.logger.warn(
      { ...fields, reason: result.reason, detail: result.message },
      'git mirror fetch failed',
    );
  return result;
};
