import { readFileSync } from 'node:fs';
import { QUEUES } from '@remediation/contracts';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { appServices, type ComposeFile } from '../src/checks/compose-rules.js';
import { KUBE_VERSION, renderError, runHelm } from '../src/helm/helm.js';
import { splitManifests, type RenderedDocument } from '../src/helm/manifests.js';
import { renderReadme, valuesRows } from '../src/helm-readme.js';
import { validateManifest } from '../src/kubernetes/validate-manifest.js';
import { listServices, readRepoFile, repoPath } from '../src/repo.js';

const CHART = repoPath('helm', 'remediation');
const REQUIRED = repoPath('helm', 'remediation', 'tests', 'values', 'required.yaml');
const PRODUCTION = repoPath('deploy', 'values-production.yaml');
const values = parse(readRepoFile('helm', 'remediation', 'values.yaml')) as {
  services: Record<string, { needsGitCache?: boolean; queues?: string[] }>;
};

const template = async (...args: string[]) => {
  const result = await runHelm([
    'template',
    'prod',
    CHART,
    '-n',
    'remediation',
    '--kube-version',
    KUBE_VERSION,
    ...args,
  ]);
  if (result.code !== 0) throw new Error(renderError(result.stderr));
  return splitManifests(result.stdout);
};

const renders: Record<string, RenderedDocument[]> = {};
beforeAll(async () => {
  renders['defaults'] = await template('-f', REQUIRED);
  renders['production'] = await template('-f', PRODUCTION);
});

describe('helm/remediation', () => {
  it('when linted strictly with the required values and with the production example, then it passes', async () => {
    for (const file of [REQUIRED, PRODUCTION]) {
      const result = await runHelm([
        'lint',
        '--strict',
        CHART,
        '--kube-version',
        KUBE_VERSION,
        '-f',
        file,
      ]);
      expect(result.stdout + result.stderr).toContain('1 chart(s) linted, 0 chart(s) failed');
      expect(result.code).toBe(0);
    }
  });

  it('when rendered with nothing but the defaults, then it refuses, asking for the database Secret', async () => {
    const result = await runHelm(['template', 'prod', CHART, '--kube-version', KUBE_VERSION]);
    expect(result.code).not.toBe(0);
    expect(renderError(result.stderr)).toMatch(
      /^postgresql\.existingSecret is required: create a Secret/,
    );
  });

  for (const name of ['defaults', 'production']) {
    it(`when rendered with the ${name} values, then every manifest is valid for Kubernetes ${KUBE_VERSION} and its CRDs`, async () => {
      const documents = renders[name] ?? [];
      expect(documents.length).toBeGreaterThan(10);
      const problems: string[] = [];
      for (const doc of documents) {
        const meta = doc.content as { kind: string; metadata?: { name?: string } };
        for (const p of await validateManifest(doc.content))
          problems.push(`${doc.template} ${meta.kind}/${meta.metadata?.name}: ${p}`);
        if ((meta.metadata?.name ?? '').length > 63)
          problems.push(`${meta.kind}/${meta.metadata?.name}: name longer than 63`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('when rendered with the production values, then autoscalers, KEDA, monitoring and the ingress are all there', () => {
    const kinds = (renders['production'] ?? []).map((d) => (d.content as { kind: string }).kind);
    for (const kind of [
      'HorizontalPodAutoscaler',
      'ScaledObject',
      'TriggerAuthentication',
      'ServiceMonitor',
      'PrometheusRule',
      'Ingress',
      'Job',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('when the shared configuration changes, then the pods config checksum changes with it', async () => {
    const checksum = (docs: RenderedDocument[]) =>
      docs
        .filter((d) => (d.content as { kind: string }).kind === 'Deployment')
        .map(
          (d) =>
            (
              d.content as {
                spec: { template: { metadata: { annotations: Record<string, string> } } };
              }
            ).spec.template.metadata.annotations['checksum/config'],
        );
    const before = checksum(renders['defaults'] ?? []);
    const after = checksum(await template('-f', REQUIRED, '--set', 'queue.prefix=other'));
    expect(new Set(before).size).toBe(1);
    expect(after[0]).not.toBe(before[0]);
    expect(checksum(await template('-f', REQUIRED))).toEqual(before);
  });
});

describe('the service lists', () => {
  it('when compared with services/*, then the chart default services are exactly the repository services', () => {
    expect(Object.keys(values.services).sort()).toEqual(listServices());
  });

  it('when compared with the queue registry, then each worker lists exactly the queues it consumes (KEDA scales on them)', () => {
    const consumed = new Map<string, string[]>();
    for (const queue of Object.values(QUEUES)) {
      consumed.set(queue.consumer, [...(consumed.get(queue.consumer) ?? []), queue.name]);
    }
    for (const [name, service] of Object.entries(values.services)) {
      if (name === 'webhook-dispatcher') continue; // claims its backlog from PostgreSQL (values.yaml)
      expect({ name, queues: [...(service.queues ?? [])].sort() }).toEqual({
        name,
        queues: [...(consumed.get(name) ?? [])].sort(),
      });
    }
  });

  it('when compared, then the chart and compose agree on which services keep git mirrors', () => {
    const compose = parse(readRepoFile('docker-compose.yml'), { merge: true }) as ComposeFile;
    for (const name of appServices(compose)) {
      const volumes = (compose.services[name]?.['volumes'] as string[] | undefined) ?? [];
      const composeCache = volumes.some((v) => v.startsWith('git-cache:'));
      expect({ name, cache: composeCache }).toEqual({
        name,
        cache: values.services[name]?.needsGitCache === true,
      });
    }
  });
});

describe('values.yaml and values.schema.json', () => {
  it('when every key is listed, then each one has a `# --` description', () => {
    expect(valuesRows(readRepoFile('helm', 'remediation', 'values.yaml')).undocumented).toEqual([]);
  });

  it('when the README is regenerated from values.yaml, then nothing changes (run helm:readme)', async () => {
    const readme = readRepoFile('helm', 'remediation', 'README.md');
    expect(await renderReadme(readme, readRepoFile('helm', 'remediation', 'values.yaml'))).toBe(
      readme,
    );
  });

  it('when walked, then every chart-defined object of the schema is closed', () => {
    const schema = JSON.parse(
      readFileSync(repoPath('helm', 'remediation', 'values.schema.json'), 'utf8'),
    ) as unknown;
    const open: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      const passthrough =
        typeof record['description'] === 'string' &&
        /validated by the (API server|Prometheus Operator)/.test(record['description']);
      if (
        record['type'] === 'object' &&
        record['additionalProperties'] === undefined &&
        !passthrough
      )
        open.push(path || '(root)');
      if (record['type'] === 'object' && record['additionalProperties'] === true && !passthrough)
        open.push(path);
      for (const [key, child] of Object.entries(record)) walk(child, `${path}/${key}`);
    };
    walk(schema, '');
    expect(open).toEqual([]);
  });
});
