import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { QUEUES } from '@remediation/contracts';
import { createLogger } from '@remediation/runtime';
import { Queue } from 'bullmq';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, expectError, unreachableProducer, type Harness } from './harness.js';

const GITHUB_SECRET = 'gh-webhook-secret-0123456789';
const GITLAB_TOKEN = 'gl-webhook-token-0123456789';

interface ExampleGroup {
  name: string;
  examples: Record<string, unknown>[];
}
const examples = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@octokit/webhooks-examples'), 'utf8'),
) as ExampleGroup[];
const example = (name: string, action?: string) =>
  examples
    .find((g) => g.name === name)!
    .examples.find((e) => action === undefined || e['action'] === action)!;

// GitLab publishes no example payloads on npm: the merge request event of GitLab's webhook documentation, trimmed.
const gitlabMergeRequest = {
  object_kind: 'merge_request',
  event_type: 'merge_request',
  user: { id: 1, name: 'Administrator', username: 'root' },
  project: {
    id: 1,
    name: 'Gitlab Test',
    path_with_namespace: 'gitlabhq/gitlab-test',
    web_url: 'https://gitlab.example/gitlabhq/gitlab-test',
    default_branch: 'master',
  },
  object_attributes: {
    id: 99,
    iid: 1,
    target_branch: 'master',
    source_branch: 'remediation/fix-1',
    title: 'Fix SQL injection',
    state: 'merged',
    merge_commit_sha: 'b'.repeat(40),
    created_at: '2013-12-03T17:23:34Z',
    updated_at: '2013-12-03 17:23:34 UTC',
    url: 'https://gitlab.example/gitlabhq/gitlab-test/-/merge_requests/1',
    action: 'merge',
  },
};

const sign = (body: string, secret = GITHUB_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let h: Harness;
let app: Express;
let queue: Queue;
const logLines: string[] = [];
beforeAll(async () => {
  h = await createHarness();
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = h.makeApp(
    {
      integrations: {
        githubWebhookSecret: GITHUB_SECRET,
        gitlabWebhookToken: GITLAB_TOKEN,
        forgeWebhookMaxBytes: 64 * 1024,
        sarifReplayWindowMs: 300_000,
      },
    },
    { logger: createLogger({ service: 'test', level: 'info', destination }) },
  );
  queue = new Queue(QUEUES.forgeEvent.name, { connection: h.redis, prefix: h.prefix });
});
afterAll(async () => {
  await queue.close();
  await h.close();
});

/** Sends the bytes as they are (supertest would re-encode an object). */
const identity = (body: unknown) => body as string;

const github = (target: Express, body: string, headers: Record<string, string | undefined>) => {
  let req = request(target)
    .post('/v1/integrations/github/events')
    .set('Content-Type', 'application/json');
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) req = req.set(k, v);
  return req.serialize(identity).send(body);
};

const gitlab = (body: string, headers: Record<string, string | undefined>) => {
  let req = request(app)
    .post('/v1/integrations/gitlab/events')
    .set('Content-Type', 'application/json');
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) req = req.set(k, v);
  return req.serialize(identity).send(body);
};

const stored = (provider: string, deliveryId: string) =>
  h.db
    .selectFrom('forge_events')
    .selectAll()
    .where('provider', '=', provider)
    .where('delivery_id', '=', deliveryId)
    .execute();

const githubHeaders = (body: string, deliveryId: string, event = 'pull_request') => ({
  'X-GitHub-Event': event,
  'X-GitHub-Delivery': deliveryId,
  'X-Hub-Signature-256': sign(body),
});

describe('POST /v1/integrations/github/events', () => {
  const body = JSON.stringify(example('pull_request', 'closed'));

  it('when a signed pull_request closed delivery arrives, then 202, the payload is stored once and one forge-event job is queued', async () => {
    const deliveryId = randomUUID();
    const res = await github(app, body, githubHeaders(body, deliveryId));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const rows = await stored('github', deliveryId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'pull_request', processed_at: null });
    expect(rows[0]!.payload).toEqual(JSON.parse(body));
    const job = await queue.getJob(`forge-github-${deliveryId}`);
    expect(job?.data).toEqual({ provider: 'github', deliveryId });
    expect(job?.opts.attempts).toBe(5);
  });

  it('when GitHub redelivers the same delivery, then 202 duplicate and still one row and one job', async () => {
    const deliveryId = randomUUID();
    const first = await github(app, body, githubHeaders(body, deliveryId));
    const again = await github(app, body, githubHeaders(body, deliveryId));
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await stored('github', deliveryId)).toHaveLength(1);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.filter((j) => j.data.deliveryId === deliveryId)).toHaveLength(1);
  });

  it('when a redelivered event was processed already, then no job is queued again; an unprocessed one whose job is gone is queued again', async () => {
    const processed = randomUUID();
    const lost = randomUUID();
    for (const id of [processed, lost]) await github(app, body, githubHeaders(body, id));
    await h.db
      .updateTable('forge_events')
      .set({ processed_at: new Date() })
      .where('delivery_id', '=', processed)
      .execute();
    for (const id of [processed, lost]) await (await queue.getJob(`forge-github-${id}`))!.remove();

    for (const id of [processed, lost])
      expect((await github(app, body, githubHeaders(body, id))).body).toEqual({
        received: true,
        duplicate: true,
      });
    expect(await queue.getJob(`forge-github-${processed}`)).toBeUndefined();
    expect((await queue.getJob(`forge-github-${lost}`))?.data).toEqual({
      provider: 'github',
      deliveryId: lost,
    });
  });

  it('when the signature is missing, made with another secret, or over another body, then 401 unauthorized and nothing is stored', async () => {
    const deliveryId = randomUUID();
    const cases = [
      { ...githubHeaders(body, deliveryId), 'X-Hub-Signature-256': undefined },
      { ...githubHeaders(body, deliveryId), 'X-Hub-Signature-256': sign(body, 'other-secret') },
      { ...githubHeaders(body, deliveryId), 'X-Hub-Signature-256': sign(`${body} `) },
      {
        ...githubHeaders(body, deliveryId),
        'X-Hub-Signature-256': `sha1=${createHmac('sha1', GITHUB_SECRET).update(body).digest('hex')}`,
      },
    ];
    for (const headers of cases) expectError(await github(app, body, headers), 401, 'unauthorized');
    expect(await stored('github', deliveryId)).toHaveLength(0);
    expect(await queue.getJob(`forge-github-${deliveryId}`)).toBeUndefined();
  });

  it('when a signed delivery lacks X-GitHub-Delivery or X-GitHub-Event, or its body is not JSON, then 400', async () => {
    const { 'X-GitHub-Delivery': _, ...noDelivery } = githubHeaders(body, randomUUID());
    expectError(await github(app, body, noDelivery), 400, 'validation_failed');
    const { 'X-GitHub-Event': __, ...noEvent } = githubHeaders(body, randomUUID());
    expectError(await github(app, body, noEvent), 400, 'validation_failed');
    const broken = '{"action": "closed",';
    const res = await github(app, broken, githubHeaders(broken, randomUUID()));
    expect(expectError(res, 400, 'validation_failed').message).toMatch(/not valid JSON/);
    const colon = githubHeaders(body, 'a:b');
    expectError(await github(app, body, colon), 400, 'validation_failed');
  });

  it('when an event nothing acts on arrives (ping), then 202 with the reason and nothing is stored or queued', async () => {
    const ping = JSON.stringify(example('ping'));
    const deliveryId = randomUUID();
    const res = await github(app, ping, githubHeaders(ping, deliveryId, 'ping'));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      received: true,
      duplicate: false,
      ignored: expect.stringMatching(/ping/) as string,
    });
    expect(await stored('github', deliveryId)).toHaveLength(0);
    expect(await queue.getJob(`forge-github-${deliveryId}`)).toBeUndefined();
  });

  it('when the body is larger than FORGE_WEBHOOK_MAX_BYTES, then 413', async () => {
    const big = JSON.stringify({ ...example('pull_request', 'closed'), pad: 'x'.repeat(70_000) });
    expectError(await github(app, big, githubHeaders(big, randomUUID())), 413, 'payload_too_large');
  });

  it('when Redis is unreachable, then 503 with Retry-After and nothing is stored', async () => {
    const dead = await unreachableProducer(QUEUES.forgeEvent, h.prefix);
    const deadForgeEvents = dead.producer;
    const deadApp = h.makeApp(
      {
        integrations: {
          githubWebhookSecret: GITHUB_SECRET,
          forgeWebhookMaxBytes: 64 * 1024,
          sarifReplayWindowMs: 300_000,
        },
      },
      { forgeEvents: deadForgeEvents },
    );
    const deliveryId = randomUUID();
    try {
      const res = await github(deadApp, body, githubHeaders(body, deliveryId));
      expectError(res, 503, 'service_unavailable');
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await dead.close();
    }
    expect(await stored('github', deliveryId)).toHaveLength(0);
  });

  it('when no GitHub secret is configured, then the endpoint answers 404 not_found even to a signed delivery', async () => {
    const res = await github(h.app, body, githubHeaders(body, randomUUID()));
    expectError(res, 404, 'not_found');
  });

  it('when deliveries were received, then the log names them but holds neither the secret nor the payload', () => {
    const lines = logLines.filter((l) => l.includes('forge event received'));
    expect(lines.length).toBeGreaterThan(0);
    const all = logLines.join('\n');
    expect(all).not.toContain(GITHUB_SECRET);
    const payload = example('pull_request', 'closed') as { pull_request: { title: string } };
    expect(all).not.toContain(payload.pull_request.title);
  });
});

describe('POST /v1/integrations/gitlab/events', () => {
  const body = JSON.stringify(gitlabMergeRequest);
  const headers = (deliveryId: string, token: string | null = GITLAB_TOKEN) => ({
    'X-Gitlab-Event': 'Merge Request Hook',
    'X-Gitlab-Token': token ?? undefined,
    'Idempotency-Key': deliveryId,
    'X-Gitlab-Event-UUID': randomUUID(),
  });

  it('when a merge_request delivery carries the secret token, then 202, it is stored as merge_request and queued once across retries', async () => {
    const deliveryId = randomUUID();
    const first = await gitlab(body, headers(deliveryId));
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ received: true, duplicate: false });
    // A retry keeps Idempotency-Key; X-Gitlab-Event-UUID may differ.
    const retry = await gitlab(body, headers(deliveryId));
    expect(retry.body).toEqual({ received: true, duplicate: true });
    const rows = await stored('gitlab', deliveryId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'merge_request', payload: gitlabMergeRequest });
    expect((await queue.getJob(`forge-gitlab-${deliveryId}`))?.data).toEqual({
      provider: 'gitlab',
      deliveryId,
    });
  });

  it('when GitLab sends no Idempotency-Key (before 17.4), then X-Gitlab-Event-UUID is the delivery id', async () => {
    const uuid = randomUUID();
    const res = await gitlab(body, {
      ...headers('unused'),
      'Idempotency-Key': undefined,
      'X-Gitlab-Event-UUID': uuid,
    });
    expect(res.status).toBe(202);
    expect(await stored('gitlab', uuid)).toHaveLength(1);
  });

  it('when the token is wrong or missing, then 401 unauthorized and nothing is stored', async () => {
    const deliveryId = randomUUID();
    expectError(await gitlab(body, headers(deliveryId, 'wrong')), 401, 'unauthorized');
    expectError(await gitlab(body, headers(deliveryId, null)), 401, 'unauthorized');
    expect(await stored('gitlab', deliveryId)).toHaveLength(0);
  });

  it('when a delivery has neither Idempotency-Key nor X-Gitlab-Event-UUID, then 400', async () => {
    const res = await gitlab(body, {
      ...headers('unused'),
      'Idempotency-Key': undefined,
      'X-Gitlab-Event-UUID': undefined,
    });
    expectError(res, 400, 'validation_failed');
  });

  it('when a pipeline event arrives, then 202 ignored and nothing is stored', async () => {
    const deliveryId = randomUUID();
    const pipeline = JSON.stringify({
      object_kind: 'pipeline',
      project: gitlabMergeRequest.project,
    });
    const res = await gitlab(pipeline, {
      ...headers(deliveryId),
      'X-Gitlab-Event': 'Pipeline Hook',
    });
    expect(res.body).toMatchObject({ received: true, ignored: expect.any(String) as string });
    expect(await stored('gitlab', deliveryId)).toHaveLength(0);
  });
});
