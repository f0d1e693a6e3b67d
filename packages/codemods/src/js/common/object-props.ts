import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';

/** The properties of an object literal (pairs, shorthands, spreads), without comments. */
const membersOf = (object: SgNode): SgNode[] =>
  object.namedChildren().filter((c) => c.kind() !== 'comment');

/**
 * Adds `key: value` properties at the end of an object literal in its own layout: on one line
 * (`{ a, b: 1, key: value }`) or one per line with the last property's indentation (keeping a
 * trailing comma when the object has one).
 */
export const addProperties = (
  editor: FileEditor,
  object: SgNode,
  properties: readonly (readonly [string, string])[],
): void => {
  if (properties.length === 0) return;
  const items = properties.map(([k, v]) => `${k}: ${v}`);
  const members = membersOf(object);
  const last = members[members.length - 1];
  if (!last) {
    editor.replace(object, `{ ${items.join(', ')} }`);
    return;
  }
  const after = editor.text.slice(last.range().end.index, object.range().end.index - 1);
  const trailingComma = /^\s*,/.test(after);
  const { start, end } = object.range();
  if (start.line === end.line || last.range().start.line === start.line) {
    editor.insert(last.range().end.index, `, ${items.join(', ')}`);
    return;
  }
  const indent = editor.file.lines.indentOf(last.range().start.line);
  if (trailingComma) {
    const comma = last.range().end.index + after.indexOf(',') + 1;
    editor.insert(comma, items.map((i) => `\n${indent}${i},`).join(''));
  } else {
    editor.insert(last.range().end.index, items.map((i) => `,\n${indent}${i}`).join(''));
  }
};
