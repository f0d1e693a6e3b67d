import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, workerChecks, type HealthServer } from './health.js';
import { createMetricsRegistry } from './metrics.js';

let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const get = async (path: string) => {
  const res = await fetch(`http://127.0.0.1:${server!.port}${path}`);
  return { status: res.status, text: await res.text() };
};

describe('health server', () => {
  it('when not yet ready, then /livez is 200 and /readyz 503; once ready and checks pass, 200', async () => {
    server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      registry: createMetricsRegistry('t'),
      checks: { db: () => Promise.resolve() },
    });
    expect((await get('/livez')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(503);
    server.setReady(true);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'ok', checks: { db: 'ok' } });
  });

  it('when a dependency check fails, then /readyz is 503 naming it and /livez stays 200', async () => {
    server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      registry: createMetricsRegistry('t'),
      checks: { redis: () => Promise.reject(new Error('connection refused')) },
    });
    server.setReady(true);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).checks).toEqual({ redis: 'connection refused' });
    expect((await get('/livez')).status).toBe(200);
  });

  it('when /metrics is scraped, then Prometheus text with process metrics and the service label is returned', async () => {
    server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      registry: createMetricsRegistry('svc-x'),
      checks: {},
    });
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/process_cpu_seconds_total\{service="svc-x"\}/);
  });
});

describe('workerChecks', () => {
  it('passes when PostgreSQL and Redis answer and the worker runs; names what fails otherwise', async () => {
    let running = true;
    const checks = workerChecks({
      pingPostgres: () => Promise.resolve(1),
      redis: { ping: () => Promise.resolve('PONG') },
      workers: [
        { name: 'fix', isRunning: () => running },
        { name: 'forge-event', isRunning: () => true },
      ],
    });
    await expect(Promise.all(Object.values(checks).map((c) => c()))).resolves.toBeDefined();
    running = false;
    await expect(checks['workers']!()).rejects.toThrow('worker not running: fix');
    const down = workerChecks({
      pingPostgres: () => Promise.reject(new Error('connection refused')),
      redis: { ping: () => Promise.reject(new Error('redis down')) },
      workers: [{ name: 'w', isRunning: () => true }],
    });
    await expect(down['postgres']!()).rejects.toThrow('connection refused');
    await expect(down['redis']!()).rejects.toThrow('redis down');
  });
});
