import { describe, expect, it } from 'vitest';
import { EndpointLimiter } from './endpoint-limiter.js';

describe('endpoint limiter', () => {
  it('when one endpoint is at its limit, then its next caller waits while other endpoints proceed', async () => {
    const limiter = new EndpointLimiter(2);
    const a1 = await limiter.acquire('a');
    await limiter.acquire('a');
    let third = false;
    const waiting = limiter.acquire('a').then((release) => {
      third = true;
      return release;
    });
    const b = await limiter.acquire('b');
    expect(third).toBe(false);
    a1();
    a1();
    (await waiting)();
    expect(third).toBe(true);
    b();
  });
});
