import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { startGithubStandIn, type GithubStandIn } from '@remediation/forges/testing';
import { createSecretBox, parseKey } from '@remediation/security';
import { saveRepositoryCredentials } from '@remediation/source-access';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api.js';
import { RECEIVER_CA_FILE, startReceiver } from './dashboard/receiver.js';
import { startStack, type Stack } from './stack.js';
import { createLocalRepo, type LocalRepo } from './support/git-repo.js';
import { createOrgToken, createTenant } from './tenant.js';

const TOKEN = 'ghp_e2eLoopToken0123456789abcdefghij';
const HOOK_SECRET = 'forge-webhook-secret-for-the-e2e-test';
const SESSION = `'use strict';

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId };
`;

let database: TestDatabase;
let stack: Stack;
let gh: GithubStandIn;
let repo: LocalRepo;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack(database.url);
  gh = await startGithubStandIn({
    owner: 'acme',
    name: 'shop',
    auth: { kind: 'token', token: TOKEN },
  });
  repo = createLocalRepo({ 'src/session.js': SESSION });
  gh.store.seed('main', { 'src/session.js': SESSION }, [], repo.head());
  receiver = await startReceiver();
  await stack.start('api-gateway', { GITHUB_WEBHOOK_SECRET: HOOK_SECRET });
  await stack.start('sarif-ingest');
  await stack.start('triage');
  await stack.start('fixer');
  await stack.start('pr-publisher', { GITHUB_API_URL: gh.apiBaseUrl });
  await stack.start('webhook-dispatcher', {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_CA_FILE: RECEIVER_CA_FILE,
  });
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await gh?.close();
  repo?.remove();
  await database?.destroy();
});

const events = () =>
  receiver.received.map((r) => ({
    ...r,
    event: JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
  }));

it('upload → triage → fix → PR on GitHub → merge reported by the signed webhook → pr.merged delivered, signed, to the subscriber', async () => {
  const { repoId, token } = await createTenant(database.db, database.url, 'loop', repo.url);
  await database.db
    .updateTable('repositories')
    .set({
      provider: 'github',
      name: 'acme/shop',
      settings: JSON.stringify({
        auto_fix: true,
        auto_pr: true,
        draft_prs: false,
        labels: ['security'],
      }),
    })
    .where('id', '=', repoId)
    .execute();
  await saveRepositoryCredentials(
    database.db,
    createSecretBox(parseKey(stack.secretsKey)),
    repoId,
    { kind: 'token', token: TOKEN },
  );
  // An organization token registers the subscriber (repository tokens may not).
  const admin = api(stack.url, await createOrgToken(database.url, 'loop'));
  const hook = await admin.call<{ secret: string }>(
    'POST',
    '/webhooks',
    Buffer.from(JSON.stringify({ url: receiver.url, events: ['*'] })),
    { 'Content-Type': 'application/json' },
  );
  expect(hook.status).toBe(201);

  const client = api(stack.url, token);
  const sarif = {
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'CodeQL',
            rules: [
              {
                id: 'js/insecure-randomness',
                properties: {
                  precision: 'high',
                  'security-severity': '7.8',
                  tags: ['security', 'external/cwe/cwe-338'],
                },
              },
            ],
          },
        },
        results: [
          {
            ruleId: 'js/insecure-randomness',
            ruleIndex: 0,
            level: 'error',
            message: {
              text: 'This uses a cryptographically insecure random number generated at Math.random() in a security context.',
            },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: 'src/session.js' },
                  region: { startLine: 4, startColumn: 10, endLine: 4, endColumn: 23 },
                },
              },
            ],
          },
        ],
      },
    ],
  };
  const res = await client.upload(
    repoId,
    Buffer.from(JSON.stringify(sarif)),
    {},
    `?commit_sha=${repo.head()}`,
  );
  expect(res.status).toBe(202);
  const scan = await client.waitForScan(repoId, res.body.scan_id, 60_000);
  expect(scan).toMatchObject({ state: 'completed', fixes_generated: 1 });

  // The fix is published as a pull request on GitHub.
  let fix: { id: string; status: string; pr_url: string | null } | undefined;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await client.call<{
      data: { id: string; status: string; pr_url: string | null }[];
    }>('GET', `/repositories/${repoId}/fixes`);
    fix = list.body.data[0];
    if (fix?.status === 'pr_open') break;
    if (Date.now() > deadline)
      throw new Error(`no PR: ${JSON.stringify(fix)} ${stack.output('pr-publisher')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pull = gh.pulls.at(-1)!;
  expect(fix.pr_url).toMatch(new RegExp(`/acme/shop/pull/${pull.number}$`));
  expect(gh.store.fileAt(pull.headSha, 'src/session.js')?.content).toContain(
    "crypto.randomBytes(16).toString('hex')",
  );
  expect(gh.violations).toEqual([]);

  // A reviewer merges it; GitHub tells the gateway (signed), twice for good measure.
  gh.merge(pull.number, 'carol');
  const examples = JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('@octokit/webhooks-examples'), 'utf8'),
  ) as { name: string; examples: Record<string, Record<string, unknown>>[] }[];
  const payload = structuredClone(
    examples
      .find((g) => g.name === 'pull_request')!
      .examples.find((e) => (e['action'] as unknown) === 'closed')!,
  );
  Object.assign(payload['pull_request']!, {
    number: pull.number,
    merged: true,
    merged_at: new Date().toISOString(),
    merged_by: { ...(payload['sender'] as object), login: 'carol' },
    merge_commit_sha: gh.store.refs.get('refs/heads/main'),
  });
  payload['repository']!['full_name'] = 'acme/shop';
  const body = JSON.stringify(payload);
  for (const delivery of ['d-1', 'd-2']) {
    const hookRes = await fetch(`${stack.url}/v1/integrations/github/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-github-delivery': delivery,
        'x-hub-signature-256': `sha256=${createHmac('sha256', HOOK_SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    expect(hookRes.status).toBe(202);
  }

  // The subscriber receives every event of the loop, signed, and pr.merged exactly once.
  const until = Date.now() + 60_000;
  while (!events().some((e) => e.event.type === 'pr.merged')) {
    if (Date.now() > until)
      throw new Error(
        `no pr.merged: ${JSON.stringify(events().map((e) => e.event.type))} ${stack.output('pr-publisher')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  const types = events().map((e) => e.event.type);
  for (const t of ['triage.completed', 'scan.completed', 'fix.generated', 'pr.opened', 'pr.merged'])
    expect(types).toContain(t);
  expect(types.filter((t) => t === 'pr.merged')).toHaveLength(1);
  for (const e of events()) {
    expect(e.headers['x-service-signature']).toBe(
      createHmac('sha256', hook.body.secret).update(e.body).digest('hex'),
    );
  }
  const merged = events().find((e) => e.event.type === 'pr.merged')!.event;
  expect(merged.data).toMatchObject({
    fix_id: fix.id,
    merged_by: 'carol',
    pr_number: pull.number,
    codemod: 'remediate:js/insecure-randomness',
  });
  const after = await client.call<{ status: string }>('GET', `/fixes/${fix.id}`);
  expect(after.body.status).toBe('merged');
});
