import { Ajv } from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import { existsSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  appServices,
  checkCompose,
  secretsIn,
  type ComposeFile,
} from '../src/checks/compose-rules.js';
import { listServices, readRepoFile, repoPath } from '../src/repo.js';

const composeText = readRepoFile('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as ComposeFile;
const schema = JSON.parse(readRepoFile('deploy', 'schemas', 'compose-spec.json')) as object;
// The schema names draft-07 by its https URL; formats such as "duration" are compose-specific.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
const validateCompose = ajv.compile(schema);

describe('docker-compose.yml', () => {
  it('when validated against the Compose specification schema, then it is valid', () => {
    validateCompose(compose);
    expect(validateCompose.errors ?? []).toEqual([]);
  });

  it('when compared with services/*, then it runs exactly the services the repository has', () => {
    expect(appServices(compose)).toEqual(listServices());
  });

  it('when checked, then every service is healthy-checked, waits for migrate and its dependencies, and restarts', () => {
    expect(checkCompose(compose, listServices())).toEqual([]);
  });

  it('when searched for secrets, then every credential is a ${VAR:?} interpolation from .env', () => {
    expect(secretsIn(compose)).toEqual([]);
    expect(composeText).toMatch(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?/);
  });

  it('when a mounted configuration file is named, then it exists in the repository', () => {
    const mounts = Object.values(compose.services).flatMap((s) =>
      ((s['volumes'] as string[] | undefined) ?? []).filter((v) => v.startsWith('./')),
    );
    expect(mounts.length).toBeGreaterThan(0);
    for (const mount of mounts) expect(existsSync(repoPath(mount.split(':')[0] ?? ''))).toBe(true);
  });

  it('when Prometheus scrapes, then its targets are every service health port', () => {
    const prometheus = parse(readRepoFile('deploy', 'prometheus', 'prometheus.yml')) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const job = prometheus.scrape_configs.find((j) => j.job_name === 'remediation');
    const targets = job?.static_configs.flatMap((c) => c.targets).sort();
    expect(targets).toEqual(listServices().map((s) => `${s}:9464`));
  });

  it('when the collector exports traces, then they go to the Jaeger service of the file', () => {
    const collector = parse(readRepoFile('deploy', 'otel', 'collector.yaml')) as {
      exporters: Record<string, { endpoint?: string }>;
      service: { pipelines: Record<string, { exporters: string[] }> };
    };
    const exporter = collector.service.pipelines['traces']?.exporters[0] ?? '';
    expect(collector.exporters[exporter]?.endpoint).toBe('jaeger:4317');
    expect(compose.services['jaeger']).toBeDefined();
    const env = compose.services['api-gateway']?.['environment'] as Record<string, string>;
    expect(env['OTEL_EXPORTER_OTLP_ENDPOINT']).toBe('http://otel-collector:4318');
  });

  it('when Grafana starts, then it provisions Prometheus and the dashboards folder', () => {
    const sources = parse(
      readRepoFile('deploy', 'grafana', 'provisioning', 'datasources', 'datasources.yaml'),
    ) as {
      datasources: { type: string; url: string; isDefault?: boolean }[];
    };
    expect(sources.datasources).toContainEqual(
      expect.objectContaining({
        type: 'prometheus',
        url: 'http://prometheus:9090',
        isDefault: true,
      }),
    );
    const dashboards = parse(
      readRepoFile('deploy', 'grafana', 'provisioning', 'dashboards', 'dashboards.yaml'),
    ) as {
      providers: { options: { path: string } }[];
    };
    const grafanaVolumes = compose.services['grafana']?.['volumes'] as string[];
    expect(grafanaVolumes).toContain(
      `./deploy/grafana/dashboards:${dashboards.providers[0]?.options.path}:ro`,
    );
  });
});

describe('the compose rules', () => {
  it('when a service has a misspelled key, then the schema rejects the file', () => {
    const broken = structuredClone(compose) as {
      services: Record<string, Record<string, unknown>>;
    };
    broken.services['redis']!['restarts'] = 'always';
    expect(validateCompose(broken)).toBe(false);
    expect(validateCompose.errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/services/redis',
        params: { additionalProperty: 'restarts' },
      }),
    );
  });

  it('when a service lacks its migrate dependency or healthcheck, then the rules say so', () => {
    const broken = structuredClone(compose) as {
      services: Record<string, Record<string, unknown>>;
    };
    delete broken.services['sarif-ingest']?.['healthcheck'];
    broken.services['sarif-ingest']!['depends_on'] = { redis: { condition: 'service_started' } };
    expect(checkCompose(broken, listServices())).toEqual([
      'sarif-ingest: healthcheck must request /livez',
      'sarif-ingest: must depend on migrate with condition service_completed_successfully',
      'sarif-ingest: must depend on postgres being healthy',
      'sarif-ingest: must depend on redis being healthy',
    ]);
  });

  it('when a service directory has no compose entry, then the rules name it and how to add it', () => {
    const [problem] = checkCompose(compose, [...listServices(), 'billing']);
    expect(problem).toMatch(/^docker-compose.yml services must match services\/\*: add billing /);
  });

  it('when a password is written in the file, then it is reported', () => {
    expect(
      secretsIn({
        services: {
          db: { environment: { POSTGRES_PASSWORD: 'hunter2', URL: 'postgres://u:pw@db/x' } },
        },
      }),
    ).toEqual([
      'services.db.environment.POSTGRES_PASSWORD: POSTGRES_PASSWORD has a literal value; take it from .env (${VAR:?message})',
      'services.db.environment.URL: URL holds a URL with a literal password',
    ]);
    expect(secretsIn({ environment: ['API_TOKEN=abc', 'API_TOKEN=${API_TOKEN:?set it}'] })).toEqual(
      ['environment[0]: API_TOKEN has a literal value; take it from .env (${VAR:?message})'],
    );
  });
});
