const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(\d+)(ms|s|m|h|d)$/;

/** Parses one duration such as `30s`, `2m`, `1h`, `7d` or `250ms` into milliseconds. */
export const parseDuration = (text: string): number | undefined => {
  const match = DURATION.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNITS[match[2]!]!;
};

/**
 * Parses `WEBHOOK_RETRY_SCHEDULE` (comma-separated durations, e.g. `30s,2m,10m,1h`): the delay
 * before retry 1, 2, ... Throws with the offending entry when one is not a duration.
 */
export const parseSchedule = (text: string): number[] => {
  const parts = text.split(',').map((p) => p.trim());
  const delays = parts.map((part) => {
    const ms = parseDuration(part);
    if (ms === undefined) throw new Error(`'${part}' is not a duration like 30s, 2m, 1h or 250ms`);
    return ms;
  });
  if (delays.length === 0) throw new Error('the schedule needs at least one delay');
  return delays;
};

/**
 * Delay before the retry that follows failed attempt `attemptsMade` (1-based). A receiver's
 * Retry-After is honoured within the schedule's bounds: never sooner than the schedule says,
 * never later than its longest delay.
 */
export const retryDelay = (
  schedule: readonly number[],
  attemptsMade: number,
  retryAfterMs?: number,
): number => {
  const base = schedule[Math.min(attemptsMade, schedule.length) - 1] ?? schedule[0] ?? 0;
  if (retryAfterMs === undefined) return base;
  return Math.min(Math.max(retryAfterMs, base), Math.max(...schedule));
};
