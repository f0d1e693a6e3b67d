import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { generateToken } from '@remediation/security';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECEIVER_CA_FILE, startReceiver } from '../dashboard/receiver.js';
import { startStack, type ServiceName, type Stack } from '../stack.js';
import { createLocalRepo, type LocalRepo } from '../support/git-repo.js';
import { insertTenant } from '../support/tenant.js';
import { startOtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
import { deployables } from './services.js';

/** A session id from Math.random: CodeQL's js/insecure-randomness, which has a codemod. */
const SESSION = `'use strict';

const express = require('express');

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId, express };
`;

/** The span each hop adds to the upload's trace, by the service that runs it. */
const HOPS: Record<string, string> = {
  'sarif-ingest': 'process sarif-ingest',
  triage: 'process triage',
  fixer: 'process fix',
  'pr-publisher': 'process pr-publish',
  'webhook-dispatcher': 'webhook deliver',
};

let database: TestDatabase;
let stack: Stack;
let repo: LocalRepo;
let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
let hooks: Awaited<ReturnType<typeof startReceiver>>;
const services = deployables();

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createLocalRepo({ 'src/session.js': SESSION });
  otlp = await startOtlpReceiver();
  hooks = await startReceiver();
  stack = await startStack(database.url);
  const env = {
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    // Spans leave each process within 100 ms instead of 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_CA_FILE: RECEIVER_CA_FILE,
    GIT_ALLOWED_PROTOCOLS: 'file',
    GIT_MIRROR_DIR: mkdtempSync(join(tmpdir(), 'trace-mirrors-')),
  };
  for (const name of services) await stack.start(name, env);
});
afterAll(async () => {
  await stack?.stop();
  await hooks?.close();
  await otlp?.close();
  await database?.destroy();
  repo?.remove();
});

/** An organization-wide token on an organization without rate limits. */
const tenant = async () => {
  const t = await insertTenant(database.db, repo.url, { auto_fix: true, auto_pr: true });
  await database.db
    .updateTable('organizations')
    .set({ rate_limit_rpm: 1_000_000, rate_limit_burst: 1_000_000 })
    .where('id', '=', t.orgId)
    .execute();
  const generated = generateToken();
  await database.db
    .insertInto('api_tokens')
    .values({
      id: newId(),
      organization_id: t.orgId,
      name: 'ci',
      token_hash: generated.hash,
      display_prefix: generated.displayPrefix,
      scope: 'organization',
      repository_id: null,
      expires_at: null,
      revoked_at: null,
    })
    .execute();
  return { ...t, token: generated.token };
};

const sarif = (commit: string) => ({
  version: '2.1.0',
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  runs: [
    {
      tool: { driver: { name: 'CodeQL', rules: [{ id: 'js/insecure-randomness' }] } },
      versionControlProvenance: [{ repositoryUri: repo.url, revisionId: commit }],
      results: [
        {
          ruleId: 'js/insecure-randomness',
          level: 'warning',
          message: { text: 'Insecure randomness used for a session id.' },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'src/session.js' },
                region: { startLine: 6, startColumn: 10, endLine: 6, endColumn: 23 },
              },
            },
          ],
        },
      ],
    },
  ],
});

/** Polls (bounded) until `check` returns a value. */
const waitFor = async <T>(what: string, check: () => T | undefined, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const logs = services.map((s) => `--- ${s}\n${stack.output(s).slice(-3000)}`).join('\n');
      throw new Error(`timed out waiting for ${what}\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};

it('one upload through the gateway and every worker is one trace: request, ingest, triage, fix, publish and each webhook delivery', async () => {
  const { repoId, token } = await tenant();
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.url}/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const webhook = await call('POST', '/webhooks', {
    url: hooks.url,
    events: ['triage.completed', 'fix.generated', 'scan.completed'],
  });
  expect(webhook.status).toBe(201);

  const upload = await call(
    'POST',
    `/repositories/${repoId}/sarif?commit_sha=${repo.head()}`,
    sarif(repo.head()),
  );
  expect(upload.status).toBe(202);
  const { scan_id: scanId } = (await upload.json()) as { scan_id: string };

  // The upload's trace: the gateway's server span for the request.
  const request = await waitFor('the upload request span', () =>
    otlp.spans.find(
      (s) => s.service === 'api-gateway' && s.kind === 2 && /\/sarif/.test(String(s.name)),
    ),
  );
  const inTrace = () => otlp.spans.filter((s) => s.traceId === request.traceId);
  const expected = services.filter((s) => HOPS[s]).map((s) => [s, HOPS[s]!] as const);
  // Three events (triage.completed, fix.generated, scan.completed), one delivery each.
  const spans = await waitFor('every hop in the trace', () => {
    const spans = inTrace();
    const deliveries = spans.filter((s) => s.name === 'webhook deliver').length;
    const missing = expected.filter(([service, name]) =>
      spans.every((s) => s.service !== service || s.name !== name),
    );
    return missing.length === 0 && hooks.received.length >= 3 && deliveries >= hooks.received.length
      ? spans
      : undefined;
  });

  for (const [service, name] of expected) {
    expect(
      spans.some((s) => s.service === service && s.name === name),
      `${service}: ${name}`,
    ).toBe(true);
  }
  // Every hop hangs off the request: each span's parent is in the same trace.
  const ids = new Set(spans.map((s) => s.spanId));
  const orphans = spans.filter(
    (s) => s !== request && (!s.parentSpanId || !ids.has(s.parentSpanId)),
  );
  expect(orphans.map((s: ReceivedSpan) => `${s.service} ${s.name}`)).toEqual([]);
  // No hop of this scan started a trace of its own.
  const hopTraces = new Set(
    otlp.spans
      .filter((s) => Object.values(HOPS).includes(s.name) && s.traceId !== request.traceId)
      .map((s) => s.traceId),
  );
  expect(hopTraces.size).toBe(0);
  expect(otlp.problems).toEqual([]);

  // Log lines written while the request and the jobs of this upload ran carry the trace id.
  const lines = (service: ServiceName, match: (line: string) => boolean) =>
    stack
      .output(service)
      .split('\n')
      .filter(match)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const requestLog = lines('api-gateway', (l) => l.includes('"request"') && l.includes('/sarif'));
  expect(requestLog).toHaveLength(1);
  expect(requestLog[0]).toMatchObject({ traceId: request.traceId, spanId: request.spanId });
  const ingested = lines(
    'sarif-ingest',
    (l) => l.includes('"scan ingested"') && l.includes(scanId),
  );
  expect(ingested).toHaveLength(1);
  expect(ingested[0]).toMatchObject({ traceId: request.traceId });
});
