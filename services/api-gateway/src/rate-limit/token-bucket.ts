import type { Redis } from 'ioredis';

/**
 * A token bucket per key, shared by every gateway replica: capacity = burst, refilled
 * continuously at rpm/60 tokens per second. One atomic Lua call takes tokens; the clock is
 * Redis's own (TIME), so replicas with skewed clocks agree.
 *
 * A replica serving one key at a high rate takes tokens ahead (a batch that doubles while each
 * runs out within 100 ms, else is what the last one served; at most 5% of the burst) and spends
 * them locally for up to 100 ms, so a busy
 * organization costs one Redis call per batch instead of one per request (decision 0004). The
 * shared bucket is never overdrawn; the price is precision at the edge: a replica may refuse
 * while another holds a few tokens for up to 100 ms. Tokens a batch did not use go back with
 * the replica's next call for that key (lost only if it never calls again). At low rates (or with a small burst) every request takes its one token from Redis.
 * After a refusal the replica answers 429 itself until the time Redis gave for the next token.
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
tokens = math.min(capacity, tokens + math.max(0, now - ts) * per_ms + tonumber(ARGV[4]))
local granted = math.min(tonumber(ARGV[3]), math.floor(tokens))
tokens = tokens - granted
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / per_ms) + 1000)
local retry_ms = 0
if granted == 0 then retry_ms = math.ceil((1 - tokens) / per_ms) end
local full_ms = math.ceil((capacity - tokens) / per_ms)
return { granted, math.floor(tokens), retry_ms, full_ms }
`;

/** How long tokens taken ahead stay usable by the replica that took them. */
const LEASE_MS = 100;
/** At most this share of the burst is taken ahead at once. */
const LEASE_SHARE = 0.05;
/** Keys whose local state is kept; past that, idle ones are forgotten. */
const MAX_KEYS = 10_000;

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
  remediationTakeTokens(
    key: string,
    capacity: number,
    perMs: number,
    count: number,
    returned: number,
  ): Promise<[number, number, number, number]>;
};

interface Fetched {
  granted: number;
  remaining: number;
  retryAfterMs: number;
  resetMs: number;
}

/** What a replica holds for one key: tokens taken ahead, and its own recent request rate. */
interface Local {
  tokens: number;
  expiresAt: number;
  /** Tokens left in the shared bucket at the last call, and when it would be full. */
  remaining: number;
  resetMs: number;
  /** After a refusal: until when the shared bucket cannot have a token (no need to ask). */
  refusedUntil: number;
  /** How many tokens the last call took ahead. */
  batch: number;
  fetching?: Promise<Fetched> | undefined;
}

export const createTokenBucket = (
  redis: Redis,
  prefix: string,
  now: () => number = Date.now,
): TokenBucket => {
  if (!('remediationTakeTokens' in redis)) {
    redis.defineCommand('remediationTakeTokens', { numberOfKeys: 1, lua: SCRIPT });
  }
  const r = redis as WithCommand;
  const locals = new Map<string, Local>();

  const localOf = (key: string, at: number): Local => {
    // `at`: when idle entries may be forgotten.
    let local = locals.get(key);
    if (!local) {
      if (locals.size >= MAX_KEYS) {
        for (const [k, v] of locals) if (v.expiresAt < at && !v.fetching) locals.delete(k);
      }
      local = {
        tokens: 0,
        expiresAt: 0,
        remaining: 0,
        resetMs: 0,
        refusedUntil: 0,
        batch: 0,
      };
      locals.set(key, local);
    }
    return local;
  };

  const spend = (local: Local): BucketDecision => {
    local.tokens--;
    return {
      allowed: true,
      remaining: local.remaining + Math.floor(local.tokens),
      retryAfterMs: 0,
      resetMs: local.resetMs,
    };
  };

  const fetch = async (
    key: string,
    local: Local,
    limits: { rpm: number; burst: number },
  ): Promise<Fetched> => {
    const ahead = Math.max(1, Math.floor(limits.burst * LEASE_SHARE));
    // The last batch ran out within its 100 ms: take twice as many; else as many as were used.
    const count =
      now() < local.expiresAt
        ? Math.min(ahead, Math.max(1, local.batch * 2))
        : Math.max(1, Math.min(ahead, local.batch - Math.max(0, local.tokens)));
    local.batch = count;
    // Tokens of an expired batch that were not spent go back to the shared bucket.
    const returned = Math.max(0, Math.floor(local.tokens));
    local.tokens = 0;
    const [granted, remaining, retryAfterMs, resetMs] = await r.remediationTakeTokens(
      `${prefix}:ratelimit:${key}`,
      limits.burst,
      limits.rpm / 60_000,
      count,
      returned,
    );
    local.tokens = granted;
    local.expiresAt = now() + LEASE_MS;
    local.remaining = remaining;
    local.resetMs = resetMs;
    return { granted, remaining, retryAfterMs, resetMs };
  };

  return {
    take: async (key, limits) => {
      const local = localOf(key, now());
      for (;;) {
        if (local.tokens >= 1 && now() < local.expiresAt) return spend(local);
        // Refused a moment ago: Redis said when the next token comes; until then it is no.
        const wait = local.refusedUntil - now();
        if (wait > 0) {
          return { allowed: false, remaining: 0, retryAfterMs: wait, resetMs: local.resetMs };
        }
        // One call in flight per key; requests arriving meanwhile wait for its batch.
        local.fetching ??= fetch(key, local, limits).finally(() => {
          local.fetching = undefined;
        });
        const outcome = await local.fetching;
        if (outcome.granted === 0) {
          local.refusedUntil = now() + outcome.retryAfterMs;
          return {
            allowed: false,
            remaining: outcome.remaining,
            retryAfterMs: outcome.retryAfterMs,
            resetMs: outcome.resetMs,
          };
        }
      }
    },
  };
};
