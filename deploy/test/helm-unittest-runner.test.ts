import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderError } from '../src/helm/helm.js';
import { evaluatePath } from '../src/helm-unittest/path.js';
import {
  createSuiteRunner,
  evaluateAssertion,
  type Rendering,
} from '../src/helm-unittest/runner.js';
import { loadSuite, type Assertion } from '../src/helm-unittest/suite.js';
import { valuesFromSet } from '../src/helm-unittest/values.js';
import { repoPath } from '../src/repo.js';

const doc = {
  kind: 'Deployment',
  apiVersion: 'apps/v1',
  metadata: { name: 'web', annotations: { 'checksum/config': 'abc' } },
  spec: {
    template: {
      spec: {
        containers: [
          {
            name: 'app',
            env: [
              { name: 'A', value: '1' },
              { name: 'B', value: '2' },
            ],
          },
          { name: 'sidecar', env: [] },
        ],
      },
    },
  },
};
const rendering: Rendering = {
  documents: [
    { template: 'templates/deployment.yaml', content: doc },
    { template: 'templates/deployment.yaml', content: { ...doc, metadata: { name: 'worker' } } },
  ],
  notes: 'Open http://example.org/v1\n',
};
const assertion = (
  type: string,
  params: Record<string, unknown>,
  extra: Partial<Assertion> = {},
): Assertion => ({
  type,
  params,
  not: false,
  ...extra,
});
const check = (a: Assertion) => evaluateAssertion(a, rendering, ['templates/deployment.yaml']);

describe('helm-unittest paths', () => {
  it('when a path has indices, quoted keys and filters, then it reaches the same values as helm-unittest', () => {
    expect(evaluatePath(doc, 'metadata.annotations["checksum/config"]')).toEqual(['abc']);
    expect(evaluatePath(doc, 'spec.template.spec.containers[1].name')).toEqual(['sidecar']);
    expect(
      evaluatePath(doc, 'spec.template.spec.containers[?(@.name == "app")].env[1].value'),
    ).toEqual(['2']);
    expect(evaluatePath(doc, 'spec.template.spec.containers[5]')).toEqual([]);
    expect(evaluatePath(doc, 'metadata.missing')).toEqual([]);
  });

  it('when set paths have indices and escaped dots, then they become nested values', () => {
    expect(valuesFromSet({ 'a.b': 1, 'a.c[1]': 'x', 'ann.kubernetes\\.io/name': 'y' })).toEqual({
      a: { b: 1, c: [undefined, 'x'] },
      ann: { 'kubernetes.io/name': 'y' },
    });
  });
});

describe('helm-unittest assertions', () => {
  it('when equal holds for one document but not another, then only the other is reported', () => {
    expect(check(assertion('equal', { path: 'metadata.name', value: 'web' }))).toEqual([
      'equal [templates/deployment.yaml]#1: metadata.name: expected "web", got "worker"',
    ]);
    expect(
      check(assertion('equal', { path: 'metadata.name', value: 'web' }, { documentIndex: 0 })),
    ).toEqual([]);
  });

  it('when not or an antonym is used, then the verdict is inverted', () => {
    expect(check(assertion('notEqual', { path: 'kind', value: 'Service' }))).toEqual([]);
    expect(
      check(assertion('equal', { path: 'kind', value: 'Deployment' }, { not: true })),
    ).toHaveLength(2);
    expect(check(assertion('notExists', { path: 'spec.replicas' }))).toEqual([]);
    expect(check(assertion('isNull', { path: 'spec.replicas' }))).toEqual([]);
    expect(check(assertion('isNotNull', { path: 'metadata.name' }))).toEqual([]);
    expect(check(assertion('isNotNull', { path: 'spec.replicas' }))).toHaveLength(2);
    expect(check(assertion('exists', { path: 'spec.replicas' }))).toHaveLength(2);
  });

  it('when contains is given any and count, then it matches subsets and counts them', () => {
    const first = { documentIndex: 0 };
    const env = 'spec.template.spec.containers[0].env';
    expect(
      check(assertion('contains', { path: env, content: { name: 'A' }, any: true }, first)),
    ).toEqual([]);
    expect(check(assertion('contains', { path: env, content: { name: 'A' } }, first))).toHaveLength(
      1,
    );
    expect(
      check(
        assertion('contains', { path: env, content: { name: 'A' }, any: true, count: 2 }, first),
      ),
    ).toHaveLength(1);
    expect(
      check(assertion('notContains', { path: env, content: { name: 'C' }, any: true }, first)),
    ).toEqual([]);
  });

  it('when isSubset, lengthEqual and matchRegex are used, then they check like helm-unittest', () => {
    const first = { documentIndex: 0 };
    expect(
      check(assertion('isSubset', { path: 'metadata', content: { name: 'web' } }, first)),
    ).toEqual([]);
    expect(
      check(assertion('isSubset', { path: 'metadata', content: { name: 'x' } }, first)),
    ).toHaveLength(1);
    expect(
      check(assertion('lengthEqual', { path: 'spec.template.spec.containers', count: 2 }, first)),
    ).toEqual([]);
    expect(check(assertion('matchRegex', { path: 'metadata.name', pattern: '^w' }))).toEqual([]);
    expect(check(assertion('matchRegex', { path: 'kind', pattern: '(?i)^deploy' }))).toEqual([]);
  });

  it('when documents are selected, counted or missing, then the scope rules apply', () => {
    const selector = { documentSelector: { path: 'metadata.name', value: 'worker' } };
    expect(check(assertion('equal', { path: 'metadata.name', value: 'worker' }, selector))).toEqual(
      [],
    );
    expect(
      check(
        assertion(
          'isKind',
          { of: 'Deployment' },
          { documentSelector: { path: 'metadata.name', value: 'x' } },
        ),
      ),
    ).toEqual(['isKind [templates/deployment.yaml]: no document has metadata.name = "x"']);
    expect(check(assertion('hasDocuments', { count: 2 }))).toEqual([]);
    expect(check(assertion('hasDocuments', { count: 1 }))).toHaveLength(1);
    expect(check(assertion('equal', { path: 'nope', value: 1 }))[0]).toMatch(/path nope not found/);
  });

  it('when the NOTES or a failed render are asserted, then the raw text and error message are compared', () => {
    expect(
      evaluateAssertion(assertion('matchRegexRaw', { pattern: 'example\\.org/v1' }), rendering, [
        'templates/NOTES.txt',
      ]),
    ).toEqual([]);
    const failed: Rendering = { error: 'x is required', documents: [] };
    expect(
      evaluateAssertion(assertion('failedTemplate', { errorMessage: 'x is required' }), failed, []),
    ).toEqual([]);
    expect(
      evaluateAssertion(assertion('failedTemplate', { errorMessage: 'y' }), failed, []),
    ).toHaveLength(1);
    expect(evaluateAssertion(assertion('isKind', { of: 'Deployment' }), failed, ['t'])).toEqual([
      'isKind: the render failed: x is required',
    ]);
    expect(evaluateAssertion(assertion('failedTemplate', {}), rendering, [])).toHaveLength(1);
  });

  it('when Helm reports a fail() call, then the message is what failedTemplate compares', () => {
    const stderr =
      'Error: execution error at (remediation/templates/validations.yaml:2:4): redis.existingSecret is required\n\nUse --debug flag to render out invalid YAML\n';
    expect(renderError(stderr)).toBe('redis.existingSecret is required');
  });
});

describe('the suite runner', () => {
  it('when a suite expects something the chart does not render, then the case fails with the difference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suite-'));
    try {
      const file = join(dir, 'wrong_test.yaml');
      writeFileSync(
        file,
        [
          'suite: wrong',
          'templates: [configmap.yaml]',
          `values: [${repoPath('helm', 'remediation', 'tests', 'values', 'required.yaml')}]`,
          'release: { name: prod }',
          'tests:',
          '  - it: expects another prefix',
          '    set: { queue.prefix: actual }',
          '    asserts:',
          '      - equal: { path: data.QUEUE_PREFIX, value: expected }',
        ].join('\n'),
      );
      const suite = loadSuite(file);
      const runner = createSuiteRunner(suite, repoPath('helm', 'remediation'));
      try {
        expect(await runner.run(suite.tests[0]!)).toEqual([
          'equal [templates/configmap.yaml]#0: data.QUEUE_PREFIX: expected "expected", got "actual"',
        ]);
      } finally {
        runner.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
