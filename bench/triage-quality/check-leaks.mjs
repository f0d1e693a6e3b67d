// Checks that the labelled set's code and SARIF carry no hint of the answers: no file name,
// path, identifier, comment or string in repo/ and no text we wrote into sarif/ says
// vulnerable/safe/bad/good/fp/tp. Real API names (werkzeug's secure_filename, PyYAML's
// SafeLoader) are allowed: they are what the code really calls. Scanner rule ids, names and
// messages are the scanners' own words, the same for every finding of a rule.
// Usage: node bench/triage-quality/check-leaks.mjs (exits 1 on a hit)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const WORDS =
  /(?<![A-Za-z])(vuln\w*|unsafe|safe|bad|good|benign|malicious|fp|tp|false[ _-]?positive|true[ _-]?positive|exploit\w*|attack\w*|tainted|sanitized)(?![a-z])/i;
const ALLOWED = [/secure_filename/g, /SafeLoader/g, /safe_load/g];
const walk = (dir) =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
  );

const hits = [];
const scan = (where, text) => {
  const clean = ALLOWED.reduce((t, re) => t.replace(re, ''), text);
  clean.split('\n').forEach((line, i) => {
    const m = WORDS.exec(line);
    if (m) hits.push(`${where}:${i + 1}: "${m[0]}" in ${line.trim().slice(0, 120)}`);
  });
};
for (const path of walk(join(here, 'repo'))) {
  scan(`path ${relative(here, path)}`, relative(join(here, 'repo'), path));
  scan(relative(here, path), readFileSync(path, 'utf8'));
}
for (const name of readdirSync(join(here, 'sarif'))) {
  const log = JSON.parse(readFileSync(join(here, 'sarif', name), 'utf8'));
  for (const run of log.runs)
    for (const r of run.results ?? []) {
      const authored = [
        ...(r.codeFlows ?? []).flatMap((cf) =>
          cf.threadFlows.flatMap((tf) => tf.locations.map((l) => l.location?.message?.text ?? '')),
        ),
        ...(r.suppressions ?? []).map((s) => s.justification ?? ''),
        ...(r.locations ?? []).map((l) => l.physicalLocation?.artifactLocation?.uri ?? ''),
      ];
      scan(`sarif/${name} ${r.ruleId}`, authored.join('\n'));
    }
}
// The advisory-pair set (advisories/build.sh), when built here: what triage reads there is the
// laid-out package code with comments blanked, under opaque folders, and the scanners' SARIF.
// Nothing in it may name an advisory, the pair's versions, or say what was fixed.
const tree = join(here, '.work', 'advisories', 'tree');
let built = false;
try {
  built = statSync(tree).isDirectory();
} catch {
  // not built on this machine
}
if (built) {
  const { PAIRS } = await import('./advisories/pairs.mjs');
  const { ADVISORY_WORDS, caseId } = await import('./advisories/tree.mjs');
  const versionsOf = new Map(
    PAIRS.flatMap((p) =>
      ['vulnerable', 'fixed'].map((side) => [
        caseId(p.ecosystem, p.name, p[side]),
        [p.vulnerable, p.fixed].filter((v) => /^\d+\.\d+/.test(v)),
      ]),
    ),
  );
  // Every file triage reads there: the scanned tree and the checkout around it (context/).
  const ADVISORY = new RegExp(ADVISORY_WORDS.source, 'i');
  const context = join(here, '.work', 'advisories', 'context');
  const readable = [tree, context].flatMap((root) => {
    try {
      return walk(root).map((path) => [root, path]);
    } catch {
      return []; // no context/ in a set built before it
    }
  });
  for (const [root, path] of readable) {
    const rel = relative(root, path);
    const shown = `advisories ${relative(here, path)}`;
    const text = readFileSync(path, 'utf8');
    for (const v of versionsOf.get(rel.split('/')[1]) ?? [])
      if (text.includes(`'${v}'`) || text.includes(`"${v}"`) || rel.includes(v))
        hits.push(`${shown}: names a pair's version ${v}`);
    text.split('\n').forEach((line, i) => {
      const m = ADVISORY.exec(line);
      if (m) hits.push(`${shown}:${i + 1}: "${m[0]}" in ${line.trim().slice(0, 120)}`);
    });
  }
}
if (hits.length) {
  console.log(hits.join('\n'));
  process.exit(1);
}
console.log('no answer-revealing words in repo/ or in the SARIF text written for the set');
