import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';

/** One `Key: value` element of a composite literal. */
export interface KeyedElement {
  node: SgNode;
  key: string;
  value: SgNode;
}

/** The keyed elements of a composite literal's body (`literal_value`). */
export const keyedElements = (body: SgNode): KeyedElement[] =>
  body
    .children()
    .filter((c) => c.kind() === 'keyed_element')
    .flatMap((node) => {
      const [key, value] = node.namedChildren().filter((c) => c.kind() !== 'comment');
      const inner = value?.kind() === 'literal_element' ? value.namedChildren()[0] : value;
      return key && inner ? [{ node, key: key.text(), value: inner }] : [];
    });

/** Composite literals of a package type (`tls.Config{...}`, `&http.Server{...}`). */
export const literalsOf = (root: SgNode, pkg: string, type: string): SgNode[] =>
  root.findAll({ rule: { kind: 'composite_literal' } }).filter((lit) => {
    const t = lit.field('type');
    return (
      t?.kind() === 'qualified_type' &&
      t.field('package')?.text() === pkg &&
      t.field('name')?.text() === type
    );
  });

const KEYED_LINE = /^(\s*)([A-Za-z_]\w*|"(?:[^"\\]|\\.)*"):\s+(\S.*)$/;

/**
 * gofmt's alignment of a multi-line keyed literal: consecutive one-line `Key: value` entries
 * share a value column (the longest key, its colon and one space); a blank line, a comment
 * line or an entry spanning lines ends the run.
 */
export const alignKeyed = (lines: string[]): string[] => {
  const out = [...lines];
  let run: { i: number; indent: string; key: string; rest: string }[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map((r) => r.key.length));
    for (const r of run)
      out[r.i] = `${r.indent}${r.key}:${' '.repeat(width - r.key.length + 1)}${r.rest}`;
    run = [];
  };
  lines.forEach((line, i) => {
    const m = KEYED_LINE.exec(line);
    // A one-line entry ends with `,` at depth 0; an opening brace or paren spans lines.
    const oneLine = m !== null && /,\s*(\/\/.*)?$/.test(line) && balanced(m[3]!);
    if (oneLine && m) run.push({ i, indent: m[1]!, key: m[2]!, rest: m[3]! });
    else flush();
  });
  flush();
  return out;
};

const balanced = (text: string): boolean => {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\' && quote !== '`') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === '`' || ch === "'") quote = ch;
    else if (ch === '/' && text[i + 1] === '/') break;
    else if ('{(['.includes(ch)) depth++;
    else if ('})]'.includes(ch)) depth--;
  }
  return depth === 0;
};

/**
 * Rewrites a composite literal's body: drops `remove`, adds `add` (`Key: value`) last, and keeps
 * gofmt's layout (one-line literals stay on one line; multi-line ones get one entry per line,
 * realigned).
 */
export const editKeyed = (
  editor: FileEditor,
  body: SgNode,
  edit: { remove?: SgNode; add?: string },
): void => {
  const text = body.text();
  const multiline = text.includes('\n');
  if (!multiline) {
    const elements = body.namedChildren().filter((c) => c.kind() !== 'comment');
    const removed = edit.remove?.range().start.index;
    const kept = elements.filter((e) => e.range().start.index !== removed).map((e) => e.text());
    if (edit.add) kept.push(edit.add);
    editor.replace(body, `{${kept.join(', ')}}`);
    return;
  }
  const { lines } = editor.file;
  const first = body.range().start.line;
  const last = body.range().end.line;
  const all = editor.text.slice(lines.lineStart(first), lines.lineEnd(last)).split('\n');
  const drop = new Set<number>();
  if (edit.remove) {
    for (let l = edit.remove.range().start.line; l <= edit.remove.range().end.line; l++)
      drop.add(l - first);
  }
  let kept = all.filter((_, i) => !drop.has(i));
  if (edit.add) {
    const entries = body.namedChildren().filter((c) => c.kind() !== 'comment');
    const indent = entries[0]
      ? lines.indentOf(entries[0].range().start.line)
      : `${lines.indentOf(first)}${editor.file.style.indent}`;
    kept = [...kept.slice(0, -1), `${indent}${edit.add},`, kept.at(-1)!];
  }
  // A blank line left before the closing brace goes, as gofmt removes it.
  while (kept.length > 2 && kept.at(-2)!.trim() === '') kept.splice(-2, 1);
  const start = lines.lineStart(first);
  editor.replace({ start, end: lines.lineEnd(last) }, alignKeyed(kept).join('\n'));
};
