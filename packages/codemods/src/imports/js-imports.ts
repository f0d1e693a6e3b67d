import type { SgNode } from '@ast-grep/napi';
import type { FixContext } from '../engine/codemod.js';
import type { FileEditor } from '../engine/file-editor.js';
import { extensionOf } from '../languages.js';
import { nearestFile } from '../manifests/nearest.js';
import { quoted, semi } from '../text/style.js';
import { appendToList, lineAfter, lineAtEnd, lineBefore } from './list.js';

/** How a file loads modules. */
export type JsModuleSystem = 'esm' | 'cjs';

const unquote = (node: SgNode | null): string | null =>
  node && node.kind() === 'string' ? node.text().slice(1, -1) : null;

const requiredModule = (declaration: SgNode): { declarator: SgNode; module: string } | null => {
  if (declaration.kind() !== 'lexical_declaration' && declaration.kind() !== 'variable_declaration')
    return null;
  const declarator = declaration.find({ rule: { kind: 'variable_declarator' } });
  const value = declarator?.field('value');
  if (!declarator || value?.kind() !== 'call_expression') return null;
  if (value.field('function')?.text() !== 'require') return null;
  const arg = value.field('arguments')?.namedChildren()[0] ?? null;
  const module = unquote(arg);
  return module === null ? null : { declarator, module };
};

/** Top-level `import` statements and `require` declarations, in file order. */
const importStatements = (root: SgNode): SgNode[] =>
  root.children().filter((n) => n.kind() === 'import_statement' || requiredModule(n) !== null);

/**
 * The file's module system: `import`/`export` → ESM, top-level `require` → CommonJS, else the
 * extension (`.mjs`/`.mts`/`.ts`/`.tsx` → ESM, `.cjs`/`.cts` → CommonJS), else the nearest
 * loaded `package.json`'s `type`.
 */
export const jsModuleSystem = (editor: FileEditor, ctx: FixContext): JsModuleSystem => {
  const { root, path } = editor.file;
  const kinds = root.children().map((n) => n.kind());
  if (kinds.includes('import_statement') || kinds.includes('export_statement')) return 'esm';
  if (root.children().some((n) => requiredModule(n) !== null)) return 'cjs';
  const ext = extensionOf(path);
  if (['mjs', 'mts', 'ts', 'tsx'].includes(ext)) return 'esm';
  if (ext === 'cjs' || ext === 'cts') return 'cjs';
  const pkg = nearestFile(ctx.input, path, 'package.json');
  return pkg && /"type"\s*:\s*"module"/.test(pkg.text) ? 'esm' : 'cjs';
};

/** True when an identifier named `name` appears anywhere in the file. */
export const identifierUsed = (root: SgNode, name: string): boolean =>
  root.find({
    rule: {
      any: [{ kind: 'identifier' }, { kind: 'shorthand_property_identifier_pattern' }],
      regex: `^${name}$`,
    },
  }) !== null;

export interface JsMemberSpec {
  /** The module to import, e.g. `node:crypto`. */
  module: string;
  /** Other specifiers of the same module already in use, e.g. `crypto`. */
  aliases?: readonly string[];
  /** The export wanted, e.g. `randomInt`. */
  member: string;
  /** The namespace name to bind when the file does not import the module yet. */
  namespace: string;
}

/**
 * The expression naming `member` of a module, importing it once if needed: an existing
 * namespace/default import or `require` gives `ns.member`; an existing named import or
 * destructured `require` gets `member` added to its list; otherwise a namespace import is added
 * (`import * as ns from 'module'` or `const ns = require('module')`, matching the file).
 */
export const ensureJsMember = (editor: FileEditor, ctx: FixContext, spec: JsMemberSpec): string => {
  const modules = [spec.module, ...(spec.aliases ?? [])];
  const memoKey = `js:${spec.module}:${spec.member}`;
  const memo = editor.memo.get(memoKey);
  if (memo) return memo;
  const statements = importStatements(editor.root);
  let result: string | undefined;
  for (const statement of statements) {
    if (statement.kind() === 'import_statement') {
      if (!modules.includes(unquote(statement.field('source')) ?? '')) continue;
      const clause = statement.find({ rule: { kind: 'import_clause' } });
      const ns = clause
        ?.find({ rule: { kind: 'namespace_import' } })
        ?.find({ rule: { kind: 'identifier' } });
      const dflt = clause?.children().find((c) => c.kind() === 'identifier');
      const local = (ns ?? dflt)?.text();
      if (local) result = `${local}.${spec.member}`;
      const named = clause?.find({ rule: { kind: 'named_imports' } });
      const specifiers = named?.findAll({ rule: { kind: 'import_specifier' } }) ?? [];
      const hit = specifiers.find((s) => s.field('name')?.text() === spec.member);
      if (!result && hit) result = (hit.field('alias') ?? hit.field('name'))!.text();
      if (!result && named && specifiers.length > 0) {
        appendToList(editor, statement, specifiers[specifiers.length - 1]!, spec.member);
        result = spec.member;
      }
    } else {
      const { declarator, module } = requiredModule(statement)!;
      if (!modules.includes(module)) continue;
      const name = declarator.field('name');
      if (name?.kind() === 'identifier') result = `${name.text()}.${spec.member}`;
      else if (name?.kind() === 'object_pattern') {
        const items = name.namedChildren();
        const hit = items.find((i) => (i.field('key') ?? i).text() === spec.member);
        if (hit) result = (hit.field('value') ?? hit).text();
        else if (items.length > 0) {
          appendToList(editor, statement, items[items.length - 1]!, spec.member);
          result = spec.member;
        }
      }
    }
    if (result) break;
  }
  if (!result) {
    const nsKey = `js-ns:${spec.module}`;
    let local = editor.memo.get(nsKey);
    if (!local) {
      local = identifierUsed(editor.root, spec.namespace)
        ? `node${spec.namespace[0]!.toUpperCase()}${spec.namespace.slice(1)}`
        : spec.namespace;
      addJsImportLine(editor, ctx, local, spec.module);
      editor.memo.set(nsKey, local);
    }
    result = `${local}.${spec.member}`;
  }
  editor.memo.set(memoKey, result);
  return result;
};

const addJsImportLine = (editor: FileEditor, ctx: FixContext, local: string, module: string) => {
  const { style, root } = editor.file;
  const line =
    jsModuleSystem(editor, ctx) === 'esm'
      ? `import * as ${local} from ${quoted(style, module)}${semi(style)}`
      : `const ${local} = require(${quoted(style, module)})${semi(style)}`;
  const statements = importStatements(root);
  const last = statements[statements.length - 1];
  if (last) return lineAfter(editor, last, line);
  const first = firstStatement(root);
  return first ? lineBefore(editor, first, line) : lineAtEnd(editor, line);
};

/** The first top-level statement that is not a comment, a hashbang or a directive. */
export const firstStatement = (root: SgNode): SgNode | undefined =>
  root
    .children()
    .find(
      (n) =>
        n.isNamed() &&
        n.kind() !== 'comment' &&
        n.kind() !== 'hash_bang_line' &&
        !(n.kind() === 'expression_statement' && n.child(0)?.kind() === 'string'),
    );

/** The last top-level import/require statement, if any. */
export const lastJsImport = (root: SgNode): SgNode | undefined => importStatements(root).at(-1);
