import type { FileEditor } from '../../engine/file-editor.js';
import type { HelperSpec } from '../../imports/helpers.js';
import { indentSnippet } from '../../text/style.js';

const declared = (editor: FileEditor, name: string): boolean =>
  editor.root
    .children()
    .some((n) => n.kind() === 'function_declaration' && n.field('name')?.text() === name);

/**
 * Adds a top-level Go function once, at the end of the file after a blank line (where Go code
 * keeps small unexported helpers). Returns its name; a file that declares it already is left
 * alone; null when the name is used by something else.
 */
export const ensureGoHelper = (editor: FileEditor, spec: HelperSpec): string | null => {
  const key = `go-helper:${spec.name}`;
  if (editor.memo.has(key) || declared(editor, spec.name)) return spec.name;
  if (editor.root.find({ rule: { kind: 'identifier', regex: `^${spec.name}$` } })) return null;
  const { text, style } = editor.file;
  const lead = text.endsWith('\n') ? '\n' : '\n\n';
  editor.insert(text.length, `${lead}${indentSnippet(style, spec.code)}\n`, 'helper');
  editor.memo.set(key, spec.name);
  return spec.name;
};
