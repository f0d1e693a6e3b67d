import type { Redis } from 'ioredis';

/**
 * A token bucket per key, shared by every gateway replica: capacity = burst, refilled
 * continuously at rpm/60 tokens per second. One atomic Lua call per request; the clock is
 * Redis's own (TIME), so replicas with skewed clocks agree.
 *
 * Written here rather than taken from rate-limiter-flexible: that library's Redis limiters
 * are fixed or sliding windows, not a continuously refilled bucket with a separate burst.
 */
const SCRIPT = `
local capacity = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = capacity
  ts = now
end
tokens = math.min(capacity, tokens + math.max(0, now - ts) * per_ms)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / per_ms) + 1000)
local retry_ms = 0
if allowed == 0 then retry_ms = math.ceil((1 - tokens) / per_ms) end
local full_ms = math.ceil((capacity - tokens) / per_ms)
return { allowed, math.floor(tokens), retry_ms, full_ms }
`;

export interface BucketDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** When refused: milliseconds until one token is available. */
  retryAfterMs: number;
  /** Milliseconds until the bucket is full again. */
  resetMs: number;
}

export interface TokenBucket {
  take(key: string, limits: { rpm: number; burst: number }): Promise<BucketDecision>;
}

type WithCommand = Redis & {
  remediationTakeToken(
    key: string,
    capacity: number,
    perMs: number,
  ): Promise<[number, number, number, number]>;
};

export const createTokenBucket = (redis: Redis, prefix: string): TokenBucket => {
  if (!('remediationTakeToken' in redis)) {
    redis.defineCommand('remediationTakeToken', { numberOfKeys: 1, lua: SCRIPT });
  }
  const r = redis as WithCommand;
  return {
    take: async (key, limits) => {
      const [allowed, remaining, retryAfterMs, resetMs] = await r.remediationTakeToken(
        `${prefix}:ratelimit:${key}`,
        limits.burst,
        limits.rpm / 60_000,
      );
      return { allowed: allowed === 1, remaining, retryAfterMs, resetMs };
    },
  };
};
