import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';

/** A call's arguments (comments left out); a bare generator argument counts as one. */
export const argumentsOf = (call: SgNode): SgNode[] => {
  const list = call.field('arguments');
  if (!list) return [];
  if (list.kind() === 'generator_expression') return [list];
  return list.namedChildren().filter((a) => a.kind() !== 'comment');
};

/** The positional arguments of a call (before any keyword), splats excluded. */
export const positional = (call: SgNode): SgNode[] =>
  argumentsOf(call).filter(
    (a) => a.kind() !== 'keyword_argument' && !String(a.kind()).includes('splat'),
  );

/** The keyword argument `name=...` of a call, or undefined. */
export const keyword = (call: SgNode, name: string): SgNode | undefined =>
  argumentsOf(call).find(
    (a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === name,
  );

/** The value of `name=...`, or undefined. */
export const keywordValue = (call: SgNode, name: string): SgNode | undefined =>
  keyword(call, name)?.field('value') ?? undefined;

/** True when a call passes `*args` or `**kwargs` (its arguments are not all visible). */
export const hasSplat = (call: SgNode): boolean =>
  argumentsOf(call).some((a) => String(a.kind()).includes('splat'));

/** True for the literal `False` (or `0`), the spellings scanners treat as "off". */
export const isFalse = (node: SgNode | undefined): boolean =>
  !!node && (node.kind() === 'false' || (node.kind() === 'integer' && node.text() === '0'));

/** True for the literal `True`. */
export const isTrue = (node: SgNode | undefined): boolean => !!node && node.kind() === 'true';

/**
 * Removes one argument from a call with its separating comma, keeping the layout: `f(a, x)` →
 * `f(a)`, `f(x, a)` → `f(a)`, one-per-line lists lose the argument's line (the comma after the
 * previous argument stays as its trailing comma), and a lone argument leaves `f()`.
 */
export const removeArgument = (editor: FileEditor, call: SgNode, arg: SgNode): void => {
  const args = argumentsOf(call);
  const i = args.findIndex((a) => a.id() === arg.id());
  const previous = args[i - 1];
  const next = args[i + 1];
  let start: number;
  let end: number;
  if (previous) {
    start = previous.range().end.index;
    end = arg.range().end.index;
  } else if (next) {
    start = arg.range().start.index;
    end = next.range().start.index;
  } else {
    // The only argument: the call becomes `f()`, whatever the layout was.
    const list = call.field('arguments')!;
    start = list.range().start.index + 1;
    end = list.range().end.index - 1;
  }
  editor.replace({ start, end }, '');
};

/** The widest line of the file, or 88 (Black's width) if every line is shorter. */
const lineLimit = (editor: FileEditor): number =>
  Math.max(88, ...editor.text.split('\n').map((l) => l.replace(/\r$/, '').length));

/**
 * When a one-line call would outgrow the file's widest line with its new arguments (`args`, the
 * final texts in order), lays the arguments out one per line with a trailing comma, as Black
 * does, and returns true; the caller then makes no other edit to the arguments.
 */
export const explodeIfLong = (editor: FileEditor, call: SgNode, args: string[]): boolean => {
  const list = call.field('arguments')!;
  const { lines, style, text } = editor.file;
  const line = list.range().start.line;
  if (list.range().end.line !== line || args.some((a) => a.includes('\n'))) return false;
  const before = text.slice(lines.lineStart(line), list.range().start.index);
  const after = text.slice(list.range().end.index, lines.lineEnd(line));
  const width = before.length + 2 + args.join(', ').length + after.length;
  if (width <= lineLimit(editor)) return false;
  const base = lines.indentOf(line);
  const inner = base + style.indent;
  editor.replace(list, `(\n${args.map((a) => `${inner}${a},`).join('\n')}\n${base})`);
  return true;
};

/**
 * Inserts `text` as a new argument right after `arg` (before any keyword arguments): `, text` on
 * the same line, or on a line of its own when the arguments are laid out one per line; a
 * one-line call that would become too wide is laid out one argument per line. `replacing` gives
 * the new text of an argument the caller rewrites at the same time (the fix then leaves that
 * argument to this function when it returns true).
 */
export const insertArgumentAfter = (
  editor: FileEditor,
  call: SgNode,
  arg: SgNode,
  text: string,
  replacing?: { node: SgNode; text: string },
  relayout = true,
): boolean => {
  const args = argumentsOf(call);
  const finals = args.flatMap((a) => {
    const own = a.id() === replacing?.node.id() ? replacing.text : a.text();
    return a.id() === arg.id() ? [own, text] : [own];
  });
  if (relayout && explodeIfLong(editor, call, finals)) return true;
  const next = args[args.findIndex((a) => a.id() === arg.id()) + 1];
  const list = call.field('arguments')!;
  const end = arg.range().end.index;
  const rest = editor.text.slice(end, next ? next.range().start.index : list.range().end.index - 1);
  const comma = /^\s*,/.exec(rest);
  const ownLine = arg.range().start.line !== list.range().start.line;
  const indent = editor.file.lines.indentOf(arg.range().start.line);
  if (ownLine && comma && /\n/.test(rest)) {
    editor.insert(end + comma[0].length, `\n${indent}${text},`);
  } else if (ownLine && !comma && !next) {
    editor.insert(end, `,\n${indent}${text}`);
  } else {
    editor.insert(end, `, ${text}`);
  }
  return false;
};

/**
 * Appends arguments (e.g. `timeout=10`) at the end of a call, following its layout: `, a, b` on
 * one line, or one per line with the last argument's indentation (after a trailing comma when
 * the list has one); a one-line call that would become too wide is laid out one per line.
 */
export const appendArgument = (editor: FileEditor, call: SgNode, ...texts: string[]): void => {
  if (explodeIfLong(editor, call, [...argumentsOf(call).map((a) => a.text()), ...texts])) return;
  appendInPlace(editor, call, texts);
};

/** `appendArgument` without the relayout, for a fix that edits other arguments of the call too. */
export const appendInPlace = (editor: FileEditor, call: SgNode, texts: string[]): void => {
  const list = call.field('arguments')!;
  const args = argumentsOf(call);
  const last = args.at(-1);
  const { lines } = editor.file;
  if (!last) {
    editor.insert(list.range().start.index + 1, texts.join(', '));
    return;
  }
  const rest = editor.text.slice(last.range().end.index, list.range().end.index - 1);
  const trailingComma = /^\s*,/.exec(rest);
  const multiline = last.range().start.line !== list.range().start.line;
  if (!multiline) {
    editor.insert(last.range().end.index, `, ${texts.join(', ')}`);
    return;
  }
  const indent = lines.indentOf(last.range().start.line);
  const each = texts.map((t) => `\n${indent}${t}`);
  if (trailingComma) {
    editor.insert(
      last.range().end.index + trailingComma[0].length,
      each.map((t) => `${t},`).join(''),
    );
  } else {
    editor.insert(last.range().end.index, `,${each.join(',')}`);
  }
};
