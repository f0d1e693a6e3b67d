// ESLint with the security plugins of eslint.scan.config.mjs on shop-api/, SARIF from
// @microsoft/eslint-formatter-sarif (absolute file: URIs, re-rooted at repo/).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO, ROOT, SET_DIR, reroot } from './common.mjs';

export const eslint = () => {
  const run = spawnSync(
    join(ROOT, 'bench', 'node_modules', '.bin', 'eslint'),
    [
      '--no-config-lookup',
      '-c',
      join(SET_DIR, 'eslint.scan.config.mjs'),
      '--format',
      '@microsoft/eslint-formatter-sarif',
      '.',
    ],
    { cwd: join(REPO, 'shop-api'), encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (!run.stdout) throw new Error(`eslint produced nothing: ${run.stderr}`);
  const repoUrl = `${pathToFileURL(REPO).href}/`;
  return reroot(JSON.parse(run.stdout), (uri) =>
    uri.startsWith(repoUrl) ? fileURLToPath(uri).slice(REPO.length + 1) : uri,
  );
};
