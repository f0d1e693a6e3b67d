// gosec v2.30.0 on inventory/ (`gosec -fmt sarif ./...`, a module of its own: inventory/go.mod).
// `-tests` scans the _test.go files too, as the set has test code on purpose; `-track-suppressions`
// keeps `#nosec` results in the SARIF as suppressed results instead of dropping them. `./...`
// skips vendor/, as gosec does everywhere. Offline: the module has no dependencies to fetch.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO, WORK, readSarif, reroot, tool, underRepo } from './common.mjs';

export const gosec = () => {
  const dir = join(REPO, 'inventory');
  const out = join(WORK, 'gosec.sarif');
  rmSync(out, { force: true });
  const run = spawnSync(
    tool('gosec'),
    ['-fmt', 'sarif', '-out', out, '-quiet', '-tests', '-track-suppressions', './...'],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, GOPROXY: 'off' } },
  );
  // gosec exits 1 when it reports issues.
  if (run.status !== 0 && run.status !== 1) throw new Error(`gosec failed: ${run.stderr}`);
  return reroot(readSarif(out, 'gosec', run), underRepo(dir));
};
