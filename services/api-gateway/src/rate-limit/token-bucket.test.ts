import { randomBytes } from 'node:crypto';
import { createRedis, type Redis } from '@remediation/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.js';

const URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
let redis: Redis;
const replicas: Redis[] = [];
const prefix = `test-${randomBytes(6).toString('hex')}`;
const connect = () => {
  const connection = createRedis(URL, 'worker');
  replicas.push(connection);
  return connection;
};
beforeAll(() => {
  redis = connect();
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  for (const connection of replicas) await connection.quit();
});

/** Counts the Redis calls a bucket makes. */
const counted = (bucketRedis: Redis) => {
  let calls = 0;
  const bucket = createTokenBucket(bucketRedis, prefix, () => clock);
  const command = (bucketRedis as unknown as Record<string, (...a: unknown[]) => unknown>)[
    'remediationTakeTokens'
  ]!;
  (bucketRedis as unknown as Record<string, unknown>)['remediationTakeTokens'] = (
    ...args: unknown[]
  ) => {
    calls++;
    return command.apply(bucketRedis, args);
  };
  return { bucket, calls: () => calls };
};
let clock = 1_000_000;

describe('token bucket', () => {
  it('when two replicas serve one key at a high rate, then each takes tokens in batches and together they never exceed the bucket', async () => {
    const limits = { rpm: 1, burst: 20_000 };
    const a = counted(connect());
    const b = counted(connect());
    /** `seconds` of traffic at 1,000 requests/s per replica, in 10 ms steps. */
    const traffic = async (seconds: number) => {
      let allowed = 0;
      for (let step = 0; step < seconds * 100; step++) {
        clock += 10;
        const decisions = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).bucket.take('org:hot', limits)),
        );
        allowed += decisions.filter((d) => d.allowed).length;
      }
      return allowed;
    };
    expect(await traffic(4)).toBe(8_000);
    // Once the rate is known, one call per about 100 ms of traffic, not one per request.
    expect(a.calls() + b.calls()).toBeLessThan(8_000 / 5);
    // Until the bucket is empty: never more than it held (refill at 1 rpm is negligible), nothing
    // lost to batches, and a refused replica stops asking until Redis said a token would come.
    const calls = a.calls() + b.calls();
    const more = await traffic(8);
    expect(8_000 + more).toBeLessThanOrEqual(20_000);
    expect(8_000 + more).toBeGreaterThanOrEqual(19_900);
    expect(a.calls() + b.calls() - calls).toBeLessThan(16_000 / 5);
  });

  it('when the burst is small, then every request takes its token from Redis, exactly', async () => {
    const c = counted(redis);
    const limits = { rpm: 1, burst: 10 };
    const decisions = [];
    for (let i = 0; i < 12; i++) {
      clock += 5;
      decisions.push(await c.bucket.take('org:small', limits));
    }
    expect(decisions.map((d) => d.allowed)).toEqual([...Array(10).fill(true), false, false]);
    expect(decisions.slice(0, 3).map((d) => d.remaining)).toEqual([9, 8, 7]);
    // The twelfth is refused without asking: Redis said when the next token would come.
    expect(c.calls()).toBe(11);
  });
});
