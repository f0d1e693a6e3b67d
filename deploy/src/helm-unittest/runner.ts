import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { KUBE_VERSION, renderError, runHelm } from '../helm/helm.js';
import { splitManifests, type RenderedDocument } from '../helm/manifests.js';
import {
  ANTONYMS,
  DOCUMENT_CHECKS,
  RAW_CHECKS,
  failedTemplate,
  invertsCheck,
  type Outcome,
} from './assertions.js';
import { copyChart, NOTES_KIND } from './chart-copy.js';
import { deepEqual } from './compare.js';
import { evaluatePath } from './path.js';
import type { Assertion, Scope, Suite, TestJob } from './suite.js';
import { mergeValues, valuesFromSet } from './values.js';

/** The result of rendering the chart for one test job. */
export interface Rendering {
  readonly error?: string;
  readonly documents: readonly RenderedDocument[];
  readonly notes?: string;
}

const templateFiles = (chartDir: string): string[] => {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.startsWith('_') && !entry.name.endsWith('.tpl')) {
        out.push(relative(chartDir, full).split('\\').join('/'));
      }
    }
  };
  walk(join(chartDir, 'templates'));
  return out.sort();
};

/** Expands suite/job/assertion template names (`templates/` optional, `*` wildcards). */
const expandTemplates = (patterns: readonly string[], files: readonly string[]): string[] =>
  patterns.flatMap((pattern) => {
    const full = pattern.startsWith('templates/') ? pattern : `templates/${pattern}`;
    const regex = new RegExp(
      `^${full
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    const found = files.filter((f) => regex.test(f));
    if (found.length === 0) throw new Error(`template ${pattern} not found in the chart`);
    return found;
  });

const selectDocuments = (documents: readonly unknown[], scope: Scope): unknown[] | string => {
  let selected = [...documents];
  if (scope.documentSelector) {
    const { path, value, matchMany } = scope.documentSelector;
    selected = selected.filter((doc) => evaluatePath(doc, path).some((v) => deepEqual(v, value)));
    if (selected.length === 0) return `no document has ${path} = ${JSON.stringify(value)}`;
    if (!matchMany) selected = selected.slice(0, 1);
  }
  if (scope.documentIndex !== undefined && scope.documentIndex >= 0) {
    const doc = selected[scope.documentIndex];
    if (doc === undefined)
      return `no document at index ${scope.documentIndex} (${selected.length} rendered)`;
    selected = [doc];
  }
  return selected;
};

const verdict = (outcome: Outcome, negate: boolean, where: string): string | undefined => {
  if ('error' in outcome) return `${where}: ${outcome.error}`;
  if (outcome.pass === negate)
    return `${where}: ${negate ? 'expected not: ' : ''}${outcome.message}`;
  return undefined;
};

/** Evaluates one assertion against a rendering; returns its failure messages. */
export const evaluateAssertion = (
  assertion: Assertion,
  rendering: Rendering,
  templates: readonly string[],
): string[] => {
  const positive = ANTONYMS[assertion.type] ?? assertion.type;
  const negate = assertion.not !== invertsCheck(assertion.type);
  const label = `${assertion.type}${assertion.not ? ' (not)' : ''}`;
  if (positive === 'failedTemplate') {
    const failure = verdict(failedTemplate(rendering.error, assertion.params), negate, label);
    return failure ? [failure] : [];
  }
  if (rendering.error !== undefined) return [`${label}: the render failed: ${rendering.error}`];
  const raw = RAW_CHECKS[positive];
  const check = DOCUMENT_CHECKS[positive];
  if (!raw && !check && positive !== 'hasDocuments') {
    return [`${label}: assertion type not supported by this runner`];
  }
  const failures: string[] = [];
  for (const template of templates) {
    const where = `${label} [${template}]`;
    if (raw) {
      const failure = verdict(raw(rendering.notes ?? '', assertion.params), negate, where);
      if (failure) failures.push(failure);
      continue;
    }
    const documents = rendering.documents
      .filter((d) => d.template === template)
      .map((d) => d.content);
    if (positive === 'hasDocuments') {
      const count = assertion.params['count'];
      const outcome = {
        pass: documents.length === count,
        message: `expected ${String(count)} document(s), got ${documents.length}`,
      };
      const failure = verdict(outcome, negate, where);
      if (failure) failures.push(failure);
      continue;
    }
    const selected = selectDocuments(documents, assertion);
    if (typeof selected === 'string') {
      failures.push(`${where}: ${selected}`);
      continue;
    }
    if (selected.length === 0) failures.push(`${where}: the template rendered no document`);
    for (const [i, doc] of selected.entries()) {
      const failure = verdict(check!(doc, assertion.params), negate, `${where}#${i}`);
      if (failure) failures.push(failure);
    }
  }
  return failures;
};

/** Runs a suite's jobs; renders with the real `helm template` once per job. */
export const createSuiteRunner = (suite: Suite, chartDir: string) => {
  const copies = new Map<string, ReturnType<typeof copyChart>>();
  const files = templateFiles(chartDir);
  const work = mkdtempSync(join(tmpdir(), 'helm-unittest-values-'));
  let counter = 0;
  // Jobs that render with the same inputs share one `helm template` run.
  const renderings = new Map<string, Promise<Rendering>>();

  const render = (job: TestJob): Promise<Rendering> => {
    const key = JSON.stringify([job.values, job.set, job.release, job.capabilities, job.chart]);
    let rendering = renderings.get(key);
    if (!rendering) {
      rendering = renderOnce(job);
      renderings.set(key, rendering);
    }
    return rendering;
  };

  const renderOnce = async (job: TestJob): Promise<Rendering> => {
    const chart = { ...suite.chart, ...job.chart };
    const key = JSON.stringify(chart);
    let copy = copies.get(key);
    if (!copy) {
      copy = copyChart(chartDir, chart);
      copies.set(key, copy);
    }
    const release = { ...suite.release, ...job.release };
    const caps = { ...suite.capabilities, ...job.capabilities };
    const setFile = join(work, `set-${(counter += 1)}.json`);
    writeFileSync(
      setFile,
      JSON.stringify(mergeValues(valuesFromSet(suite.set), valuesFromSet(job.set))),
    );
    const kube =
      caps.majorVersion !== undefined || caps.minorVersion !== undefined
        ? `v${caps.majorVersion ?? 1}.${caps.minorVersion ?? 0}.0`
        : KUBE_VERSION;
    const args = [
      'template',
      release.name ?? 'release-name',
      copy.dir,
      '--namespace',
      release.namespace ?? 'namespace',
      '--kube-version',
      kube,
      ...(release.upgrade ? ['--is-upgrade'] : []),
      ...(caps.apiVersions ?? []).flatMap((v) => ['--api-versions', v]),
      ...[...suite.values, ...job.values].flatMap((f) => ['--values', f]),
      '--values',
      setFile,
    ];
    const result = await runHelm(args);
    if (result.code !== 0) return { error: renderError(result.stderr), documents: [] };
    const all = splitManifests(result.stdout);
    const notes = all.find((d) => (d.content as { kind?: string }).kind === NOTES_KIND);
    return {
      documents: all.filter((d) => d !== notes),
      notes: (notes?.content as { raw?: string } | undefined)?.raw,
    };
  };

  return {
    /** Renders for `job` and returns every failed assertion's message (empty = the case passed). */
    run: async (job: TestJob): Promise<string[]> => {
      const rendering = await render(job);
      return job.asserts.flatMap((assertion) => {
        const patterns = assertion.templates ?? job.templates ?? suite.templates;
        if (patterns.length === 0)
          return [`${assertion.type}: no template given in suite, test or assertion`];
        const scoped: Assertion = {
          ...assertion,
          documentIndex: assertion.documentIndex ?? job.documentIndex,
          documentSelector: assertion.documentSelector ?? job.documentSelector,
        };
        return evaluateAssertion(scoped, rendering, expandTemplates(patterns, files));
      });
    },
    dispose: () => {
      for (const copy of copies.values()) copy.dispose();
      rmSync(work, { recursive: true, force: true });
    },
  };
};
