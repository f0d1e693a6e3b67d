import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { startGithubStandIn, type GithubStandIn } from '@remediation/forges/testing';
import { newId } from '@remediation/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo, type LocalRepo } from '../../../test/e2e/support/git-repo.js';
import { createHarness, type Harness } from './harness.js';

const TOKEN = 'ghp_publisherTestToken0123456789abcd';
const BEFORE =
  "'use strict';\nconst token = Math.random().toString(36).slice(2);\nmodule.exports = { token };\n";
const AFTER =
  "'use strict';\nconst crypto = require('node:crypto');\nconst token = crypto.randomBytes(16).toString('hex');\nmodule.exports = { token };\n";

let h: Harness;
let gh: GithubStandIn;
let repo: LocalRepo;
let commit: string;

beforeAll(async () => {
  h = await createHarness();
  gh = await startGithubStandIn({
    owner: 'acme',
    name: 'shop',
    auth: { kind: 'token', token: TOKEN },
  });
  repo = createLocalRepo({ 'src/session.js': BEFORE });
  commit = repo.head();
  // The same commit on the stand-in (our mirror reads the real repository, the API the stand-in).
  gh.store.seed('main', { 'src/session.js': BEFORE }, [], commit);
  h.start({ GITHUB_API_URL: gh.apiBaseUrl });
});
afterEach(() => expect(gh.violations).toEqual([]));
afterAll(async () => {
  await h?.close();
  await gh?.close();
  repo?.remove();
});

const githubFix = (token = TOKEN, settings: Record<string, unknown> = {}) =>
  h.generatedFix({
    cloneUrl: repo.url,
    provider: 'github',
    name: 'acme/shop',
    commit,
    path: 'src/session.js',
    before: BEFORE,
    after: AFTER,
    token,
    settings: { labels: ['security'], reviewers: ['alice'], draft_prs: true, ...settings },
  });

const examples = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@octokit/webhooks-examples'), 'utf8'),
) as { name: string; examples: Record<string, unknown>[] }[];
const closedExample = () =>
  structuredClone(
    examples
      .find((g) => g.name === 'pull_request')!
      .examples.find((e) => e['action'] === 'closed')!,
  ) as Record<string, Record<string, unknown>>;

describe('publishing to GitHub (a stand-in validating every request against @octokit/openapi)', () => {
  it('when a fix is published, then a draft PR opens on the base with the fix commit, labels and reviewers, and the fix carries its URL', async () => {
    const { fixId, tenant } = await githubFix();
    await h.publish.add({ fixId });
    const fix = await h.waitForFix(fixId, (s) => s !== 'generated');
    expect(fix).toMatchObject({
      status: 'pr_open',
      pr_url: expect.stringMatching(/\/acme\/shop\/pull\/\d+$/),
    });
    const pull = gh.pulls.at(-1)!;
    expect(pull).toMatchObject({ draft: true, base: 'main' });
    expect(gh.store.fileAt(pull.headSha, 'src/session.js')?.content).toBe(AFTER);
    expect(gh.store.commits.get(pull.headSha)!.parents).toEqual([commit]);
    const opened = await h.db
      .selectFrom('outbox')
      .select('envelope')
      .where('repository_id', '=', tenant.repoId)
      .where('type', '=', 'pr.opened')
      .execute();
    expect(opened[0]!.envelope).toMatchObject({ data: { pr_number: pull.number, fix_id: fixId } });
  });

  it('when GitHub answers a secondary rate limit, then the job is delayed by Retry-After instead of failing', async () => {
    gh.inject({
      operationId: 'git/create-tree',
      times: 1,
      respond: {
        status: 403,
        headers: { 'retry-after': '30' },
        body: {
          message: 'You have exceeded a secondary rate limit',
          documentation_url: 'https://docs.github.com/rest',
        },
      },
    });
    const { fixId } = await githubFix();
    const jobId = await h.publish.add({ fixId });
    await expect
      .poll(async () => (await h.publish.queue.getJob(jobId))?.getState(), { timeout: 10_000 })
      .toBe('delayed');
    const job = await h.publish.queue.getJob(jobId);
    expect(job!.delay).toBeGreaterThanOrEqual(25_000);
    expect(job!.failedReason ?? '').toBe('');
  });

  it('when the token is refused, then the fix keeps its status and says why, without the token', async () => {
    const { fixId } = await githubFix('ghp_wrongToken0000000000000000000000');
    await h.publish.add({ fixId });
    await expect
      .poll(
        async () =>
          (
            await h.db
              .selectFrom('fixes')
              .select('publish_error')
              .where('id', '=', fixId)
              .executeTakeFirstOrThrow()
          ).publish_error,
        { timeout: 10_000 },
      )
      .toMatch(/^auth: /);
    const fix = await h.db
      .selectFrom('fixes')
      .select(['status', 'publish_error'])
      .where('id', '=', fixId)
      .executeTakeFirstOrThrow();
    expect(fix.status).toBe('generated');
    expect(fix.publish_error).not.toContain('ghp_wrongToken');
  });
});

describe('closing the loop through GitHub webhooks', () => {
  it('when the job arrives before the gateway committed the event, then it waits for the row instead of losing the event', async () => {
    const { fixId } = await githubFix();
    await h.publish.add({ fixId });
    await h.waitForFix(fixId, (s) => s === 'pr_open');
    const pr = await h.db
      .selectFrom('pull_requests')
      .select('number')
      .where('fix_id', '=', fixId)
      .executeTakeFirstOrThrow();
    const payload = closedExample();
    Object.assign(payload['pull_request']!, { number: pr.number, merged: false });
    (payload['repository'] as Record<string, unknown>)['full_name'] = 'acme/shop';
    const deliveryId = newId();
    await h.forgeEvents.add({ provider: 'github', deliveryId });
    await expect
      .poll(
        async () => (await h.forgeEvents.queue.getJob(`forge-github-${deliveryId}`))?.getState(),
        { timeout: 10_000 },
      )
      .toBe('delayed');
    await h.db
      .insertInto('forge_events')
      .values({
        id: newId(),
        provider: 'github',
        delivery_id: deliveryId,
        event: 'pull_request',
        payload: JSON.stringify(payload),
      })
      .execute();
    expect((await h.waitForFix(fixId, (s) => s === 'closed')).status).toBe('closed');
  });

  it('when the PR is merged and GitHub delivers the event twice, then the fix is merged and pr.merged written once', async () => {
    const { fixId, tenant } = await githubFix();
    await h.publish.add({ fixId });
    await h.waitForFix(fixId, (s) => s === 'pr_open');
    const pr = await h.db
      .selectFrom('pull_requests')
      .select('number')
      .where('fix_id', '=', fixId)
      .executeTakeFirstOrThrow();
    const payload = closedExample();
    Object.assign(payload['pull_request']!, {
      number: pr.number,
      merged: true,
      merged_at: '2026-11-23T12:00:00Z',
      merged_by: { ...(payload['sender'] as object), login: 'carol' },
      merge_commit_sha: 'b'.repeat(40),
    });
    (payload['repository'] as Record<string, unknown>)['full_name'] = 'acme/shop';
    for (const deliveryId of [newId(), newId()]) {
      await h.db
        .insertInto('forge_events')
        .values({
          id: newId(),
          provider: 'github',
          delivery_id: deliveryId,
          event: 'pull_request',
          payload: JSON.stringify(payload),
        })
        .execute();
      await h.forgeEvents.add({ provider: 'github', deliveryId });
    }
    expect((await h.waitForFix(fixId, (s) => s === 'merged')).status).toBe('merged');
    await expect
      .poll(
        async () =>
          (
            await h.db
              .selectFrom('forge_events')
              .select('processed_at')
              .where('processed_at', 'is', null)
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBe(0);
    const merged = await h.db
      .selectFrom('outbox')
      .select('envelope')
      .where('repository_id', '=', tenant.repoId)
      .where('type', '=', 'pr.merged')
      .execute();
    expect(merged).toHaveLength(1);
    expect(merged[0]!.envelope).toMatchObject({
      data: {
        fix_id: fixId,
        merged_by: 'carol',
        merge_commit_sha: 'b'.repeat(40),
        merged_at: '2026-11-23T12:00:00.000Z',
      },
    });
  });

  it('when code scanning reports an analysis, then its SARIF is ingested once as a github_code_scanning scan', async () => {
    const { tenant } = await githubFix();
    const sarif = readFileSync(
      new URL('../../../../shared/sarif-corpus/codeql__cqa_valid-sarif.sarif', import.meta.url),
      'utf8',
    );
    gh.analyses.push({
      id: 77,
      ref: 'refs/heads/main',
      commitSha: commit,
      analysisKey: '.github/workflows/codeql.yml:analyze',
      category: 'js',
      toolName: 'CodeQL',
      createdAt: '2026-11-23T00:00:00Z',
      sarif,
    });
    const payload = structuredClone<Record<string, unknown>>(
      examples
        .find((g) => g.name === 'code_scanning_alert')!
        .examples.find((e) => e['action'] === 'created')!,
    );
    Object.assign(payload, { ref: 'refs/heads/main', commit_oid: commit });
    (payload['repository'] as Record<string, unknown>)['full_name'] = 'acme/shop';
    for (const deliveryId of [newId(), newId()]) {
      await h.db
        .insertInto('forge_events')
        .values({
          id: newId(),
          provider: 'github',
          delivery_id: deliveryId,
          event: 'code_scanning_alert',
          payload: JSON.stringify(payload),
        })
        .execute();
      await h.forgeEvents.add({ provider: 'github', deliveryId });
    }
    await expect
      .poll(
        async () =>
          (
            await h.db
              .selectFrom('forge_events')
              .select('id')
              .where('processed_at', 'is', null)
              .execute()
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0);
    const scans = await h.db
      .selectFrom('scans')
      .select(['source', 'idempotency_key', 'commit_sha', 'state'])
      .where('repository_id', '=', tenant.repoId)
      .where('source', '=', 'github_code_scanning')
      .execute();
    expect(scans).toEqual([
      {
        source: 'github_code_scanning',
        idempotency_key: 'github-analysis:77',
        commit_sha: commit,
        state: 'queued',
      },
    ]);
  });
});
