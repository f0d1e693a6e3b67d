import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';
import { identifierUsed } from '../../imports/js-imports.js';
import { argsOf, stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';

const MODULES = ['child_process', 'node:child_process'];
const SHELL_CALLS: Record<string, boolean> = { exec: false, execSync: true };
/** Calls that run a program directly unless their options ask for a shell (`shell: true`). */
const DIRECT_CALLS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync']);

interface Bindings {
  namespaces: Set<string>;
  /** Local name → imported name (`exec`, `execSync`). */
  named: Map<string, string>;
}

const bindingsCache = new WeakMap<object, Bindings>();

/** How the file binds `child_process`: namespaces (`cp`, `childProcess`) and named imports. */
const bindingsOf = (root: SgNode): Bindings => {
  const cached = bindingsCache.get(root);
  if (cached) return cached;
  const result: Bindings = { namespaces: new Set(), named: new Map() };
  for (const statement of root.findAll({ rule: { kind: 'import_statement' } })) {
    if (!MODULES.includes(stringValue(statement.field('source')) ?? '')) continue;
    const clause = statement.find({ rule: { kind: 'import_clause' } });
    for (const child of clause?.children() ?? []) {
      if (child.kind() === 'identifier') result.namespaces.add(child.text());
      if (child.kind() === 'namespace_import') {
        const id = child.find({ rule: { kind: 'identifier' } });
        if (id) result.namespaces.add(id.text());
      }
    }
    for (const spec of statement.findAll({ rule: { kind: 'import_specifier' } })) {
      const name = spec.field('name')!.text();
      result.named.set((spec.field('alias') ?? spec.field('name'))!.text(), name);
    }
  }
  for (const declarator of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = declarator.field('value');
    const call = value && unwrap(value);
    if (call?.kind() !== 'call_expression' || call.field('function')?.text() !== 'require')
      continue;
    if (!MODULES.includes(stringValue(argsOf(call)[0]) ?? '')) continue;
    const target = declarator.field('name')!;
    if (target.kind() === 'identifier') result.namespaces.add(target.text());
    for (const item of target.kind() === 'object_pattern' ? target.namedChildren() : []) {
      if (item.kind() === 'shorthand_property_identifier_pattern')
        result.named.set(item.text(), item.text());
      if (item.kind() === 'pair_pattern') {
        result.named.set(item.field('value')!.text(), item.field('key')!.text());
      }
    }
  }
  // `const exec = require('child_process').exec`, `let execSync = cp.execSync`: a member alias.
  for (const declarator of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const target = declarator.field('name');
    const value = declarator.field('value') && unwrap(declarator.field('value')!);
    if (target?.kind() !== 'identifier' || value?.kind() !== 'member_expression') continue;
    const object = unwrap(value.field('object')!);
    const fromModule =
      (object.kind() === 'identifier' && result.namespaces.has(object.text())) ||
      (object.kind() === 'call_expression' &&
        object.field('function')?.text() === 'require' &&
        MODULES.includes(stringValue(argsOf(object)[0]) ?? ''));
    const property = value.field('property')?.text() ?? '';
    if (fromModule && (property in SHELL_CALLS || DIRECT_CALLS.has(property)))
      result.named.set(target.text(), property);
  }
  bindingsCache.set(root, result);
  return result;
};

/**
 * For a call of `child_process.exec`/`execSync` (through a namespace, a default import, a
 * `require`, or a named import), whether it is the synchronous one and how it is called.
 */
export const childProcessCallee = (
  root: SgNode,
  call: SgNode,
): { sync: boolean; viaMember: boolean } | null => {
  const callee = call.field('function');
  if (!callee) return null;
  const { namespaces, named } = bindingsOf(root);
  if (callee.kind() === 'identifier') {
    const imported = named.get(callee.text());
    return imported && imported in SHELL_CALLS
      ? { sync: SHELL_CALLS[imported]!, viaMember: false }
      : null;
  }
  if (callee.kind() !== 'member_expression') return null;
  const object = unwrap(callee.field('object')!);
  const property = callee.field('property')?.text() ?? '';
  const isModule =
    (object.kind() === 'identifier' && namespaces.has(object.text())) ||
    (object.kind() === 'call_expression' &&
      object.field('function')?.text() === 'require' &&
      MODULES.includes(stringValue(argsOf(object)[0]) ?? ''));
  return isModule && property in SHELL_CALLS
    ? { sync: SHELL_CALLS[property]!, viaMember: true }
    : null;
};

/**
 * When the called name (`exec`) is a plain named import of child_process used only by this call
 * and `member` is not bound yet, renames the import in place (`{ exec }` → `{ execFile }`) so no
 * unused import is left behind. Returns false when that is not possible.
 */
export const renameImport = (editor: FileEditor, callee: SgNode, member: string): boolean => {
  const { root } = editor;
  if (identifierUsed(root, member)) return false;
  const name = callee.text();
  const uses = root
    .findAll({ rule: { kind: 'identifier', regex: `^${name}$` } })
    .filter((id) => !id.inside({ rule: { kind: 'import_statement' } }));
  if (uses.length !== 1) return false;
  const specifier = root
    .findAll({
      rule: {
        any: [{ kind: 'import_specifier' }, { kind: 'shorthand_property_identifier_pattern' }],
      },
    })
    .find((s) =>
      s.kind() === 'import_specifier'
        ? !s.field('alias') && s.field('name')?.text() === name
        : s.text() === name &&
          s.inside({
            rule: { kind: 'variable_declarator', has: { field: 'value', regex: 'child_process' } },
          }),
    );
  if (!specifier) return false;
  editor.replace(specifier, member, 'import');
  return true;
};

/**
 * True for a call of `child_process.spawn`/`spawnSync`/`execFile`/`execFileSync` (bound in any of
 * the ways `childProcessCallee` reads), which starts its program without a shell unless asked.
 */
export const isDirectCall = (root: SgNode, call: SgNode): boolean => {
  const callee = call.field('function');
  if (!callee) return false;
  const { namespaces, named } = bindingsOf(root);
  if (callee.kind() === 'identifier') return DIRECT_CALLS.has(named.get(callee.text()) ?? '');
  if (callee.kind() !== 'member_expression') return false;
  const object = unwrap(callee.field('object')!);
  const fromModule =
    (object.kind() === 'identifier' && namespaces.has(object.text())) ||
    (object.kind() === 'call_expression' &&
      object.field('function')?.text() === 'require' &&
      MODULES.includes(stringValue(argsOf(object)[0]) ?? ''));
  return fromModule && DIRECT_CALLS.has(callee.field('property')?.text() ?? '');
};
