import type { ForgeRepository } from '../types.js';

const encodePath = (value: string) => value.split('/').map(encodeURIComponent).join('/');

/**
 * The compare URL of a published branch from a template such as
 * `https://git.example.com/{repo}/compare/{base}...{branch}` (each value URL-encoded segment by
 * segment, slashes kept); null without a template.
 */
export const compareUrl = (
  template: string | undefined,
  repo: ForgeRepository,
  base: string,
  branch: string,
): string | null =>
  template === undefined
    ? null
    : template
        .replaceAll('{repo}', encodePath(repo.fullName))
        .replaceAll('{base}', encodePath(base))
        .replaceAll('{branch}', encodePath(branch));
