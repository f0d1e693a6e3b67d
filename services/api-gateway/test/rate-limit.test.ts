import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, expectError, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** Sends requests (round-robin over apps) until the first 429; returns what was allowed and the refusal. */
const drain = async (apps: Express[], auth: string, max: number) => {
  const started = Date.now();
  let allowed = 0;
  for (let i = 0; i < max; i++) {
    const res = await request(apps[i % apps.length]!)
      .get('/v1/repositories')
      .set('Authorization', auth);
    if (res.status === 429)
      return { allowed, refused: res, elapsedS: (Date.now() - started) / 1000 };
    expect(res.status).toBe(200);
    allowed++;
  }
  throw new Error(`no 429 after ${max} requests`);
};

/** Polls (no fixed sleep) until a request is allowed again, up to the timeout. */
const untilAllowed = async (app: Express, auth: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app).get('/v1/repositories').set('Authorization', auth);
    if (res.status === 200 || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('rate limits per organization', () => {
  it('when a Standard organization bursts, then 10 pass, the next is 429 with Retry-After, and tokens refill at 1/s', async () => {
    const { auth } = await createTenant(h.db, { tier: 'standard', unlimited: false });
    const first = await request(h.app).get('/v1/repositories').set('Authorization', auth);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '10', 'ratelimit-remaining': '9' });
    const { allowed, refused, elapsedS } = await drain([h.app], auth, 40);
    expect(allowed + 1).toBeGreaterThanOrEqual(10);
    expect(allowed + 1).toBeLessThanOrEqual(10 + Math.ceil(elapsedS * 1));
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['ratelimit-remaining']).toBe('0');

    const refilled = await untilAllowed(h.app, auth, 3_000);
    expect(refilled.status).toBe(200);
    expect((await request(h.app).get('/v1/repositories').set('Authorization', auth)).status).toBe(
      429,
    );
  });

  it('when an Enterprise organization bursts, then 50 pass before the first 429', async () => {
    const { auth } = await createTenant(h.db, { tier: 'enterprise', unlimited: false });
    const { allowed, refused, elapsedS } = await drain([h.app], auth, 200);
    expect(allowed).toBeGreaterThanOrEqual(50);
    expect(allowed).toBeLessThanOrEqual(50 + Math.ceil(elapsedS * 5));
    expect(refused.headers['ratelimit-limit']).toBe('50');
    expectError(refused, 429, 'rate_limited');
  });

  it('when two gateway replicas share Redis, then they share one bucket', async () => {
    const { auth } = await createTenant(h.db, { tier: 'standard', unlimited: false });
    const replicaA = h.makeApp();
    const replicaB = h.makeApp();
    const { allowed, elapsedS } = await drain([replicaA, replicaB], auth, 40);
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(10 + Math.ceil(elapsedS));
  });

  it('when one organization is limited, then another organization is not', async () => {
    const a = await createTenant(h.db, { tier: 'standard', unlimited: false });
    const b = await createTenant(h.db, { tier: 'standard', unlimited: false });
    await drain([h.app], a.auth, 40);
    expect((await request(h.app).get('/v1/repositories').set('Authorization', b.auth)).status).toBe(
      200,
    );
  });

  it('when the token is invalid, then 401 comes before any rate limiting', async () => {
    const res = await request(h.app).get('/v1/repositories').set('Authorization', 'Bearer nope');
    expectError(res, 401, 'unauthorized');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});
