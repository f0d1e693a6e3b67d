import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QUEUES } from '@remediation/contracts';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { getMetricsFromIterator, type PromMetric } from 'prom2javascript';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../dashboard/receiver.js';
import { startStack, type ServiceName, type Stack } from '../stack.js';
import { createLocalRepo, type LocalRepo } from '../support/git-repo.js';
import {
  apiClient,
  createTenant,
  pipelineEnv,
  SESSION_JS,
  sessionSarif,
  waitFor,
} from './pipeline.js';
import { analyzePromql } from './promql.js';
import { deployables } from './services.js';

const file = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

/** Series Prometheus adds itself to every scrape: never exported by a service. */
const SYNTHETIC = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

let database: TestDatabase;
let stack: Stack;
let repo: LocalRepo;
let hooks: Awaited<ReturnType<typeof startReceiver>>;
const services = deployables();
/** A metric family as parsed, with its name. */
type Family = PromMetric & { name: string };
/** Each service's /metrics, parsed. */
const scraped = new Map<ServiceName, Family[]>();

/**
 * Scrapes and parses with prom2javascript (it rejects malformed lines and histograms whose
 * +Inf bucket is not their count, and keeps each series' labels).
 */
const scrape = async (service: ServiceName): Promise<Family[]> => {
  const res = await fetch(`${stack.healthUrl(service)}/metrics`);
  expect(res.status, service).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const metrics = await getMetricsFromIterator(text.split('\n')[Symbol.iterator]());
  return Object.entries(metrics).map(([name, metric]) => ({ ...metric, name }));
};

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createLocalRepo({ 'src/session.js': SESSION_JS });
  hooks = await startReceiver();
  stack = await startStack(database.url);
  const env = pipelineEnv();
  for (const name of services) await stack.start(name, env);

  // Work through every stage, so counters and histograms have series to check.
  const { repoId, token } = await createTenant(database.db, repo.url);
  const call = apiClient(stack, token);
  await call('POST', '/webhooks', {
    url: hooks.url,
    events: ['triage.completed', 'fix.generated', 'scan.completed'],
  });
  const upload = await call(
    'POST',
    `/repositories/${repoId}/sarif?commit_sha=${repo.head()}`,
    sessionSarif(repo.url, repo.head()),
  );
  expect(upload.status).toBe(202);
  await call('GET', '/no-such-route');
  await waitFor(stack, services, 'three webhook deliveries', () =>
    hooks.received.length >= 3 ? true : undefined,
  );
  for (const service of services) scraped.set(service, await scrape(service));
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await hooks?.close();
  await database?.destroy();
  repo?.remove();
});

const family = (service: ServiceName, name: string): Family => {
  const found = scraped.get(service)?.find((f) => f.name === name);
  if (!found) throw new Error(`${service} does not export ${name}`);
  return found;
};
const labelSets = (f: Family) => f.data.map((m) => m.labels);
/** A series' value: a plain sample's value, a histogram's or summary's count. */
const valueOf = (m: Family['data'][number]) => ('value' in m ? m.value : m.count);
const queuesOf = (service: string) =>
  Object.values(QUEUES)
    .filter((q) => q.consumer === service)
    .map((q) => q.name);

describe('every service /metrics', () => {
  it('when scraped, then it parses as Prometheus text with process metrics labelled by service', () => {
    expect(services).toEqual(expect.arrayContaining(['api-gateway', 'sarif-ingest']));
    for (const service of services) {
      for (const name of [
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_p99_seconds',
      ]) {
        const f = family(service, name);
        expect(f.data.length, `${service} ${name}`).toBeGreaterThan(0);
        for (const labels of labelSets(f)) expect(labels['service']).toBe(service);
      }
    }
  });

  it('when a service consumes queues, then it reports their depth by state, oldest waiting job, and job outcomes and durations', () => {
    for (const service of services) {
      for (const queue of queuesOf(service)) {
        const depth = labelSets(family(service, 'remediation_queue_jobs')).filter(
          (l) => l['queue'] === queue,
        );
        expect(depth.map((l) => l['state'])).toEqual(
          expect.arrayContaining(['waiting', 'active', 'delayed', 'failed']),
        );
        expect(
          labelSets(family(service, 'remediation_queue_oldest_waiting_seconds')).some(
            (l) => l['queue'] === queue,
          ),
        ).toBe(true);
        const outcomes = labelSets(family(service, 'remediation_jobs_total'))
          .filter((l) => l['queue'] === queue)
          .map((l) => l['outcome']);
        expect(outcomes, `${service} ${queue}`).toEqual(
          expect.arrayContaining(['completed', 'retried', 'failed']),
        );
        expect(family(service, 'remediation_job_duration_seconds').type).toBe('histogram');
      }
    }
    // Stages that ran a job of the upload have observed its duration.
    for (const [service, queue] of [
      ['sarif-ingest', 'sarif-ingest'],
      ['triage', 'triage'],
      ['fixer', 'fix'],
    ] as const) {
      if (!services.includes(service)) continue;
      const observed = family(service, 'remediation_job_duration_seconds').data.find(
        (m) => m.labels['queue'] === queue,
      );
      expect(observed && valueOf(observed), `${service} ${queue}`).toBeGreaterThan(0);
    }
  });

  it('when the gateway has answered requests, then rate, status and latency are labelled by method and route template', () => {
    const requests = labelSets(family('api-gateway', 'remediation_http_requests_total'));
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          method: 'POST',
          route: '/v1/repositories/:id/sarif',
          status: '202',
        }),
        expect.objectContaining({ method: 'GET', route: 'unmatched', status: '404' }),
      ]),
    );
    const latency = family('api-gateway', 'remediation_http_request_duration_seconds');
    expect(latency.type).toBe('histogram');
    expect(labelSets(latency)).toEqual(
      expect.arrayContaining([
        { method: 'POST', route: '/v1/repositories/:id/sarif', service: 'api-gateway' },
      ]),
    );
  });

  it('when the pipeline has run, then scans by state, fixes by status and webhook deliveries by outcome are reported', () => {
    const scans = family('sarif-ingest', 'remediation_scans');
    expect(
      Object.fromEntries(scans.data.map((m) => [m.labels['state'], valueOf(m)])),
    ).toMatchObject({
      queued: 0,
      processing: 0,
      completed: 1,
      failed: 0,
    });
    expect(
      labelSets(family('sarif-ingest', 'remediation_scan_oldest_unfinished_seconds'))
        .map((l) => l['state'])
        .sort(),
    ).toEqual(['processing', 'queued']);
    expect(labelSets(family('fixer', 'remediation_fixes_total'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'generated' })]),
    );
    const attempts = family('webhook-dispatcher', 'remediation_webhook_attempts_total');
    const delivered = attempts.data.find((m) => m.labels['result'] === 'delivered');
    expect(delivered && valueOf(delivered)).toBeGreaterThanOrEqual(3);
  });
});

describe('the dashboard and the alert rules', () => {
  /** Every series name the services export (a histogram's _bucket, _sum and _count too), with its label names. */
  const exported = () => {
    const names = new Map<string, Set<string>>();
    for (const families of scraped.values()) {
      for (const f of families) {
        const series =
          f.type === 'histogram'
            ? [f.name, `${f.name}_bucket`, `${f.name}_sum`, `${f.name}_count`]
            : f.type === 'summary'
              ? [f.name, `${f.name}_sum`, `${f.name}_count`]
              : [f.name];
        for (const name of series) {
          const labels = names.get(name) ?? new Set<string>();
          for (const l of labelSets(f)) for (const k of Object.keys(l)) labels.add(k);
          if (f.type === 'histogram' && name.endsWith('_bucket')) labels.add('le');
          if (f.type === 'summary' && name === f.name) labels.add('quantile');
          names.set(name, labels);
        }
      }
    }
    return names;
  };

  const expressions = (): { where: string; expr: string }[] => {
    const dashboard = JSON.parse(file('deploy/grafana/dashboards/remediation.json')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
      templating: { list: { name: string; definition?: string }[] };
    };
    const rules = parseYaml(file('deploy/prometheus/alerts.yml')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    return [
      ...dashboard.panels.flatMap((p) =>
        (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr })),
      ),
      ...dashboard.templating.list
        .filter((v) => v.definition?.startsWith('label_values('))
        .map((v) => ({
          where: `variable ${v.name}`,
          expr: v.definition!.replace(/^label_values\(([^,]+),.*$/, '$1'),
        })),
      ...rules.groups.flatMap((g) =>
        g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
      ),
    ];
  };

  it('when their PromQL is parsed, then every metric they read is exported, with the labels they match and group by', () => {
    const names = exported();
    const all = expressions();
    expect(all.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const { where, expr } of all) {
      const use = analyzePromql(expr);
      for (const error of use.errors) problems.push(`${where}: syntax error ${error}`);
      const labelsHere = new Set<string>();
      for (const { metric, labels } of use.selectors) {
        if (SYNTHETIC.has(metric)) continue;
        const known = names.get(metric);
        if (!known) {
          problems.push(`${where}: ${metric} is not exported by any service`);
          continue;
        }
        for (const l of known) labelsHere.add(l);
        for (const label of labels)
          if (!known.has(label)) problems.push(`${where}: ${metric} has no label ${label}`);
      }
      for (const label of use.grouping)
        if (!labelsHere.has(label))
          problems.push(`${where}: no metric it reads has label ${label}`);
    }
    expect(problems).toEqual([]);
  });
});
