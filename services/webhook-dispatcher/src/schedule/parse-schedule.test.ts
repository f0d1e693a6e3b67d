import { describe, expect, it } from 'vitest';
import { parseDuration, parseSchedule, retryDelay } from './parse-schedule.js';

describe('retry schedule', () => {
  it('when the spec default is parsed, then it is 30 s, 2 min, 10 min, 1 h', () => {
    expect(parseSchedule('30s,2m,10m,1h')).toEqual([30_000, 120_000, 600_000, 3_600_000]);
    expect(parseSchedule(' 250ms , 1s ')).toEqual([250, 1000]);
  });

  it('when an entry is not a duration, then parsing fails naming it', () => {
    expect(() => parseSchedule('30s,soon')).toThrow(/'soon'/);
    expect(parseDuration('10w')).toBeUndefined();
    expect(parseDuration('7d')).toBe(604_800_000);
  });

  it('when Retry-After is given, then it is honoured within the schedule bounds', () => {
    const s = [30_000, 120_000, 600_000, 3_600_000];
    expect(retryDelay(s, 1)).toBe(30_000);
    expect(retryDelay(s, 9)).toBe(3_600_000);
    expect(retryDelay(s, 1, 5_000)).toBe(30_000);
    expect(retryDelay(s, 1, 90_000)).toBe(90_000);
    expect(retryDelay(s, 2, 86_400_000)).toBe(3_600_000);
  });
});
