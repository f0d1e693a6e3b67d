// Why a fix's pull request did not merge after the ones merged before it (superseded by the
// refresh, or a git conflict): the changes of those fixes that touch the same or adjacent lines of the same file (a helper inserted at the same
// place, the same import line or call rewritten twice).
import { blockKind, diffBlocks } from './pipeline-blocks.mjs';

/** The commit's lines a block occupies, widened by the line before (where an insertion goes). */
const span = (b) => [b.from - 1, Math.max(b.to, b.from)];

const brief = (b) => {
  const text = (b.added.find((l) => l.trim()) ?? b.removed.find((l) => l.trim()) ?? '').trim();
  return `${blockKind(b)} \`${text.length > 48 ? `${text.slice(0, 45)}...` : text}\``;
};

/** Per conflicting fix: its git complaint and the overlapping changes of earlier merged fixes. */
export const explainConflicts = (applied) =>
  applied
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.outcome === 'conflict' || a.outcome === 'superseded')
    .map(({ a, i }) => {
      const mine = diffBlocks(a.fix.diff);
      const against = applied.slice(0, i).flatMap((m) =>
        m.outcome !== 'merged'
          ? []
          : diffBlocks(m.fix.diff).flatMap((mb) =>
              mine
                .filter((b) => {
                  const [x1, x2] = span(b);
                  const [y1, y2] = span(mb);
                  return b.path === mb.path && x1 <= y2 && y1 <= x2;
                })
                .map(
                  (b) => `${b.path}:${b.from} ${brief(b)} against ${m.fix.codemod}'s ${brief(mb)}`,
                ),
            ),
      );
      return { fix: a.fix, detail: a.detail, against: [...new Set(against)] };
    });
