import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver } from '../dashboard/receiver.js';
import { startStack, type ServiceName, type Stack } from '../stack.js';
import { createLocalRepo, type LocalRepo } from '../support/git-repo.js';
import { startOtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
import {
  apiClient,
  createTenant,
  pipelineEnv,
  SESSION_JS,
  sessionSarif,
  waitFor as waitUntil,
} from './pipeline.js';
import { deployables } from './services.js';

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
  repo = createLocalRepo({ 'src/session.js': SESSION_JS });
  otlp = await startOtlpReceiver();
  hooks = await startReceiver();
  stack = await startStack(database.url);
  const env = {
    ...pipelineEnv(),
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    // Spans leave each process within 100 ms instead of 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '100',
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

const waitFor = <T>(what: string, check: () => T | undefined) =>
  waitUntil(stack, services, what, check);

it('one upload through the gateway and every worker is one trace: request, ingest, triage, fix, publish and each webhook delivery', async () => {
  const { repoId, token } = await createTenant(database.db, repo.url);
  const call = apiClient(stack, token);
  const webhook = await call('POST', '/webhooks', {
    url: hooks.url,
    events: ['triage.completed', 'fix.generated', 'scan.completed'],
  });
  expect(webhook.status).toBe(201);

  const upload = await call(
    'POST',
    `/repositories/${repoId}/sarif?commit_sha=${repo.head()}`,
    sessionSarif(repo.url, repo.head()),
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
