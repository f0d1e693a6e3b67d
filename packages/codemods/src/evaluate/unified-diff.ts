import { formatPatch, structuredPatch } from 'diff';
import type { FileChange } from '../types.js';

/**
 * A unified diff of the changed files that `git apply` accepts: a `diff --git a/<path>
 * b/<path>` header, `---`/`+++` with `a/` and `b/` prefixes, 3 lines of context, CRLF kept
 * inside lines and `\ No newline at end of file` where a file has none.
 */
export const unifiedDiff = (files: readonly FileChange[]): string =>
  files
    .filter((f) => f.before !== f.after)
    .map((f) => {
      const patch = structuredPatch(`a/${f.path}`, `b/${f.path}`, f.before, f.after, '', '', {
        context: 3,
      });
      return formatPatch({ ...patch, oldHeader: undefined, newHeader: undefined, isGit: true });
    })
    .join('');
