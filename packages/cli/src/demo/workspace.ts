import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The workspace root (the folder with pnpm-workspace.yaml) above `from`: the demo's scanner
 * configuration, the bench package's ESLint and `.tools/bin` are found from it.
 */
export const findWorkspaceRoot = (
  from: string = dirname(fileURLToPath(import.meta.url)),
): string | undefined => {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
};
