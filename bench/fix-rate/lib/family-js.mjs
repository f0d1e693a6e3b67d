// The JS/TS family of the end-to-end fix rate: the real ESLint scan (lib/js-scanner.mjs), the
// CodeQL-shaped results js-direct.mjs writes from the labels for the sites ESLint does not
// report (one extra SARIF run, named as such), the project's checks (syntax of every file,
// node:test suite) and the re-scan, exactly as js-direct.mjs does them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { codemodsFor, languageOf } from '@remediation/codemods';
import { brokenFiles, runTests } from './js-apply.mjs';
import { codeqlShaped, findingsFromSarif } from './js-sarif.mjs';
import { ensureJsScanner, scanJs } from './js-scanner.mjs';

const FIX_RATE = join(import.meta.dirname, '..');
const LABELS = JSON.parse(readFileSync(join(FIX_RATE, 'labels', 'js.json'), 'utf8')).sites;

const classOf = (f) => {
  const language = languageOf(f.path);
  const codemod = language && codemodsFor(f.tool, f.ruleId, language)[0];
  return codemod ? codemod.id.split('/')[1] : '(no codemod)';
};
/** js-direct.mjs's matching: the label of the finding's class on its line, else in its range. */
const labelOf = (f) =>
  LABELS.find((l) => l.file === f.path && l.line === f.line && l.class === f.class) ??
  LABELS.find(
    (l) =>
      l.file === f.path &&
      l.class === f.class &&
      f.line <= l.line &&
      l.line <= (f.endLine ?? f.line),
  );

const flat = (f) => ({
  tool: f.tool,
  ruleId: f.ruleId,
  path: f.path,
  line: f.location.startLine,
  endLine: f.location.endLine,
  message: f.message,
});

/** One SARIF run in CodeQL's shape for the findings js-direct.mjs writes from the labels. */
const codeqlRun = (findings) => ({
  tool: {
    driver: {
      name: 'CodeQL',
      semanticVersion: '2.19.3',
      rules: [...new Set(findings.map((f) => f.ruleId))].map((id) => ({ id, name: id })),
    },
  },
  results: findings.map((f) => ({
    ruleId: f.ruleId,
    message: { text: f.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: f.path }, region: f.location } }],
  })),
  properties: { synthesized: true },
});

export const jsFamily = {
  key: 'js',
  name: 'JS/TS',
  project: join(FIX_RATE, 'projects', 'js'),
  labels: LABELS,
  prepare: () => ensureJsScanner(),
  scan(dir) {
    const sarif = scanJs(dir);
    const eslint = findingsFromSarif(sarif, dir).map(flat);
    const reported = new Set(
      eslint.map((f) => labelOf({ ...f, class: classOf(f) })).filter(Boolean),
    );
    const shaped = LABELS.filter(
      (l) => !reported.has(l) && (l.expected === 'fixed' || l.why.startsWith('vulnerable')),
    ).map((l) => codeqlShaped(l, readFileSync(join(dir, l.file), 'utf8')));
    return {
      sarif: { ...sarif, runs: [...sarif.runs, codeqlRun(shaped)] },
      // ESLint writes absolute file:// URIs; the upload names the checkout they are under.
      checkoutUri: pathToFileURL(`${dir}/`).href,
      scanner: `ESLint (security, sonarjs, no-unsanitized) ${eslint.length} findings; CodeQL-shaped results written from the labels for sites ESLint does not report: ${shaped.length}`,
    };
  },
  /** Results of a real scanner run (the rest are written from the labels). */
  real: (f) => f.tool === 'ESLint',
  classOf,
  /** A re-scan result standing for a finding: same rule and path, at one of its original lines. */
  sameFinding: (f, a, lines) =>
    f.path === a.path && f.ruleId === a.ruleId && lines.includes(f.line),
  /** Findings the re-scan (the same scanner) speaks for. */
  rescanned: (f) => f.tool === 'ESLint',
  labelOf,
  rescan: (dir) =>
    findingsFromSarif(scanJs(dir), dir).map((f) => ({ ...flat(f), class: classOf(f) })),
  auditOnly: () => false,
  check(dir) {
    const broken = brokenFiles(dir);
    const tests = runTests(dir);
    return {
      broken,
      tests: { passed: tests.pass, failed: tests.fail, ok: tests.status === 0 },
      testOutput: tests.output,
    };
  },
};
