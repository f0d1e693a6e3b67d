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

/**
 * Inserts `text` as a new argument right after `arg` (before any keyword arguments): `, text` on
 * the same line, or on a line of its own when the arguments are laid out one per line.
 */
export const insertArgumentAfter = (
  editor: FileEditor,
  call: SgNode,
  arg: SgNode,
  text: string,
): void => {
  const args = argumentsOf(call);
  const next = args[args.findIndex((a) => a.id() === arg.id()) + 1];
  const list = call.field('arguments')!;
  const end = arg.range().end.index;
  const rest = editor.text.slice(end, next ? next.range().start.index : list.range().end.index - 1);
  const comma = /^\s*,/.exec(rest);
  const ownLine = /\n/.test(rest) && arg.range().start.line !== list.range().start.line;
  if (ownLine && comma) {
    editor.insert(
      end + comma[0].length,
      `\n${editor.file.lines.indentOf(arg.range().start.line)}${text},`,
    );
  } else {
    editor.insert(end, `, ${text}`);
  }
};

/**
 * Appends `text` (e.g. `timeout=10`) as the last argument of a call, following its layout: `,
 * text` on one line, or a new line with the last argument's indentation (after a trailing comma
 * when the list has one).
 */
export const appendArgument = (editor: FileEditor, call: SgNode, text: string): void => {
  const list = call.field('arguments')!;
  const args = argumentsOf(call);
  const last = args.at(-1);
  const { lines } = editor.file;
  if (!last) {
    editor.insert(list.range().start.index + 1, text);
    return;
  }
  const rest = editor.text.slice(last.range().end.index, list.range().end.index - 1);
  const trailingComma = /^\s*,/.exec(rest);
  const multiline = last.range().start.line !== list.range().start.line;
  if (!multiline) {
    editor.insert(last.range().end.index, `, ${text}`);
    return;
  }
  const indent = lines.indentOf(last.range().start.line);
  if (trailingComma) {
    editor.insert(last.range().end.index + trailingComma[0].length, `\n${indent}${text},`);
  } else {
    editor.insert(last.range().end.index, `,\n${indent}${text}`);
  }
};
