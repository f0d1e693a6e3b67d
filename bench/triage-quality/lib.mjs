// Loads the labelled set for run.mjs and fit.mjs: the SARIF documents under sarif/ (normalized by
// the built @remediation/sarif exactly as ingestion does), the corpus picks, the repository
// files as the SourceView, and the answers from labels.json. Uses the built packages (dist/).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { normalizeLog } from '../../packages/sarif/dist/index.js';
import { toolKey } from '../../packages/triage-engine/dist/index.js';
import { CORPUS_PICKS } from './set/corpus-picks.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = join(here, '..', '..', '..', 'shared', 'sarif-corpus');

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const readSarif = (path) => JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));

/** The cross-validation fold (0..4) by a hash of the file: a file's findings share a fold. */
export const foldOf = (group) => createHash('sha256').update(group).digest()[0] % 5;

const asTriageFinding = (f) => ({ ...f, id: f.fingerprint });

/**
 * The findings of every SARIF file in `sarifDir` that `labelsPath` answers, each with its
 * label and the files of `tree` (and `context`) as its source; an answer no finding matches is
 * an error, and so is a finding without an answer when `everyFindingLabelled`.
 */
const labelledFindings = ({
  tree,
  context = null,
  sarifDir,
  labelsPath,
  commit,
  everyFindingLabelled = false,
}) => {
  const { labels } = JSON.parse(readFileSync(labelsPath, 'utf8'));
  const answers = new Map(labels.map((l) => [l.key, l]));
  const files = new Map(
    [tree, ...(context ? [context] : [])].flatMap((dir) =>
      walk(dir).map((p) => [relative(dir, p), readFileSync(p, 'utf8')]),
    ),
  );
  const source = { status: 'available', commit, files };
  const items = [];
  const unmatched = new Set(answers.keys());
  for (const name of readdirSync(sarifDir).filter((n) => n.endsWith('.sarif'))) {
    for (const f of normalizeLog(readSarif(join(sarifDir, name))).findings) {
      const key = `${toolKey(f.tool)}|${f.ruleId}|${f.location?.uri}|${f.location?.startLine}`;
      const answer = answers.get(key);
      if (!answer && everyFindingLabelled) throw new Error(`finding without an answer: ${key}`);
      // The advisory sets label a sink once; a second result at the same key is not counted.
      if (!answer || (!everyFindingLabelled && !unmatched.has(key))) continue;
      unmatched.delete(key);
      items.push({
        key,
        finding: asTriageFinding(f),
        source,
        ...answer,
        fold: foldOf(f.location.uri),
      });
    }
  }
  if (unmatched.size)
    throw new Error(`answers without a finding in ${sarifDir}: ${[...unmatched].join(', ')}`);
  return items;
};

/** Every labelled finding: `{ key, finding, source, label, why, origin, fold }`. */
export const loadSet = () => {
  const items = labelledFindings({
    tree: join(here, 'repo'),
    sarifDir: join(here, 'sarif'),
    labelsPath: join(here, 'labels.json'),
    commit: 'labelled-set',
    everyFindingLabelled: true,
  });
  const unavailable = {
    status: 'unavailable',
    reason: 'corpus finding: the repository is not mirrored here',
  };
  const corpus = new Map();
  for (const pick of CORPUS_PICKS) {
    if (!corpus.has(pick.file))
      corpus.set(pick.file, normalizeLog(readSarif(join(corpusDir, pick.file))).findings);
    const f = corpus
      .get(pick.file)
      .find(
        (x) =>
          x.ruleId?.endsWith(pick.rule) &&
          x.location?.startLine === pick.line &&
          x.location.uri.endsWith(pick.uri),
      );
    if (!f)
      throw new Error(`corpus pick not found: ${pick.file} ${pick.rule} ${pick.uri}:${pick.line}`);
    const key = `corpus|${pick.file}|${f.ruleId}|${f.location.uri}|${pick.line}`;
    items.push({
      key,
      finding: asTriageFinding(f),
      source: unavailable,
      label: pick.label,
      why: pick.why,
      origin: 'corpus',
      fold: foldOf(`${pick.file}:${f.location.uri}`),
    });
  }
  return items;
};

const LANGUAGES = {
  js: 'JS/TS',
  mjs: 'JS/TS',
  cjs: 'JS/TS',
  jsx: 'JS/TS',
  ts: 'JS/TS',
  tsx: 'JS/TS',
  py: 'Python',
  java: 'Java',
  go: 'Go',
};
export const languageOfItem = (item) =>
  LANGUAGES[item.finding.location?.uri.split('.').pop()] ?? 'other';

/**
 * The "real-world: advisory pairs" set (advisories/build.sh): the scanners' SARIF and the laid-out
 * sources from the git-ignored build area, the answers from advisories/labels.json. Each item has
 * `heldOut: true` when its pair is held out (added to be reported apart, never developed against;
 * `heldOut` in advisories/pairs.mjs), else `false`, `opened` (the date an earlier held-out
 * group was opened for development, else null) and `group` (which held-out group, else null). Null when the set has not been built on this
 * machine.
 */
export const loadAdvisorySet = () => {
  const work = join(here, '.work', 'advisories');
  const tree = join(work, 'tree');
  const sarifDir = join(work, 'sarif');
  const labelsPath = join(here, 'advisories', 'labels.json');
  try {
    statSync(tree);
    statSync(sarifDir);
  } catch {
    return null;
  }
  // The files around the analysed ones (no scanner read them): sources of the checkout, as a
  // repository gives triage. Absent in a set built before they were laid out.
  const context = join(work, 'context');
  return labelledFindings({
    tree,
    context: existsSync(context) ? context : null,
    sarifDir,
    labelsPath,
    commit: 'advisory-pairs',
  }).map((item) => ({
    ...item,
    heldOut: item.heldOut === true,
    opened: item.opened ?? null,
    group: item.group ?? null,
  }));
};

/**
 * `items.map(fn)`, letting the event loop turn after every item. The engine reads syntax trees
 * through ast-grep's native node wrappers, thousands per finding, and Node runs the finalizers
 * that free their native memory only when the loop turns: a synchronous pass over the 924
 * labelled findings held about 6 GB, and run.mjs's ten passes exceeded the machine.
 */
export const mapTurning = async (items, fn) => {
  const out = [];
  for (const item of items) {
    out.push(fn(item));
    await turnOfTheLoop();
  }
  return out;
};
