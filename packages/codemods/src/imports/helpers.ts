import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../engine/file-editor.js';
import { isJsFamily } from '../languages.js';
import { indentSnippet } from '../text/style.js';
import { firstStatement, lastJsImport } from './js-imports.js';
import { lastPythonImport } from './python-imports.js';

export interface HelperSpec {
  /** The function's name; a top-level function (or Java method) of that name means "present". */
  name: string;
  /**
   * The whole declaration, written with `\n` and one tab per indentation level (the engine
   * re-indents it with the file's unit), without a trailing newline.
   */
  code: string;
}

const FUNCTION_KINDS = ['function_declaration', 'function_definition', 'method_declaration'];

const declaresFunction = (scope: SgNode, name: string): boolean =>
  scope.children().some((n) => {
    const fn =
      n.kind() === 'decorated_definition' || n.kind() === 'export_statement'
        ? n.child(n.children().length - 1)
        : n;
    return !!fn && FUNCTION_KINDS.includes(String(fn.kind())) && fn.field('name')?.text() === name;
  });

/** True when `name` appears in the file as an identifier (a binding or a use). */
const nameUsed = (root: SgNode, name: string): boolean =>
  root.find({ rule: { kind: 'identifier', regex: `^${name}$` } }) !== null;

/**
 * Adds a top-level helper function once (JS/TS/Python): after the imports (and anything the
 * engine added there in this run), separated by blank lines (two in Python, as PEP 8 asks).
 * Returns the helper's name; a file that already declares it is left alone. Returns null when
 * the name is taken by something else (the codemod should refuse: `unsafe_to_change`).
 */
export const ensureHelper = (editor: FileEditor, spec: HelperSpec): string | null => {
  const key = `helper:${spec.name}`;
  if (editor.memo.has(key) || declaresFunction(editor.root, spec.name)) return spec.name;
  if (nameUsed(editor.root, spec.name)) return null;
  const { language, style, lines } = editor.file;
  const gap = language === 'python' ? '\n\n' : '\n';
  const code = indentSnippet(style, spec.code);
  const lastImport = isJsFamily(language)
    ? lastJsImport(editor.root)
    : lastPythonImport(editor.root);
  const first = isJsFamily(language)
    ? firstStatement(editor.root)
    : editor.root.children().find((n) => n.isNamed() && n.kind() !== 'comment');
  if (lastImport) {
    editor.insert(lines.lineEnd(lastImport.range().end.line), `\n${gap}${code}`, 'helper');
  } else if (first) {
    editor.insert(lines.lineStart(first.range().start.line), `${code}\n${gap}`, 'helper');
  } else {
    editor.insert(editor.text.length, `${code}\n`, 'helper');
  }
  editor.memo.set(key, spec.name);
  return spec.name;
};

/**
 * Adds a private helper method once to a Java class body (`class_body`), before its closing
 * brace, indented one level deeper than the class. Returns the method's name.
 */
export const ensureJavaHelper = (
  editor: FileEditor,
  classBody: SgNode,
  spec: HelperSpec,
): string | null => {
  const key = `helper:${classBody.range().start.index}:${spec.name}`;
  if (editor.memo.has(key) || declaresFunction(classBody, spec.name)) return spec.name;
  const { style, lines } = editor.file;
  const closing = classBody.children().at(-1)!;
  const classIndent = lines.indentOf(classBody.parent()!.range().start.line);
  const code = indentSnippet(style, spec.code, classIndent + style.indent);
  const closingLine = closing.range().start.line;
  const onOwnLine = lines.indentOf(closingLine).length === closing.range().start.column;
  const at = onOwnLine ? lines.lineStart(closingLine) : closing.range().start.index;
  editor.insert(at, onOwnLine ? `\n${code}\n` : `\n\n${code}\n${classIndent}`, 'helper');
  editor.memo.set(key, spec.name);
  return spec.name;
};
