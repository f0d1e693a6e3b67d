import { describe, expect, it } from 'vitest';
import { EndpointLimiter } from './endpoint-limiter.js';

describe('endpoint limiter', () => {
  it('when an endpoint is at its limit, then it refuses until a slot is released, and other endpoints are unaffected', () => {
    const limiter = new EndpointLimiter(2);
    const a1 = limiter.tryAcquire('a')!;
    expect(limiter.tryAcquire('a')).toBeDefined();
    expect(limiter.tryAcquire('a')).toBeUndefined();
    expect(limiter.tryAcquire('b')).toBeDefined();
    a1();
    a1();
    expect(limiter.tryAcquire('a')).toBeDefined();
    expect(limiter.tryAcquire('a')).toBeUndefined();
  });

  it('when an endpoint is slow, then busy jobs wait about one typical attempt, within bounds', () => {
    const limiter = new EndpointLimiter(1, { minDelayMs: 100, maxDelayMs: 10_000 });
    expect(limiter.busyDelayMs('new', () => 0)).toBe(100);
    for (let i = 0; i < 50; i++) limiter.record('dead', 10_000);
    expect(limiter.busyDelayMs('dead', () => 0)).toBeCloseTo(10_000, -2);
    expect(limiter.busyDelayMs('dead', () => 0.5)).toBeCloseTo(15_000, -2);
    for (let i = 0; i < 50; i++) limiter.record('slow', 200);
    expect(limiter.busyDelayMs('slow', () => 0)).toBeCloseTo(200, -1);
  });

  it('when a fast endpoint is busy, then a caller waits for the next free slot; for a slow one it does not wait', async () => {
    const limiter = new EndpointLimiter(1);
    limiter.record('fast', 5);
    const held = limiter.tryAcquire('fast')!;
    const waiting = limiter.acquire('fast', 250);
    held();
    expect(await waiting).toBeDefined();
    limiter.record('slow', 5_000);
    limiter.tryAcquire('slow');
    expect(await limiter.acquire('slow', 250)).toBeUndefined();
    limiter.tryAcquire('busy-fast');
    limiter.record('busy-fast', 5);
    expect(await limiter.acquire('busy-fast', 30)).toBeUndefined();
  });
});
