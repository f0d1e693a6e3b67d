import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';
import {
  lastPythonImport,
  pythonFromLocal,
  pythonModuleLocal,
} from '../../imports/python-imports.js';

const IMPORTS = new Set(['import_statement', 'import_from_statement']);

const inside = (node: SgNode, ranges: readonly SgNode[]): boolean =>
  ranges.some(
    (r) =>
      r.range().start.index <= node.range().start.index &&
      node.range().end.index <= r.range().end.index,
  );

/** The top-level import item binding `local` (`a as local`, `local`, `local.sub`), with its statement. */
const bindingItem = (root: SgNode, local: string): { statement: SgNode; item: SgNode } | null => {
  for (const statement of root.children().filter((n) => IMPORTS.has(String(n.kind())))) {
    const module = statement.field('module_name');
    for (const item of statement.namedChildren()) {
      if (module && item.id() === module.id()) continue;
      const bound =
        item.kind() === 'aliased_import'
          ? item.field('alias')?.text()
          : item.kind() === 'dotted_name'
            ? item.text().split('.')[0]
            : undefined;
      if (bound === local) return { statement, item };
    }
  }
  return null;
};

/** True when the fix added an import in this run (it lands after the last import). */
const addsImports = (editor: FileEditor): boolean =>
  [...editor.memo.keys()].some((key) => {
    const [, module, name] = key.split(':');
    if (!key.startsWith('py:') || !module) return false;
    return name
      ? !pythonFromLocal(editor.root, module, name)
      : !pythonModuleLocal(editor.root, module);
  });

/**
 * Removes the import of `local` once the fix has replaced its last uses (`replaced` are the nodes
 * the fix rewrote), so the file does not keep an unused import. Leaves package `__init__.py`
 * files and names listed in `__all__` alone, since those imports may be re-exports.
 */
export const dropImportIfUnused = (
  editor: FileEditor,
  local: string,
  replaced: readonly SgNode[],
): void => {
  const { root, file } = editor;
  if (
    /(^|\/)__init__\.py$/.test(file.path) ||
    root.find({ rule: { kind: 'identifier', regex: '^__all__$' } })
  )
    return;
  const found = bindingItem(root, local);
  if (!found) return;
  const uses = root
    .findAll({ rule: { kind: 'identifier', regex: `^${local}$` } })
    .filter((id) => !inside(id, [found.statement, ...replaced]))
    .filter((id) => {
      const parent = id.parent();
      return (
        !(parent?.kind() === 'attribute' && parent.field('attribute')?.id() === id.id()) &&
        !(parent?.kind() === 'keyword_argument' && parent.field('name')?.id() === id.id())
      );
    });
  if (uses.length > 0 || editor.memo.has(`drop:${local}`)) return;
  editor.memo.set(`drop:${local}`, local);
  const { statement, item } = found;
  const module = statement.field('module_name');
  const items = statement
    .namedChildren()
    .filter((n) => n.id() !== module?.id() && n.kind() !== 'comment');
  const { lines, text } = file;
  if (items.length === 1) {
    const line = statement.range().start.line;
    const endLine = statement.range().end.line;
    const after = text.slice(statement.range().end.index, lines.lineEnd(endLine));
    if (lines.indentOf(line).length !== statement.range().start.column || after.trim() !== '')
      return;
    if (line > 0) {
      // Take the newline before the statement, so an import the fix adds after it still lands
      // on a line of its own.
      editor.replace({ start: lines.lineEnd(line - 1), end: lines.lineEnd(endLine) }, '', 'import');
      return;
    }
    // An import the fix adds goes right after the last one: if that is this line, keep it.
    if (lastPythonImport(root)?.id() === statement.id() && addsImports(editor)) return;
    let end = lines.lineStart(endLine + 1);
    while (
      end < text.length &&
      lines.lineOf(end) < lines.lineCount - 1 &&
      text.slice(end, lines.lineEnd(lines.lineOf(end))).trim() === ''
    ) {
      end = lines.lineStart(lines.lineOf(end) + 1);
    }
    editor.replace({ start: 0, end }, '', 'import');
    return;
  }
  const i = items.findIndex((n) => n.id() === item.id());
  const previous = items[i - 1];
  const next = items[i + 1];
  const range = previous
    ? { start: previous.range().end.index, end: item.range().end.index }
    : { start: item.range().start.index, end: next!.range().start.index };
  editor.replace(range, '', 'import');
};
