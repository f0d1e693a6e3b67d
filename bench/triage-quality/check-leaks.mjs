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
if (hits.length) {
  console.log(hits.join('\n'));
  process.exit(1);
}
console.log('no answer-revealing words in repo/ or in the SARIF text written for the set');
