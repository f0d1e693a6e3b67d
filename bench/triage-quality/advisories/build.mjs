// Builds the "real-world: advisory pairs" set: for each pair of pairs.mjs (a published
// vulnerable version and the version that fixed the advisory), fetches both versions with the
// ecosystem's client (fetch.mjs), lays out the code files the fix changed (and, unlabelled and
// not scanned, the rest of their folders and the files the fix added or removed) with comments
// blanked under opaque folder names (tree.mjs), runs the pinned scanners over them (scan.mjs)
// and labels the results the pair names:
//   - `real`: a line of the vulnerable version that the advisory's fix is about (the sink the
//     fix removed or guarded); every result there of the pair's class is TRUE_POSITIVE;
//   - `guarded`: a line of the fixed version where the same sink is still called and the fix
//     added a guard or sanitizer before it; every result there of the class is FALSE_POSITIVE.
// Each named line must hold a result of the class, and the function around it must contain a
// line the fix changed (on its side of the diff), or the build fails: a pair whose diff does not
// show the fix at a reported sink is not in the set. Other results are not labelled and stay out.
// Writes .work/advisories/sarif/*.sarif (what triage reads, with tree/) and labels.json beside
// this file (the answers and each case's provenance; read only by the report). Each answer
// carries `heldOut` from its pair: held-out pairs are reported apart and not developed against.
//
// Usage: bash bench/triage-quality/advisories/build.sh [--review] [--only=name,… [--merge]]
//   --review prints, per pair, every result of the pair's class in a function the fix changed,
//   with its line, to choose `real`/`guarded` lines from (labels are not written);
//   --only builds the named pairs (name as in pairs.mjs) into .work/advisories/scratch/, with
//   their labels in scratch/labels.json: the set and labels.json are left as they are;
//   --only=… --merge builds them into .work/advisories/merge/ and then puts them into the set and
//   labels.json in place of their earlier part (merge.mjs): a pair added without a full build.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { languageOf, parseSource } from '../../../packages/codemods/dist/index.js';
import { normalizeLog } from '../../../packages/sarif/dist/index.js';
import { toolKey, triageFinding } from '../../../packages/triage-engine/dist/index.js';
import { fetchVersion } from './fetch.mjs';
import { PAIRS } from './pairs.mjs';
import { mergeIntoSet } from './merge.mjs';
import { CACHE, CONTEXT, HERE, MERGE, OUT, PARTIAL, TREE } from './paths.mjs';
import { SCANNERS } from './scan.mjs';
import { layPair, maskAdvisoryWords } from './tree.mjs';

const review = process.argv.includes('--review');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const pairs = PAIRS.filter((p) => !only || only.includes(p.name));

rmSync(TREE, { recursive: true, force: true });
rmSync(CONTEXT, { recursive: true, force: true });
const laid = [];
for (const pair of pairs) {
  try {
    const dirs = {
      vulnerable: fetchVersion(pair.ecosystem, pair.name, pair.vulnerable),
      fixed: fetchVersion(pair.ecosystem, pair.name, pair.fixed),
    };
    const l = layPair(pair, dirs);
    if (pair.ecosystem === 'go')
      for (const side of ['vulnerable', 'fixed'])
        writeFileSync(
          join(TREE, 'go', l[side], 'go.mod'),
          existsSync(join(dirs[side], 'go.mod'))
            ? maskAdvisoryWords(readFileSync(join(dirs[side], 'go.mod'), 'utf8'))
            : // a module published before modules existed (+incompatible): the path alone
              `module ${pair.name}\n\ngo 1.16\n`,
        );
    laid.push({ pair, ...l });
    // Laying a pair out parses every file it changed (comments blanked): the native syntax
    // trees are freed only when the loop turns (lib.mjs mapTurning); a full build held ~17 GB.
    await turnOfTheLoop();
  } catch (e) {
    console.log(
      `${pair.name} ${pair.vulnerable}..${pair.fixed}: not fetched (${e.message.split('\n')[0]})`,
    );
  }
}

const out = join(OUT, 'sarif');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const findings = [];
for (const [name, scan] of Object.entries(SCANNERS)) {
  const started = Date.now();
  const log = scan();
  if (!log) continue;
  writeFileSync(join(out, `${name}.sarif`), JSON.stringify(log) + '\n');
  const fs = normalizeLog(log).findings;
  console.log(`${name}: ${fs.length} results in ${Date.now() - started} ms`);
  findings.push(...fs);
}

const SETTINGS = { sensitivity: 'balanced', minSeverity: 'info', excludedPaths: [] };
const classOf = (f) =>
  triageFinding(
    { ...f, id: f.fingerprint },
    { status: 'unavailable', reason: 'class only' },
    SETTINGS,
  ).vulnerabilityClass;

const FUNCTIONS = new Set([
  'function_declaration',
  'function_expression',
  'arrow_function',
  'method_definition',
  'function',
  'generator_function_declaration',
  'function_definition',
  'method_declaration',
  'func_literal',
  'constructor_declaration',
]);
/** The line span of the innermost function around `line` (1-based), or the whole file. */
const functionSpan = (path, text, line) => {
  let best = [1, text.split('\n').length];
  const visit = (n) => {
    const r = n.range();
    if (r.start.line + 1 > line || r.end.line + 1 < line) return;
    if (FUNCTIONS.has(n.kind())) best = [r.start.line + 1, r.end.line + 1];
    for (const c of n.children()) visit(c);
  };
  visit(parseSource(languageOf(path), text).root());
  return best;
};

const labels = [];
const problems = [];
for (const c of laid) {
  await turnOfTheLoop();
  const { pair } = c;
  for (const [side, label, snippets] of [
    ['vulnerable', 'TRUE_POSITIVE', pair.real ?? []],
    ['fixed', 'FALSE_POSITIVE', pair.guarded ?? []],
  ]) {
    const prefix = `${pair.ecosystem}/${c[side]}/`;
    const mine = findings.filter((f) => f.location?.uri.startsWith(prefix));
    if (review) {
      for (const file of c.files) {
        const uri = prefix + file.path;
        const text = readFileSync(join(TREE, uri), 'utf8');
        const lines = text.split('\n');
        const changed = side === 'vulnerable' ? file.changedOld : file.changedNew;
        for (const f of mine.filter((x) => x.location.uri === uri)) {
          const [s, e] = functionSpan(file.path, text, f.location.startLine);
          const touched = [...changed].some((l) => l >= s && l <= e);
          if (!touched) continue;
          console.log(
            `[${pair.name} ${side}] ${classOf(f)} ${toolKey(f.tool)} ${f.ruleId.split('.').pop()} ${file.path}:${f.location.startLine}${changed.has(f.location.startLine) ? ' (changed)' : ''}  ${lines[f.location.startLine - 1].trim().slice(0, 140)}`,
          );
        }
      }
      continue;
    }
    for (const snippet of snippets) {
      const [file, spec] = snippet.split('|');
      const nth = /#(\d+)$/.exec(spec);
      const needle = nth ? spec.slice(0, nth.index) : spec;
      const entry = c.files.find((x) => x.path === file);
      if (!entry) {
        problems.push(`${pair.name}: ${file} was not changed by the fix`);
        continue;
      }
      const uri = prefix + file;
      const text = readFileSync(join(TREE, uri), 'utf8');
      const lines = text.split('\n');
      const found = lines.flatMap((l, i) =>
        (needle.startsWith('=') ? l.trim() === needle.slice(1) : l.includes(needle)) ? [i + 1] : [],
      );
      const at = nth ? found.slice(Number(nth[1]) - 1, Number(nth[1])) : found;
      if (at.length !== 1 || (!nth && found.length !== 1)) {
        problems.push(`${pair.name} ${side}: '${needle}' is on ${at.length} lines of ${file}`);
        continue;
      }
      const line = at[0];
      const [s, e] = functionSpan(file, text, line);
      const changed = side === 'vulnerable' ? entry.changedOld : entry.changedNew;
      if (![...changed].some((l) => l >= s && l <= e)) {
        problems.push(
          `${pair.name} ${side}: the fix changed nothing in the function around ${file}:${line}`,
        );
        continue;
      }
      const hits = mine.filter(
        (f) => f.location.uri === uri && f.location.startLine === line && classOf(f) === pair.class,
      );
      if (!hits.length) {
        problems.push(`${pair.name} ${side}: no ${pair.class} result at ${file}:${line}`);
        continue;
      }
      for (const f of hits)
        labels.push({
          key: `${toolKey(f.tool)}|${f.ruleId}|${f.location.uri}|${line}`,
          label,
          origin: 'advisory',
          heldOut: pair.heldOut === true,
          why: `${pair.advisory} (${pair.ecosystem} ${pair.name} ${pair[side]}, ${side === 'vulnerable' ? `fixed in ${pair.fixed}` : `the fix of ${pair.vulnerable}`}): ${file} ${pair.fn}: ${pair.fix}`,
          ...(pair.opened ? { opened: pair.opened } : {}),
          ...(pair.group ? { group: pair.group } : {}),
        });
    }
  }
}
if (review) process.exit(0);
if (problems.length) throw new Error(`pairs out of step with their diffs:\n${problems.join('\n')}`);
const unique = [...new Map(labels.map((l) => [l.key, l])).values()];
writeFileSync(
  join(PARTIAL ? OUT : HERE, 'labels.json'),
  JSON.stringify(
    {
      note: 'Answers for the advisory-pair set (built by build.mjs from pairs.mjs); read only by the report.',
      labels: unique,
    },
    null,
    2,
  ) + '\n',
);
if (MERGE) {
  const { replaced, added } = mergeIntoSet(
    laid.flatMap((c) => [`${c.pair.ecosystem}/${c.vulnerable}`, `${c.pair.ecosystem}/${c.fixed}`]),
    unique,
  );
  console.log(`merged into the set: ${replaced} answers replaced by ${added}`);
}
if (!PARTIAL)
  // The finished build replaces the set's tree, context and SARIF (what lib.mjs reads) at once.
  for (const part of ['tree', 'context', 'sarif']) {
    rmSync(join(CACHE, part), { recursive: true, force: true });
    renameSync(join(OUT, part), join(CACHE, part));
  }
const held = unique.filter((l) => l.heldOut);
console.log(
  `held out: ${held.length} (${held.filter((l) => l.label === 'TRUE_POSITIVE').length} real, ${held.filter((l) => l.label === 'FALSE_POSITIVE').length} false) from ${laid.filter((c) => c.pair.heldOut && ((c.pair.real ?? []).length || (c.pair.guarded ?? []).length)).length} pairs`,
);
console.log(
  `labelled findings: ${unique.length} (${unique.filter((l) => l.label === 'TRUE_POSITIVE').length} real, ${unique.filter((l) => l.label === 'FALSE_POSITIVE').length} false) from ${laid.filter((c) => (c.pair.real ?? []).length).length} pairs`,
);
