import { describe, expect, it } from 'vitest';
import { validateManifest } from '../src/kubernetes/validate-manifest.js';

const deployment = (spec: Record<string, unknown>) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'web:1.0.0' }] },
    },
    ...spec,
  },
});

describe('validateManifest', () => {
  it('when a manifest is valid, then there is no problem', async () => {
    expect(await validateManifest(deployment({ replicas: 2 }))).toEqual([]);
  });

  it('when a field is misspelled, then strict validation names it', async () => {
    expect(await validateManifest(deployment({ replica: 2 }))).toEqual([
      'spec.replica: unknown field (V1DeploymentSpec)',
    ]);
  });

  it('when a type, enum or required field is wrong, then the schema validation reports it', async () => {
    const problems = await validateManifest({
      ...deployment({}),
      spec: {
        template: {
          spec: {
            containers: [
              { image: 'x', imagePullPolicy: 'Sometimes', ports: [{ containerPort: 'http' }] },
            ],
          },
        },
      },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'spec must have required property selector',
        'spec/template/spec/containers/0 must have required property name',
        'spec/template/spec/containers/0/imagePullPolicy must be equal to one of the allowed values',
        'spec/template/spec/containers/0/ports/0/containerPort must be integer',
      ]),
    );
  });

  it('when an API version was removed from Kubernetes, then it is refused', async () => {
    const pdb = {
      apiVersion: 'policy/v1beta1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'x' },
      spec: {},
    };
    expect(await validateManifest(pdb)).toEqual([
      'policy/v1beta1 PodDisruptionBudget: no schema (not a kind this chart may render)',
    ]);
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscalr',
      metadata: { name: 'x' },
    };
    expect(await validateManifest(hpa)).toEqual([
      'autoscaling/v2 HorizontalPodAutoscalr: no schema (not a kind this chart may render)',
    ]);
  });

  it('when a custom resource breaks its CRD schema, then it is reported', async () => {
    const scaled = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'x' },
      spec: { scaleTargetRef: { name: 'web' }, triggers: [{ metadata: { listName: 'q' } }] },
    };
    expect(await validateManifest(scaled)).toEqual([
      'spec/triggers/0 must have required property type',
    ]);
  });
});
