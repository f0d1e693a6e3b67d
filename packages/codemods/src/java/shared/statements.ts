import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';
import { kindOf, restOfLine } from './ast.js';

const STATEMENT_LISTS = [
  'block',
  'constructor_body',
  'switch_block_statement_group',
  'switch_rule',
];

/** The statement holding a node, when that statement sits directly in a block. */
export const blockStatement = (node: SgNode): SgNode | null => {
  for (let n: SgNode | null = node; n; n = n.parent()) {
    const parent = n.parent();
    if (!parent) return null;
    if (STATEMENT_LISTS.includes(kindOf(parent)) && /statement|declaration/.test(kindOf(n))) {
      return n;
    }
    if (/^(lambda_expression|class_body|method_declaration)$/.test(kindOf(parent))) return null;
  }
  return null;
};

/** True when only whitespace or a comment follows the statement on its last line. */
export const endsItsLine = (editor: FileEditor, statement: SgNode): boolean =>
  /^\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(restOfLine(editor.text, statement.range().end.index));

/**
 * Inserts statements on new lines after `statement` (after a trailing comment on its line),
 * indented like it. `lines` are Java statements without indentation.
 */
export const insertAfter = (editor: FileEditor, statement: SgNode, lines: readonly string[]) => {
  const { lines: index } = editor.file;
  const line = statement.range().end.line;
  const indent = index.indentOf(statement.range().start.line);
  editor.insert(index.lineEnd(line), lines.map((l) => `\n${indent}${l}`).join(''));
};

/** Inserts statements on new lines before `statement`, indented like it. */
export const insertBefore = (editor: FileEditor, statement: SgNode, lines: readonly string[]) => {
  const { lines: index } = editor.file;
  const line = statement.range().start.line;
  const indent = index.indentOf(line);
  editor.insert(index.lineStart(line), lines.map((l) => `${indent}${l}\n`).join(''));
};
