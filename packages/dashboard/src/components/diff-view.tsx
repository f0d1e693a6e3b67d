import { parsePatch, type StructuredPatch } from 'diff';
import { useMemo, useState } from 'react';

type Row = { kind: 'hunk'; text: string } | { kind: 'pair'; left?: Cell; right?: Cell };
interface Cell {
  line: number;
  text: string;
  type: 'context' | 'del' | 'add';
}

/** Pairs a hunk's lines for side-by-side display: deletions beside the additions that replace them. */
export const sideBySide = (patch: StructuredPatch): Row[] => {
  const rows: Row[] = [];
  for (const hunk of patch.hunks) {
    rows.push({
      kind: 'hunk',
      text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    let dels: Cell[] = [];
    let adds: Cell[] = [];
    const flush = () => {
      for (let i = 0; i < Math.max(dels.length, adds.length); i++) {
        const left = dels[i];
        const right = adds[i];
        rows.push({ kind: 'pair', ...(left ? { left } : {}), ...(right ? { right } : {}) });
      }
      dels = [];
      adds = [];
    };
    for (const raw of hunk.lines) {
      const mark = raw[0];
      const text = raw.slice(1);
      if (mark === '-') dels.push({ line: oldLine++, text, type: 'del' });
      else if (mark === '+') adds.push({ line: newLine++, text, type: 'add' });
      else if (mark === ' ') {
        flush();
        rows.push({
          kind: 'pair',
          left: { line: oldLine++, text, type: 'context' },
          right: { line: newLine++, text, type: 'context' },
        });
      }
    }
    flush();
  }
  return rows;
};

const fileName = (p: StructuredPatch) =>
  (p.newFileName ?? p.oldFileName ?? '').replace(/^[ab]\//, '');

const Unified = ({ patch }: { patch: StructuredPatch }) => (
  <table className="diff unified">
    <tbody>
      {patch.hunks.map((hunk, h) => {
        let oldLine = hunk.oldStart;
        let newLine = hunk.newStart;
        return [
          <tr key={`h${h}`} className="hunk">
            <td
              colSpan={3}
            >{`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`}</td>
          </tr>,
          ...hunk.lines
            .filter((l) => l[0] !== '\\')
            .map((raw, i) => {
              const mark = raw[0];
              const type = mark === '-' ? 'del' : mark === '+' ? 'add' : 'context';
              const o = mark === '+' ? '' : oldLine++;
              const n = mark === '-' ? '' : newLine++;
              return (
                <tr key={`${h}-${i}`} className={type}>
                  <td className="num">{o}</td>
                  <td className="num">{n}</td>
                  <td className="code">
                    <span className="sr-only">
                      {type === 'add' ? 'added: ' : type === 'del' ? 'removed: ' : ''}
                    </span>
                    {raw}
                  </td>
                </tr>
              );
            }),
        ];
      })}
    </tbody>
  </table>
);

const Split = ({ patch }: { patch: StructuredPatch }) => (
  <table className="diff split">
    <tbody>
      {sideBySide(patch).map((row, i) =>
        row.kind === 'hunk' ? (
          <tr key={i} className="hunk">
            <td colSpan={4}>{row.text}</td>
          </tr>
        ) : (
          <tr key={i}>
            <td className="num">{row.left?.line ?? ''}</td>
            <td className={`code ${row.left?.type ?? 'empty'}`}>{row.left ? row.left.text : ''}</td>
            <td className="num">{row.right?.line ?? ''}</td>
            <td className={`code ${row.right?.type ?? 'empty'}`}>
              {row.right ? row.right.text : ''}
            </td>
          </tr>
        ),
      )}
    </tbody>
  </table>
);

/** A unified diff rendered unified or side by side (text only: nothing in it is interpreted as HTML). */
export const DiffView = ({ diff }: { diff: string }) => {
  const [mode, setMode] = useState<'unified' | 'split'>('split');
  const patches = useMemo(() => {
    try {
      return parsePatch(diff);
    } catch {
      return undefined;
    }
  }, [diff]);
  if (!patches) return <pre className="diff-raw">{diff}</pre>;
  return (
    <div>
      <fieldset className="toggle">
        <legend>Diff view</legend>
        {(['split', 'unified'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="diff-mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            {m === 'split' ? 'Side by side' : 'Unified'}
          </label>
        ))}
      </fieldset>
      {patches.map((p, i) => (
        <figure key={i} className="diff-file">
          <figcaption>{fileName(p)}</figcaption>
          <div className="scroll">
            {mode === 'split' ? <Split patch={p} /> : <Unified patch={p} />}
          </div>
        </figure>
      ))}
    </div>
  );
};
