import { minimatch } from 'minimatch';
import { severityRank } from './severity.js';
import type { Severity } from './types.js';

/** Directory globs (`vendor/`) cover everything below; globs without `/` match any base name. */
const expand = (glob: string): string => (glob.endsWith('/') ? `${glob}**` : glob);

/** The first `excluded_paths` glob matching a repository-relative path, or null. */
export const excludedBy = (path: string, globs: readonly string[]): string | null => {
  const clean = path.replace(/^\.?\/+/, '');
  for (const glob of globs) {
    const pattern = expand(glob.trim().replace(/^\.?\/+/, ''));
    if (!pattern) continue;
    if (minimatch(clean, pattern, { dot: true, matchBase: !pattern.includes('/'), nocase: false }))
      return glob;
  }
  return null;
};

/** True when `severity` is below the repository's `min_severity`. */
export const belowMinimum = (severity: Severity, minimum: Severity): boolean =>
  severityRank(severity) < severityRank(minimum);
