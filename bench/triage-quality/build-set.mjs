// Builds the labelled set's SARIF documents and labels.json by running real scanners on the
// repository under repo/ (scanners/*.mjs; the pinned tools of scripts/lib.sh):
//   - ESLint (eslint-plugin-security, sonarjs, no-unsanitized) on shop-api/ (JavaScript),
//   - Bandit 1.9.4, native SARIF, on catalog-service/ (Python),
//   - gosec v2.30.0 on inventory/ (Go),
//   - SpotBugs 4.10.4 + Find Security Bugs 1.14.0 on billing/ (Java, compiled here with javac),
//   - Semgrep 1.185.0 with bench/rules/semgrep on everything, once rules exist there.
// Each scanner's SARIF is stored as it wrote it, except for file URIs made relative to repo/ and
// volatile run data removed (scanners/common.mjs). Every result must have an answer in
// set/real-labels.mjs and every answer a result (the build fails otherwise). The SARIF carries
// no label; labels.json is read only by run.mjs and fit.mjs to score the verdicts.
//
// Usage: bash bench/triage-quality/build-set.sh [--skip=semgrep,…]   (installs the scanners, then
// runs this file with the same arguments)
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { toolKey } from '../../packages/triage-engine/dist/index.js';
import { bandit } from './scanners/bandit.mjs';
import { REPO, SET_DIR } from './scanners/common.mjs';
import { eslint } from './scanners/eslint.mjs';
import { gosec } from './scanners/gosec.mjs';
import { semgrep, semgrepRulesPresent } from './scanners/semgrep.mjs';
import { spotbugs } from './scanners/spotbugs.mjs';
import { REAL_LABELS } from './set/real-labels.mjs';

const SCANNERS = { eslint, bandit, gosec, spotbugs, semgrep };
// `--skip=a,b` leaves scanners out (their answers unchecked, their SARIF not written).
const skip = (process.argv.find((a) => a.startsWith('--skip='))?.slice(7) ?? '').split(',');
const wanted = Object.keys(SCANNERS).filter(
  (n) => !skip.includes(n) && (n !== 'semgrep' || semgrepRulesPresent()),
);
if (!semgrepRulesPresent()) console.log('semgrep: no rules in bench/rules/semgrep yet, skipped');

const out = join(SET_DIR, 'sarif');
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) rmSync(join(out, name));

/**
 * The reference of a flagged line: its trimmed text, with `#n` when the same text occurs more
 * than once in the file (the n-th occurrence), so identical lines get their own answers.
 */
const lineRef = (uri, line) => {
  const lines = readFileSync(join(REPO, uri), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  const text = lines[line - 1] ?? '';
  const same = lines.flatMap((l, i) => (l === text ? [i + 1] : []));
  return same.length > 1 ? `${text}#${same.indexOf(line) + 1}` : text;
};
const labels = [];
const problems = [];
const counts = [];
for (const name of wanted) {
  const started = Date.now();
  const log = SCANNERS[name]();
  writeFileSync(join(out, `${name}.sarif`), JSON.stringify(log, null, 1) + '\n');
  const answers = REAL_LABELS[name] ?? {};
  const used = new Set();
  const seen = new Set();
  let results = 0;
  for (const run of log.runs) {
    const tool = toolKey(run.tool.driver.name);
    if (!tool) throw new Error(`${name}: the triage engine does not know ${run.tool.driver.name}`);
    for (const r of run.results ?? []) {
      results++;
      const pl = r.locations[0].physicalLocation;
      const uri = pl.artifactLocation.uri;
      const line = pl.region.startLine;
      // Answers are keyed by the flagged line's text, so they survive line shifts in repo/.
      const ref = `${uri}|${r.ruleId}|${lineRef(uri, line)}`;
      const entry = answers[ref];
      if (!entry) {
        problems.push(`${name}: no answer for '${ref}'`);
        continue;
      }
      used.add(ref);
      const key = `${tool}|${r.ruleId}|${uri}|${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      labels.push({ key, label: entry.label, why: entry.why, origin: 'repo' });
    }
  }
  for (const ref of Object.keys(answers))
    if (!used.has(ref))
      problems.push(`${name}: answer for a result it no longer reports: '${ref}'`);
  counts.push(`${name} ${results} results (${seen.size} sites) in ${Date.now() - started} ms`);
}
for (const name of Object.keys(REAL_LABELS))
  if (!wanted.includes(name)) console.log(`${name}: not run, its answers are not checked`);
if (problems.length)
  throw new Error(`labels out of step with the scanners:\n${problems.join('\n')}`);
writeFileSync(
  join(SET_DIR, 'labels.json'),
  JSON.stringify(
    {
      note: 'Answers for the labelled set; read only by run.mjs and fit.mjs to score verdicts.',
      labels,
    },
    null,
    1,
  ) + '\n',
);
console.log(`${counts.join('\n')}\nlabelled findings: ${labels.length}`);
