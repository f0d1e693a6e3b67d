import { randomUUID } from 'node:crypto';
import { QUEUES } from '@remediation/contracts';
import { createRedis, createWorker, type Redis } from '@remediation/runtime';
import { UnrecoverableError, type Queue } from 'bullmq';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_DASHBOARD_CSP, registryQueues } from '../src/admin/queue-dashboard.js';
import { DASHBOARD_CSP } from '../src/dashboard/security-headers.js';
import { createHarness, expectError, type Harness } from './harness.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const credentials = { username: 'ops', password: 'a long operator passphrase' };
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const OPERATOR = basic(credentials.username, credentials.password);

let h: Harness;
let queues: Queue[];
let app: Express;
let workerRedis: Redis;

beforeAll(async () => {
  h = await createHarness();
  queues = registryQueues(h.redis, h.prefix);
  app = h.makeApp({}, { queueDashboard: { queues, credentials } });
  workerRedis = createRedis(REDIS_URL, 'worker');
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.close()));
  await workerRedis.quit();
  await h.close();
});

/** A triage job that failed for good, as an operator would find it. */
const failedTriageJob = async (): Promise<string> => {
  const worker = createWorker(
    QUEUES.triage,
    () => Promise.reject(new UnrecoverableError('broken on purpose')),
    { connection: workerRedis, prefix: h.prefix },
  );
  const failed = new Promise<string>((resolve) =>
    worker.on('failed', (job) => job && resolve(job.id!)),
  );
  const triage = queues.find((q) => q.name === QUEUES.triage.name)!;
  await triage.add('triage', { scanId: randomUUID(), batchId: randomUUID() });
  void worker.run();
  const id = await failed;
  await worker.close();
  return id;
};

describe('the queue dashboard', () => {
  it('when no operator credentials are configured, then /admin/queues is not found', async () => {
    const off = h.makeApp();
    expectError(await request(off).get('/admin/queues'), 404, 'not_found');
    expectError(
      await request(off).get('/admin/queues/api/queues').set('Authorization', OPERATOR),
      404,
      'not_found',
    );
  });

  it('when credentials are missing, wrong or malformed, then 401 with a Basic challenge', async () => {
    const attempts = [
      undefined,
      basic(credentials.username, 'not the passphrase'),
      basic('root', credentials.password),
      basic(credentials.username, `${credentials.password} `),
      'Basic not-base64!',
      `Bearer ${credentials.password}`,
    ];
    for (const authorization of attempts) {
      const req = request(app).get('/admin/queues/api/queues');
      const res = await (authorization ? req.set('Authorization', authorization) : req);
      expectError(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(JSON.stringify(res.body)).not.toContain(credentials.password);
    }
  });

  it('when an operator asks for the queues, then every queue of the registry is listed', async () => {
    const res = await request(app).get('/admin/queues/api/queues').set('Authorization', OPERATOR);
    expect(res.status).toBe(200);
    const names = (res.body as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual(
      Object.values(QUEUES)
        .map((d) => d.name)
        .sort(),
    );
  });

  it('when the page is served, then it carries its own CSP, not the web dashboard one', async () => {
    const res = await request(app).get('/admin/queues').set('Authorization', OPERATOR);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toBe(QUEUE_DASHBOARD_CSP);
    expect(res.headers['content-security-policy']).not.toBe(DASHBOARD_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.text).toContain('<base href="/admin/queues/"');
  });

  it('when an operator retries then cleans failed jobs, then the job waits to run again and the cleaned one is gone', async () => {
    const triage = queues.find((q) => q.name === QUEUES.triage.name)!;
    const id = await failedTriageJob();
    expect(await triage.getJobState(id)).toBe('failed');

    const retry = await request(app)
      .put(`/admin/queues/api/queues/${QUEUES.triage.name}/retry/failed`)
      .set('Authorization', OPERATOR);
    expect(retry.status).toBe(200);
    expect(await triage.getJobState(id)).toBe('waiting');

    await triage.remove(id);
    const again = await failedTriageJob();
    // The bulk clean spares jobs that failed in the last 5 s; an operator cleans a fresh one by id.
    const clean = await request(app)
      .put(`/admin/queues/api/queues/${QUEUES.triage.name}/${again}/clean`)
      .set('Authorization', OPERATOR);
    expect(clean.status).toBe(204);
    expect(await triage.getJob(again)).toBeUndefined();
  });

  it('when a change comes from another origin or bypasses the registry, then it is refused', async () => {
    const crossSite = await request(app)
      .put(`/admin/queues/api/queues/${QUEUES.triage.name}/clean/failed`)
      .set('Authorization', OPERATOR)
      .set('Origin', 'https://evil.example');
    expectError(crossSite, 403, 'forbidden');
    for (const [method, path] of [
      ['post', `/admin/queues/api/queues/${QUEUES.triage.name}/add`],
      ['put', `/admin/queues/api/queues/${QUEUES.triage.name}/obliterate`],
      ['put', `/admin/queues/api/queues/${QUEUES.triage.name}/empty`],
      ['patch', `/admin/queues/api/queues/${QUEUES.triage.name}/some-job/update-data`],
    ] as const) {
      expectError(
        await request(app)[method](path).set('Authorization', OPERATOR),
        403,
        'forbidden',
      );
    }
  });
});
