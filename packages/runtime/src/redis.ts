import { Redis } from 'ioredis';

export type { Redis };

/**
 * `worker`: retries forever (BullMQ workers need `maxRetriesPerRequest: null`).
 * `producer`: fails fast while Redis is down so the API can answer 503 instead of hanging.
 */
export type RedisRole = 'worker' | 'producer';

export const createRedis = (url: string, role: RedisRole): Redis =>
  new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    connectTimeout: 5_000,
    lazyConnect: false,
  });
