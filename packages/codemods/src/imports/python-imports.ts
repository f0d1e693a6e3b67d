import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../engine/file-editor.js';
import { appendToList, lineAfter, lineAtEnd, lineBefore } from './list.js';

const IMPORT_KINDS = new Set([
  'import_statement',
  'import_from_statement',
  'future_import_statement',
]);

/** Top-level import statements, in file order. */
const topImports = (root: SgNode): SgNode[] =>
  root.children().filter((n) => IMPORT_KINDS.has(String(n.kind())));

const moduleOf = (statement: SgNode): string | undefined => statement.field('module_name')?.text();

/** Imported names of an import statement as `[name, local]` pairs (`a as b` → `[a, b]`). */
const importedNames = (statement: SgNode): [string, string, SgNode][] =>
  statement
    .children()
    .filter((c) => c.kind() === 'dotted_name' || c.kind() === 'aliased_import')
    .filter((c) => c.range().start.index !== statement.field('module_name')?.range().start.index)
    .map((c) => {
      if (c.kind() === 'dotted_name') return [c.text(), c.text(), c];
      return [c.field('name')!.text(), c.field('alias')!.text(), c];
    });

/** The local name `import module` / `import module as x` binds, or null. */
export const pythonModuleLocal = (root: SgNode, module: string): string | null => {
  for (const statement of topImports(root)) {
    if (statement.kind() !== 'import_statement') continue;
    const hit = importedNames(statement).find(([name]) => name === module);
    if (hit) return hit[1];
  }
  return null;
};

/** The local name `from module import name` binds (a `*` import counts), or null. */
export const pythonFromLocal = (root: SgNode, module: string, name: string): string | null => {
  for (const statement of topImports(root)) {
    if (statement.kind() !== 'import_from_statement' || moduleOf(statement) !== module) continue;
    if (statement.find({ rule: { kind: 'wildcard_import' } })) return name;
    const hit = importedNames(statement).find(([n]) => n === name);
    if (hit) return hit[1];
  }
  return null;
};

const addLine = (editor: FileEditor, line: string): void => {
  const root = editor.root;
  const last = topImports(root).at(-1);
  if (last) return lineAfter(editor, last, line);
  const statements = root.children().filter((n) => n.isNamed() && n.kind() !== 'comment');
  const first = statements[0];
  const docstring =
    first?.kind() === 'expression_statement' && first.child(0)?.kind() === 'string' ? first : null;
  if (docstring) return lineAfter(editor, docstring, line, '\n');
  return first ? lineBefore(editor, first, line) : lineAtEnd(editor, line);
};

/** The local name of `module`, adding `import module` after the file's imports if needed. */
export const ensurePythonImport = (editor: FileEditor, module: string): string => {
  const key = `py:${module}`;
  const existing = editor.memo.get(key) ?? pythonModuleLocal(editor.root, module);
  if (existing) return existing;
  addLine(editor, `import ${module}`);
  editor.memo.set(key, module);
  return module;
};

/**
 * The local name of `name` from `module`: an existing `from module import name` is reused; an
 * existing `from module import ...` gets `, name` appended; otherwise a new line is added.
 */
export const ensurePythonFromImport = (
  editor: FileEditor,
  module: string,
  name: string,
): string => {
  const key = `py:${module}:${name}`;
  const existing = editor.memo.get(key) ?? pythonFromLocal(editor.root, module, name);
  if (existing) return existing;
  const statement = topImports(editor.root).find(
    (s) => s.kind() === 'import_from_statement' && moduleOf(s) === module,
  );
  const names = statement ? importedNames(statement) : [];
  if (statement && names.length > 0) appendToList(editor, statement, names.at(-1)![2], name);
  else addLine(editor, `from ${module} import ${name}`);
  editor.memo.set(key, name);
  return name;
};

/** The last top-level import statement, if any. */
export const lastPythonImport = (root: SgNode): SgNode | undefined => topImports(root).at(-1);
