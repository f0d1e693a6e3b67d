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

/** True when `local` is used anywhere outside its import and the nodes the fix rewrote. */
const usedElsewhere = (
  root: SgNode,
  local: string,
  statement: SgNode,
  replaced: readonly SgNode[],
): boolean =>
  root
    .findAll({ rule: { kind: 'identifier', regex: `^${local}$` } })
    .filter((id) => !inside(id, [statement, ...replaced]))
    .some((id) => {
      const parent = id.parent();
      return (
        !(parent?.kind() === 'attribute' && parent.field('attribute')?.id() === id.id()) &&
        !(parent?.kind() === 'keyword_argument' && parent.field('name')?.id() === id.id())
      );
    });

/** Removes a whole top-level import statement (and, at the top of the file, blank lines after). */
const dropStatement = (editor: FileEditor, statement: SgNode): void => {
  const { root, file } = editor;
  const { lines, text } = file;
  const line = statement.range().start.line;
  const endLine = statement.range().end.line;
  const after = text.slice(statement.range().end.index, lines.lineEnd(endLine));
  if (lines.indentOf(line).length !== statement.range().start.column || after.trim() !== '') return;
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
};

/**
 * Removes the imports of `locals` once the fix has replaced their last uses (`replaced` are the
 * nodes the fix rewrote), so the file does not keep unused imports: a statement left with no
 * name goes whole, and neighbouring names of one statement go in one edit. Leaves package
 * `__init__.py` files and names listed in `__all__` alone, since those imports may be re-exports.
 */
export const dropImportsIfUnused = (
  editor: FileEditor,
  locals: Iterable<string>,
  replaced: readonly SgNode[],
): void => {
  const { root, file } = editor;
  if (
    /(^|\/)__init__\.py$/.test(file.path) ||
    root.find({ rule: { kind: 'identifier', regex: '^__all__$' } })
  )
    return;
  const byStatement = new Map<number, { statement: SgNode; items: SgNode[] }>();
  for (const local of new Set(locals)) {
    const found = bindingItem(root, local);
    if (!found || editor.memo.has(`drop:${local}`)) continue;
    if (usedElsewhere(root, local, found.statement, replaced)) continue;
    editor.memo.set(`drop:${local}`, local);
    const entry = byStatement.get(found.statement.id()) ?? {
      statement: found.statement,
      items: [],
    };
    entry.items.push(found.item);
    byStatement.set(found.statement.id(), entry);
  }
  for (const { statement, items: unused } of byStatement.values()) {
    const module = statement.field('module_name');
    const items = statement
      .namedChildren()
      .filter((n) => n.id() !== module?.id() && n.kind() !== 'comment');
    const gone = new Set(unused.map((n) => n.id()));
    if (items.every((n) => gone.has(n.id()))) {
      dropStatement(editor, statement);
      continue;
    }
    // Each run of consecutive unused names goes with the separator before it (or after it,
    // for a run at the start), so the remaining list stays well formed.
    for (let i = 0; i < items.length;) {
      if (!gone.has(items[i]!.id())) {
        i += 1;
        continue;
      }
      let j = i;
      while (j + 1 < items.length && gone.has(items[j + 1]!.id())) j += 1;
      const previous = items[i - 1];
      const range = previous
        ? { start: previous.range().end.index, end: items[j]!.range().end.index }
        : { start: items[i]!.range().start.index, end: items[j + 1]!.range().start.index };
      editor.replace(range, '', 'import');
      i = j + 1;
    }
  }
};

/** `dropImportsIfUnused` for one name. */
export const dropImportIfUnused = (
  editor: FileEditor,
  local: string,
  replaced: readonly SgNode[],
): void => dropImportsIfUnused(editor, [local], replaced);

/**
 * Renames the top-level import item `local` (`from module import local`, `import local`) to
 * `name` when the fix has replaced every use of `local` (`replaced`), so `from yaml import load`
 * becomes `from yaml import safe_load` and `import random` becomes `import secrets` instead of
 * keeping an unused name. Returns false (and changes nothing) otherwise.
 */
export const renameImportIfUnused = (
  editor: FileEditor,
  local: string,
  name: string,
  replaced: readonly SgNode[],
): boolean => {
  const found = bindingItem(editor.root, local);
  if (!found || found.item.kind() !== 'dotted_name' || found.item.text() !== local) return false;
  if (editor.memo.has(`drop:${local}`)) return false;
  if (usedElsewhere(editor.root, local, found.statement, replaced)) return false;
  editor.memo.set(`drop:${local}`, local);
  editor.replace(found.item, name, 'import');
  return true;
};

/**
 * When `local` is the only name of a top-level `from <module> import ...` (`from hashlib import
 * md5 as md5_hash`) and nothing outside `replaced` uses it, turns that name into `name` in place
 * (`from hashlib import sha256`) and returns true: adding `name` to the statement and then
 * dropping the statement as unused would leave neither. False when the statement has other
 * names, `name` is imported already, or `local` is used elsewhere (then the caller imports
 * `name` and drops `local` as usual).
 */
export const renameSoleFromImport = (
  editor: FileEditor,
  module: string,
  local: string,
  replaced: readonly SgNode[],
  name: string,
): boolean => {
  const { root } = editor;
  if (editor.memo.has(`py:${module}:${name}`) || pythonFromLocal(root, module, name)) return false;
  const found = bindingItem(root, local);
  if (!found || found.statement.kind() !== 'import_from_statement') return false;
  if (found.statement.field('module_name')?.text() !== module) return false;
  const items = found.statement
    .namedChildren()
    .filter((n) => n.id() !== found.statement.field('module_name')?.id() && n.kind() !== 'comment');
  if (items.length !== 1 || usedElsewhere(root, local, found.statement, replaced)) return false;
  editor.replace(found.item, name, 'import');
  editor.memo.set(`py:${module}:${name}`, name);
  editor.memo.set(`drop:${local}`, local);
  return true;
};
