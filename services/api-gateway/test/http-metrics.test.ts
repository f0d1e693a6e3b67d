import { Registry } from 'prom-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** A sample by its series name (a histogram's `_count` too) and labels. */
const sample = async (registry: Registry, name: string, labels: Record<string, string>) => {
  for (const metric of await registry.getMetricsAsJSON()) {
    const found = metric.values.find(
      (v) =>
        ((v as { metricName?: string }).metricName ?? metric.name) === name &&
        Object.entries(labels).every(([k, l]) => v.labels[k] === l),
    );
    if (found) return found.value;
  }
  return undefined;
};

describe('HTTP metrics', () => {
  it('when requests are answered, then they are counted by method, route template and status, with their latency', async () => {
    const registry = new Registry();
    const app = h.makeApp({}, { registry });
    const { repo, auth } = await createTenant(h.db);
    await request(app).get(`/v1/repositories/${repo.id}`).set('Authorization', auth).expect(200);
    await request(app).get(`/v1/repositories/${repo.id}`).set('Authorization', auth).expect(200);
    await request(app).get(`/v1/repositories/${repo.id}`).expect(401);
    await request(app).get('/no/such/path').expect(404);

    const route = '/v1/repositories/:id';
    const count = (labels: Record<string, string>) =>
      sample(registry, 'remediation_http_requests_total', labels);
    expect(await count({ method: 'GET', route, status: '200' })).toBe(2);
    expect(await count({ method: 'GET', route, status: '401' })).toBe(1);
    expect(await count({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(
      await sample(registry, 'remediation_http_request_duration_seconds_count', {
        method: 'GET',
        route,
      }),
    ).toBe(3);
    const text = await registry.metrics();
    // The raw path (with the id) never becomes a label value.
    expect(text).not.toContain(repo.id);
  });
});
