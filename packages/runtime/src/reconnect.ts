import type { Redis } from 'ioredis';

/**
 * Calls `fn` each time `redis` is ready again after having been connected once: the moment to
 * look for work a restarted or failed-over Redis may have lost, rather than waiting for the
 * next periodic sweep.
 */
export const onRedisReconnect = (redis: Redis, fn: () => void): void => {
  let connected = redis.status === 'ready';
  redis.on('ready', () => {
    if (connected) fn();
    connected = true;
  });
};
