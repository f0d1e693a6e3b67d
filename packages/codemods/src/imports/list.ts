import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../engine/file-editor.js';

/**
 * Appends `item` after the last item of a comma-separated list (import specifiers, a
 * destructuring pattern): `, item` on one line, or a new line with the last item's indentation
 * when the list is laid out one item per line.
 */
export const appendToList = (
  editor: FileEditor,
  owner: SgNode,
  last: SgNode,
  item: string,
): void => {
  const line = last.range().start.line;
  const multiline = line !== owner.range().start.line;
  const text = multiline ? `,\n${editor.file.lines.indentOf(line)}${item}` : `, ${item}`;
  editor.insert(last.range().end.index, text, 'import');
};

/** Offset and text for a new top-level line placed after `anchor`'s last line. */
export const lineAfter = (editor: FileEditor, anchor: SgNode, line: string, gap = ''): void => {
  const { lines } = editor.file;
  editor.insert(lines.lineEnd(anchor.range().end.line), `\n${gap}${line}`, 'import');
};

/** A new top-level line placed before `anchor`'s line, separated by a blank line. */
export const lineBefore = (editor: FileEditor, anchor: SgNode, line: string): void => {
  editor.insert(editor.file.lines.lineStart(anchor.range().start.line), `${line}\n\n`, 'import');
};

/** A new line at the end of a file that has no statement to anchor on. */
export const lineAtEnd = (editor: FileEditor, line: string): void => {
  const { text } = editor.file;
  const lead = text.length === 0 || text.endsWith('\n') ? '' : '\n';
  editor.insert(text.length, `${lead}${line}\n`, 'import');
};
