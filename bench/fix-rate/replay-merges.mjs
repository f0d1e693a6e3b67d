// Replays the merges of fixes a `run.mjs --fixes <prefix>` run wrote, without the pipeline or
// the scanners: the family's project committed into a local repository, then the fixes merged
// one at a time in every order the bench tries, each brought up to date first by pr-publisher's
// refresh (`mergeInTurn`). Prints per order what did not merge and which files no longer
// compile. For working on the refresh: seconds instead of a full run.
//
// Usage: node bench/fix-rate/replay-merges.mjs <prefix>-<family>-<grouping>.json
// (needs `pnpm build` of services/pr-publisher; the family is read from the file name).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { javaFamily } from './lib/family-java.mjs';
import { jsFamily } from './lib/family-js.mjs';
import { pythonFamily } from './lib/family-python.mjs';
import { mergeOrders } from './lib/merge-orders.mjs';
import {
  cleanCheckout,
  commitProject,
  filesDiffering,
  headFiles,
  mergeInTurn,
  removeCheckout,
} from './lib/pipeline-git.mjs';

const file = process.argv[2];
const key = /-(js|python|java)-(finding|file)\.json$/.exec(basename(file ?? ''))?.[1];
const family = [jsFamily, pythonFamily, javaFamily].find((f) => f.key === key);
if (!family) throw new Error('usage: replay-merges.mjs <prefix>-<js|python|java>-<grouping>.json');
const fixes = JSON.parse(readFileSync(file, 'utf8')).map((f) => ({ ...f, finding_ids: [] }));

const { repo, commit } = commitProject(family.project);
try {
  let first = null;
  for (const order of mergeOrders(fixes)) {
    const dir = cleanCheckout(repo, commit, `replay-${family.key}`);
    try {
      const applied = await mergeInTurn(dir, commit, order.fixes);
      const files = headFiles(dir);
      first ??= files;
      const missed = applied.filter(
        (a) => a.outcome !== 'merged' && a.outcome !== 'already_merged',
      );
      const broken = family.broken(dir);
      const differing = filesDiffering(first, files);
      console.log(
        `${order.name}: ${missed.length} of ${fixes.length} do not merge; broken ${broken.length ? broken.join(', ') : 'none'}; differs from the first order in ${differing.length ? differing.join(', ') : 'nothing'}`,
      );
      for (const a of missed)
        console.log(`  ${a.fix.codemod} ${JSON.stringify(a.fix.at)} ${a.outcome}: ${a.detail}`);
    } finally {
      removeCheckout(dir);
    }
  }
} finally {
  repo.remove();
}
