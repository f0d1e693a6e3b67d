import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Absolute path of a file inside the repository. */
export const repoPath = (...parts: string[]): string => join(REPO_ROOT, ...parts);

/** Reads a repository file as UTF-8. */
export const readRepoFile = (...parts: string[]): string =>
  readFileSync(repoPath(...parts), 'utf8');

/**
 * The deployables: every directory under `services/` with a package.json, sorted. Deployment
 * files (compose, Prometheus targets, chart values) must name exactly these.
 */
export const listServices = (root: string = REPO_ROOT): string[] =>
  readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'services', d.name, 'package.json')))
    .map((d) => d.name)
    .sort();
