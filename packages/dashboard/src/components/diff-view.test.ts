import { parsePatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { sideBySide } from './diff-view.js';

const DIFF = `--- a/app.js
+++ b/app.js
@@ -1,4 +1,5 @@
 const a = 1;
-eval(input);
-run();
+JSON.parse(input);
+run();
+log();
 end();
`;

describe('side-by-side diff rows', () => {
  it('when lines are replaced, then removals sit beside the additions that replace them with both line numbers kept', () => {
    const rows = sideBySide(parsePatch(DIFF)[0]!);
    expect(rows[0]).toEqual({ kind: 'hunk', text: '@@ -1,4 +1,5 @@' });
    const pairs = rows
      .slice(1)
      .map((r) =>
        r.kind === 'pair'
          ? [
              r.left?.line ?? null,
              r.left?.type ?? null,
              r.right?.line ?? null,
              r.right?.type ?? null,
            ]
          : r,
      );
    expect(pairs).toEqual([
      [1, 'context', 1, 'context'],
      [2, 'del', 2, 'add'],
      [3, 'del', 3, 'add'],
      [null, null, 4, 'add'],
      [4, 'context', 5, 'context'],
    ]);
  });
});
