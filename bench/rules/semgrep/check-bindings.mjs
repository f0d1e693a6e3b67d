// Checks that the Semgrep rules kept here produce every Semgrep rule id a codemod declares.
//
// Input: Semgrep's JSON output of these rules run (from the repository root, with
// `--config bench/rules/semgrep`) over their own test targets, whose `ruleid:` annotations make
// every rule report at least once (semgrep --test checks that). The ids are therefore the ones
// Semgrep really reports, prefix included, and they are matched with the codemods' own
// `ruleMatches`, exactly as the fixer binds findings to codemods.
//
// Usage: node bench/rules/semgrep/check-bindings.mjs <semgrep.json>
// Exits 1 when a declared id has no rule. Prints the codemods that declare no Semgrep id and
// the rules no codemod declares (Go DES and RC4: replacing a cipher needs a key and format migration).
import { readFileSync } from 'node:fs';
import { CODEMODS, ruleMatches } from '../../../packages/codemods/dist/index.js';

const [input] = process.argv.slice(2);
if (!input) {
  console.error('usage: check-bindings.mjs <semgrep.json>');
  process.exit(2);
}
const output = JSON.parse(readFileSync(input, 'utf8'));
const reported = [...new Set(output.results.map((r) => r.check_id))].sort();

const unbound = [];
const undeclaring = [];
const used = new Set();
for (const codemod of CODEMODS) {
  const declared = codemod.rules.semgrep ?? [];
  if (declared.length === 0) undeclaring.push(codemod.id);
  for (const id of declared) {
    const hits = reported.filter((r) => ruleMatches('semgrep', id, r));
    hits.forEach((r) => used.add(r));
    if (hits.length === 0) unbound.push(`${codemod.id}: ${id}`);
    else if (hits.length > 1) console.log(`note: ${id} is matched by ${hits.length} rules`);
  }
}
const declaredCount = CODEMODS.reduce((n, c) => n + (c.rules.semgrep ?? []).length, 0);

console.log(
  `${reported.length} rules reported; ${declaredCount} Semgrep ids declared by ${CODEMODS.length} codemods; ${declaredCount - unbound.length} bound`,
);
console.log(`codemods declaring no Semgrep id (${undeclaring.length}): ${undeclaring.join(', ')}`);
const spare = reported.filter((r) => !used.has(r));
console.log(`rules no codemod declares (${spare.length}):`);
spare.forEach((r) => console.log(`  ${r}`));
if (unbound.length > 0) {
  console.log(`declared ids no rule produces (${unbound.length}):`);
  unbound.forEach((u) => console.log(`  ${u}`));
  process.exitCode = 1;
}
