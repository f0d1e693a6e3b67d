import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '../stack.js';

const SERVICES = fileURLToPath(new URL('../../../services/', import.meta.url));

/**
 * Every deployable of the repository: a directory under `services/` with a package.json and a
 * `src/main.ts` (a service still being written has no entry point yet). A new service is
 * covered by these tests without a change here.
 */
export const deployables = (): ServiceName[] =>
  readdirSync(SERVICES, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        existsSync(`${SERVICES}${d.name}/package.json`) &&
        existsSync(`${SERVICES}${d.name}/src/main.ts`),
    )
    .map((d) => d.name as ServiceName)
    .sort();
