import lockfile from 'proper-lockfile';

/** How long a holder may go without refreshing the lock before others take it over. */
const STALE_MS = 30_000;
const POLL_MS = 200;

const isLocked = (err: unknown) => (err as { code?: string }).code === 'ELOCKED';

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs `fn` holding the cross-process lock `lockPath` (a directory created atomically by
 * proper-lockfile, refreshed while held, taken over when its holder died and it went stale).
 * Waits up to `waitMs` for another holder, calling `onWait` once when it has to. `fn` gets a
 * signal that aborts if the lock is compromised (taken over while still running).
 */
export const withFetchLock = async <T>(
  lockPath: string,
  waitMs: number,
  onWait: () => void,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<LockOutcome<T>> => {
  const compromised = new AbortController();
  const options = {
    realpath: false,
    lockfilePath: lockPath,
    stale: STALE_MS,
    onCompromised: () => compromised.abort(),
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(lockPath, options);
  } catch (err) {
    if (!isLocked(err)) throw err;
    onWait();
    try {
      release = await lockfile.lock(lockPath, {
        ...options,
        retries: {
          retries: Math.max(1, Math.ceil(waitMs / POLL_MS)),
          factor: 1,
          minTimeout: POLL_MS,
          maxTimeout: POLL_MS,
        },
      });
    } catch (again) {
      if (isLocked(again)) return { acquired: false };
      throw again;
    }
  }
  try {
    return { acquired: true, value: await fn(compromised.signal) };
  } finally {
    // A compromised lock is no longer ours to release.
    if (!compromised.signal.aborted) await release();
  }
};
