// Bandit 1.9.4 on catalog-service/ with its own SARIF formatter (`-f sarif`); it names files as
// given on the command line, so running from repo/ makes them repo-relative already.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO, WORK, readSarif, reroot, tool } from './common.mjs';

export const bandit = () => {
  const out = join(WORK, 'bandit.sarif');
  const run = spawnSync(tool('bandit'), ['-r', 'catalog-service', '-f', 'sarif', '-q', '-o', out], {
    cwd: REPO,
    encoding: 'utf8',
  });
  // Bandit exits 1 when it reports issues.
  if (run.status !== 0 && run.status !== 1) throw new Error(`bandit failed: ${run.stderr}`);
  return reroot(readSarif(out, 'bandit', run), (uri) => uri);
};
