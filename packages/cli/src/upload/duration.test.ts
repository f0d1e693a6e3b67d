import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('parseDuration (--timeout)', () => {
  it.each([
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['500ms', 500],
    ['30', 30_000],
    ['1.5m', 90_000],
  ])('%s → %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));
  it.each(['', 'soon', '-5s', '0', '10d', '5 m'])('rejects %j', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );
});
