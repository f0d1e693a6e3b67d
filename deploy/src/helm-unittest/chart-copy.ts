import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { ChartOptions } from './suite.js';

/** Kind of the extra document that carries the rendered NOTES.txt. */
export const NOTES_KIND = '__UnittestNotes';
export const NOTES_TEMPLATE = 'templates/NOTES.txt';

/**
 * A disposable copy of the chart to render: `helm template` never prints NOTES.txt, so the copy
 * renders it into one extra document (`kind: __UnittestNotes`, `raw: <text>`); `chart` overrides
 * the version and appVersion of Chart.yaml, as helm-unittest's `chart` option does.
 */
export const copyChart = (
  chartDir: string,
  chart?: ChartOptions,
): { dir: string; dispose(): void } => {
  const dir = mkdtempSync(join(tmpdir(), 'helm-unittest-'));
  cpSync(chartDir, dir, {
    recursive: true,
    filter: (source) => !/[/\\](tests|scripts)([/\\]|$)/.test(source.slice(chartDir.length)),
  });
  const notes = join(dir, NOTES_TEMPLATE);
  if (existsSync(notes)) {
    const text = readFileSync(notes, 'utf8');
    rmSync(notes);
    writeFileSync(
      join(dir, 'templates', '_unittest_notes.tpl'),
      `{{- define "__unittest_notes__" }}${text}{{ end }}`,
    );
    writeFileSync(
      join(dir, 'templates', 'unittest-notes.yaml'),
      `kind: ${NOTES_KIND}\nraw: {{ include "__unittest_notes__" . | toJson }}\n`,
    );
  }
  if (chart?.version !== undefined || chart?.appVersion !== undefined) {
    const file = join(dir, 'Chart.yaml');
    const doc = parseDocument(readFileSync(file, 'utf8'));
    if (chart.version !== undefined) doc.set('version', chart.version);
    if (chart.appVersion !== undefined) doc.set('appVersion', chart.appVersion);
    writeFileSync(file, doc.toString());
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
};
