// `build.sh --only=… --merge`: puts the pairs just built (in merge/) into the set in place of
// their earlier part, so adding a pair or a group does not need a full build (about 45 minutes,
// most of it Semgrep over every pair). Sound because every scanner's results for a case folder
// depend on that folder alone: ESLint, Semgrep and Bandit read file by file, gosec runs per case.
// In the set, each SARIF document keeps its runs with the merged cases' results taken out, and
// gets the new build's runs after them (SARIF allows several runs of one tool, as gosec's per-case
// runs already are); the case folders of tree/ and context/ are replaced; labels.json loses the
// merged cases' answers and gets the new ones.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { CACHE, HERE, OUT } from './paths.mjs';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** The file a result is about: its artifact location's uri, or the uri of the artifact it indexes. */
const resultUri = (run, result) => {
  const loc = result.locations?.[0]?.physicalLocation?.artifactLocation;
  return loc?.uri ?? run.artifacts?.[loc?.index ?? -1]?.location?.uri ?? '';
};

/**
 * Replaces the set's part for `cases` (`<ecosystem>/<case id>` folders) by what this build wrote
 * in OUT, and their answers in labels.json by `labels`.
 */
export const mergeIntoSet = (named, labels) => {
  // A version can be in two pairs of a package (the fixed one of a pair, the vulnerable one of
  // the next): its folder is one case.
  const cases = [...new Set(named)];
  const tree = join(CACHE, 'tree');
  const sarif = join(CACHE, 'sarif');
  if (!existsSync(tree) || !existsSync(sarif))
    throw new Error('there is no set to merge into: run a full build first');
  const ours = (uri) => cases.some((c) => uri.startsWith(`${c}/`));
  const names = new Set(
    [...readdirSync(sarif), ...readdirSync(join(OUT, 'sarif'))].filter((n) => n.endsWith('.sarif')),
  );
  const documents = [...names].map((name) => {
    const old = existsSync(join(sarif, name))
      ? readJson(join(sarif, name))
      : { version: '2.1.0', runs: [] };
    const fresh = existsSync(join(OUT, 'sarif', name))
      ? readJson(join(OUT, 'sarif', name)).runs
      : [];
    const kept = old.runs.flatMap((run) => {
      const results = (run.results ?? []).filter((r) => !ours(resultUri(run, r)));
      // A run that held only the merged cases' results (gosec's per-case runs) goes with them.
      return run.results?.length && !results.length ? [] : [{ ...run, results }];
    });
    return [name, { ...old, runs: [...kept, ...fresh] }];
  });
  for (const [name, doc] of documents)
    writeFileSync(join(sarif, `${name}.merging`), JSON.stringify(doc) + '\n');
  for (const [name] of documents) renameSync(join(sarif, `${name}.merging`), join(sarif, name));
  for (const part of ['tree', 'context'])
    for (const c of cases) {
      const into = join(CACHE, part, c);
      rmSync(into, { recursive: true, force: true });
      if (!existsSync(join(OUT, part, c))) continue;
      mkdirSync(dirname(into), { recursive: true });
      renameSync(join(OUT, part, c), into);
    }
  const path = join(HERE, 'labels.json');
  const set = readJson(path);
  const others = set.labels.filter((l) => !cases.some((c) => l.key.includes(`|${c}/`)));
  writeFileSync(path, JSON.stringify({ ...set, labels: [...others, ...labels] }, null, 2) + '\n');
  return { replaced: set.labels.length - others.length, added: labels.length };
};
