import type { SgNode } from '@ast-grep/napi';
import type { Language } from '../../types.js';
import { unwrap } from './request-input.js';

/** The called name of a call or `new`: `exec` for `exec(...)` and `cp.exec(...)`. */
export const calleeName = (call: SgNode): string | null => {
  const callee = call.field(call.kind() === 'new_expression' ? 'constructor' : 'function');
  if (!callee) return null;
  const c = unwrap(callee);
  if (c.kind() === 'identifier') return c.text();
  if (c.kind() === 'member_expression') return c.field('property')?.text() ?? null;
  return null;
};

/** The receiver text of a method call (`cp` for `cp.exec(...)`), or null for a plain call. */
export const receiverOf = (call: SgNode): SgNode | null => {
  const callee = call.field('function');
  return callee?.kind() === 'member_expression' ? callee.field('object') : null;
};

/** The argument nodes of a call or `new` (without commas and comments). */
export const argsOf = (call: SgNode): SgNode[] =>
  (call.field('arguments')?.namedChildren() ?? []).filter((a) => a.kind() !== 'comment');

/** The value of a string literal (simple escapes only), or null for anything else. */
export const stringValue = (node: SgNode | null | undefined): string | null => {
  if (!node) return null;
  const n = unwrap(node);
  if (n.kind() === 'string') return n.text().slice(1, -1).replace(/\\(.)/g, '$1');
  if (
    n.kind() === 'template_string' &&
    !n.children().some((c) => c.kind() === 'template_substitution')
  ) {
    return n.text().slice(1, -1);
  }
  return null;
};

/** The `pair` of an object literal with a key, or undefined. */
export const propertyOf = (object: SgNode, key: string): SgNode | undefined =>
  object.children().find((p) => {
    if (p.kind() !== 'pair') return false;
    const k = p.field('key');
    const name = k?.kind() === 'string' ? k.text().slice(1, -1) : k?.text();
    return name === key;
  });

/** True when the language is TypeScript (helpers then get parameter types). */
export const isTypeScript = (language: Language): boolean => language !== 'javascript';

/** The innermost enclosing function-like node. */
export const enclosingFunction = (node: SgNode): SgNode | null => {
  for (let p = node.parent(); p; p = p.parent()) {
    const k = String(p.kind());
    if (/function|arrow_function|method_definition/.test(k)) return p;
  }
  return null;
};

/** True when a module is imported or required anywhere in the file. */
export const importsModule = (root: SgNode, modules: readonly string[]): boolean =>
  root
    .findAll({ rule: { any: [{ kind: 'import_statement' }, { kind: 'call_expression' }] } })
    .some((n) => {
      if (n.kind() === 'import_statement') {
        return modules.includes(stringValue(n.field('source')) ?? '');
      }
      if (n.field('function')?.text() !== 'require') return false;
      return modules.includes(stringValue(argsOf(n)[0]) ?? '');
    });
