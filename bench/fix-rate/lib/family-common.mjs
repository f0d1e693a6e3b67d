// What the three families share: every finding is a real scanner's result, classed by the codemod
// the pipeline binds to its tool and rule (packages/codemods, the same lookup the fixer makes),
// and tied to a labelled site of that class on its file for counting (labels are read by the
// bench only, never uploaded).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codemodsFor, languageOf } from '@remediation/codemods';
import { siteWindow } from './pipeline-blocks.mjs';
import { checkoutUriOf, resultsOf } from './sarif-results.mjs';

export const NO_CODEMOD = '(no codemod)';
/** A result this close to a labelled site of its class, in the same method, reports that site. */
const NEAR = 3;

/** The labels file of a family. */
export const readLabels = (fixRate, key) =>
  JSON.parse(readFileSync(join(fixRate, 'labels', `${key}.json`), 'utf8')).sites;

/**
 * Class helpers over a family's labels. `codemodClass` maps a codemod id to the labels' class
 * name; `fallbackClass` classes a result no codemod is bound to (else `(no codemod)`).
 */
export const classing = ({
  project,
  labels,
  codemodClass = (id) => id.split('/')[1],
  fallbackClass,
}) => {
  const candidates = (f) => {
    const language = languageOf(f.path);
    const ids = language ? codemodsFor(f.tool, f.ruleId, language).map((c) => c.id) : [];
    return [...new Set(ids.map(codemodClass))];
  };
  const classOf = (f) => candidates(f)[0] ?? fallbackClass?.(f) ?? NO_CODEMOD;
  const windows = new Map();
  const windowOf = (l) => {
    if (!windows.has(l)) windows.set(l, siteWindow(l, readFileSync(join(project, l.file), 'utf8')));
    return windows.get(l);
  };
  /**
   * The labelled site a result reports: a label of one of its classes on its lines, else the
   * nearest one (at most NEAR lines away) in the same method — SpotBugs reports the line of the
   * bytecode instruction (`executeQuery(sql)`), the label names where the flaw is written.
   */
  const labelOf = (f) => {
    const classes = new Set([...candidates(f), f.class ?? classOf(f)]);
    const mine = labels.filter((l) => l.file === f.path && classes.has(l.class));
    const end = Math.max(f.endLine ?? f.line, f.line);
    const on = mine.find((l) => f.line <= l.line && l.line <= end);
    if (on) return on;
    const near = mine
      .filter((l) => Math.abs(l.line - f.line) <= NEAR)
      .filter((l) => {
        const w = windowOf(l);
        return w.from <= f.line && f.line <= w.to;
      })
      .sort((a, b) => Math.abs(a.line - f.line) - Math.abs(b.line - f.line));
    return near[0];
  };
  return { classOf, labelOf };
};

/** One scan: the scanners' SARIF logs merged into one document (one run per tool), as uploaded. */
export const merged = (logs) => ({
  version: '2.1.0',
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  runs: logs.flatMap((l) => l.runs),
});

/** Flat results of a scan with their class, for the re-scan comparison. */
export const flatResults = (sarif, dir, classOf) =>
  resultsOf(sarif, dir).map((r) => ({ ...r, class: classOf(r) }));

export { checkoutUriOf };
