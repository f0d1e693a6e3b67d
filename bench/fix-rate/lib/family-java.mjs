// The Java family of the end-to-end fix rate. THE SARIF IS SYNTHESIZED: no Java SAST scanner
// installs here, so lib/java-sarif.mjs writes CodeQL- and Semgrep-shaped SARIF (the corpus's
// shapes, real rule ids, CodeQL code flows) for the labelled sites, as java-direct.mjs does.
// The checks are javac over every file plus the project's behaviour check; the re-scan is the
// independent pattern detector lib/java-detect.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, javacVersion, runChecks } from './java-apply.mjs';
import { detectProject } from './java-detect.mjs';
import { codeqlSarif, semgrepSarif } from './java-sarif.mjs';

const FIX_RATE = join(import.meta.dirname, '..');
const LABELS = JSON.parse(readFileSync(join(FIX_RATE, 'labels', 'java.json'), 'utf8')).sites;

/** The label whose synthesized report this result is (rule, file and line). */
const labelOf = (f) =>
  LABELS.find((l) =>
    l.reports.some(
      (r) =>
        r.rule === f.ruleId &&
        (r.at ?? r.span).file === f.path &&
        (r.at?.line ?? r.span.fromLine) === f.line,
    ),
  );

let javac = null;

export const javaFamily = {
  key: 'java',
  name: 'Java',
  project: join(FIX_RATE, 'projects', 'java'),
  labels: LABELS,
  prepare: () => {
    javac = javacVersion();
  },
  scan(dir) {
    const codeql = codeqlSarif(LABELS, dir);
    const semgrep = semgrepSarif(LABELS, dir);
    return {
      sarif: { ...codeql, runs: [...codeql.runs, ...semgrep.runs] },
      checkoutUri: null,
      scanner: `SYNTHESIZED SARIF, not a scanner run: CodeQL-shaped ${codeql.runs[0].results.length} and Semgrep-shaped ${semgrep.runs[0].results.length} results written from labels/java.json (lib/java-sarif.mjs); re-scan: the pattern detector lib/java-detect.mjs; ${javac}`,
    };
  },
  /** Results of a real scanner run (the rest are written from the labels). */
  real: () => false,
  classOf: (f) => labelOf(f)?.class,
  labelOf,
  /** The detector reports classes at lines: a finding stands for its label's site. */
  sameFinding: (f, a, lines) =>
    (f.label?.class ?? f.class) === a.class &&
    (f.label?.file ?? f.path) === a.path &&
    lines.includes(f.label?.line ?? f.line),
  rescanned: (f) => Boolean(f.label),
  rescan: (dir) =>
    detectProject(dir).map((d) => ({
      tool: 'java-detect',
      ruleId: d.class,
      class: d.class,
      path: d.file,
      line: d.line,
      message: d.text,
    })),
  auditOnly: () => false,
  check(dir) {
    const build = compile(dir);
    const checks = build.ok ? runChecks(build.classes) : { ok: false, output: build.output };
    return {
      broken: build.broken,
      tests: { passed: checks.ok ? 1 : 0, failed: checks.ok ? 0 : 1, ok: build.ok && checks.ok },
      testOutput: checks.output,
    };
  },
};
