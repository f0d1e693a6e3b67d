import type { SgNode } from '@ast-grep/napi';
import { ancestor, kindOf, namedKids, simpleTypeName } from './ast.js';

/** Where a name is declared, as far as one file tells. */
export interface Declaration {
  kind: 'local' | 'parameter' | 'field' | 'resource' | 'catch' | 'loop';
  /** The type as written (`String`, `java.io.File`, `var`, `List<String>`). */
  type: string;
  /** Its simple name (`File`, `List`). */
  simpleType: string;
  /** The `variable_declarator` (locals, fields), `formal_parameter`, `resource`, ... */
  node: SgNode;
  /** The declaration statement (`local_variable_declaration`, `field_declaration`, ...). */
  statement: SgNode;
  /** The initializer, when there is one. */
  value: SgNode | null;
}

const BODIES = ['method_declaration', 'constructor_declaration', 'lambda_expression'];
const CLASS_BODIES = ['class_body', 'enum_body', 'interface_body', 'record_declaration'];

const declared = (
  statement: SgNode,
  name: string,
  kind: Declaration['kind'],
): Declaration | null => {
  const type = statement.field('type');
  for (const declarator of statement
    .children()
    .filter((c) => kindOf(c) === 'variable_declarator')) {
    if (declarator.field('name')?.text() !== name) continue;
    const dims = declarator.children().some((c) => kindOf(c) === 'dimensions') ? '[]' : '';
    const typeText = (type?.text() ?? '') + dims;
    return {
      kind,
      type: typeText,
      simpleType: simpleTypeName(type) + dims,
      node: declarator,
      statement,
      value: declarator.field('value'),
    };
  }
  return null;
};

const single = (node: SgNode, kind: Declaration['kind'], name: string): Declaration | null => {
  if (node.field('name')?.text() !== name) return null;
  const type =
    node.field('type') ??
    node.children().find((c) => kindOf(c) === 'catch_type') ??
    namedKids(node).find((c) => /type/.test(kindOf(c))) ??
    null;
  return {
    kind,
    type: type?.text() ?? '',
    simpleType: simpleTypeName(type),
    node,
    statement: node,
    value: node.field('value'),
  };
};

/** Declarations visible in a block before `before` (statements that start earlier). */
const inBlock = (block: SgNode, name: string, before: number): Declaration | null => {
  let found: Declaration | null = null;
  for (const statement of namedKids(block)) {
    if (statement.range().start.index >= before) break;
    if (kindOf(statement) === 'local_variable_declaration') {
      found = declared(statement, name, 'local') ?? found;
    }
  }
  return found;
};

/**
 * The declaration a name refers to at `at`: locals of enclosing blocks declared earlier,
 * try-with-resources, loop and catch variables, parameters of the enclosing method or lambda,
 * then fields of the enclosing classes. Null when the file does not declare it.
 */
export const declarationOf = (name: string, at: SgNode): Declaration | null => {
  const offset = at.range().start.index;
  for (let n: SgNode | null = at; n; n = n.parent()) {
    const parent = n.parent();
    const kind = kindOf(n);
    if (
      kind === 'block' ||
      kind === 'constructor_body' ||
      kind === 'switch_block_statement_group'
    ) {
      const found = inBlock(n, name, offset);
      if (found) return found;
    }
    if (kind === 'try_with_resources_statement') {
      for (const resource of n.findAll({ rule: { kind: 'resource' } })) {
        const found = single(resource, 'resource', name);
        if (found && resource.range().end.index <= offset) return found;
      }
    }
    if (kind === 'for_statement') {
      for (const init of n.children().filter((c) => kindOf(c) === 'local_variable_declaration')) {
        const found = declared(init, name, 'loop');
        if (found) return found;
      }
    }
    if (kind === 'enhanced_for_statement') {
      const found = single(n, 'loop', name);
      if (found) return found;
    }
    if (kind === 'catch_clause') {
      const param = n.children().find((c) => kindOf(c) === 'catch_formal_parameter');
      const found = param ? single(param, 'catch', name) : null;
      if (found) return found;
    }
    if (BODIES.includes(kind)) {
      const params = n.field('parameters') ?? n.children().find((c) => kindOf(c) === 'identifier');
      if (params && kindOf(params) === 'identifier' && params.text() === name) {
        return {
          kind: 'parameter',
          type: '',
          simpleType: '',
          node: params,
          statement: params,
          value: null,
        };
      }
      for (const p of namedKids(params)) {
        const found =
          kindOf(p) === 'formal_parameter' || kindOf(p) === 'spread_parameter'
            ? single(p, 'parameter', name)
            : kindOf(p) === 'identifier' && p.text() === name
              ? {
                  kind: 'parameter' as const,
                  type: '',
                  simpleType: '',
                  node: p,
                  statement: p,
                  value: null,
                }
              : null;
        if (found) return found;
      }
    }
    if (CLASS_BODIES.includes(kind)) {
      for (const field of n.children().filter((c) => kindOf(c) === 'field_declaration')) {
        const found = declared(field, name, 'field');
        if (found) return found;
      }
    }
    if (!parent) break;
  }
  return null;
};

/** The declaration of an identifier use (`x`, `this.x`), or null. */
export const declarationOfExpr = (expr: SgNode): Declaration | null => {
  if (kindOf(expr) === 'identifier') return declarationOf(expr.text(), expr);
  if (kindOf(expr) === 'field_access' && kindOf(expr.field('object')) === 'this') {
    const name = expr.field('field')?.text();
    const body = ancestor(expr, CLASS_BODIES);
    if (!name || !body) return null;
    for (const field of body.children().filter((c) => kindOf(c) === 'field_declaration')) {
      const found = declared(field, name, 'field');
      if (found) return found;
    }
  }
  return null;
};

/** The method, constructor, lambda or initializer a node runs in. */
export const enclosingBody = (node: SgNode): SgNode | null =>
  ancestor(node, [...BODIES, 'static_initializer', 'field_declaration']);

/** The innermost class body around a node. */
export const enclosingClassBody = (node: SgNode): SgNode | null => ancestor(node, CLASS_BODIES);

/**
 * Uses of a variable: identifiers named `name` (and `this.name` for fields) inside `scope`
 * that resolve to `declaration` (a shadowing declaration is not a use).
 */
export const usesOf = (declaration: Declaration, name: string, scope: SgNode): SgNode[] =>
  scope
    .findAll({ rule: { kind: 'identifier', regex: `^${name}$` } })
    .filter((id) => {
      if (id.range().start.index === declaration.node.field('name')?.range().start.index) {
        return false;
      }
      const parent = id.parent();
      if (kindOf(parent) === 'field_access') {
        const object = parent!.field('object');
        if (object && object.range().start.index !== id.range().start.index) {
          return declaration.kind === 'field' && kindOf(object) === 'this';
        }
      }
      if (
        kindOf(parent) === 'method_invocation' &&
        parent!.field('name')?.range().start.index === id.range().start.index
      ) {
        return false;
      }
      const resolved = declarationOf(name, id);
      return resolved?.node.range().start.index === declaration.node.range().start.index;
    })
    .map((id) =>
      kindOf(id.parent()) === 'field_access' && kindOf(id.parent()!.field('object')) === 'this'
        ? id.parent()!
        : id,
    );

/**
 * True when a `private static` helper method may be added to the class body: a top-level or
 * `static` nested class, an enum, a record or an interface (not an inner or anonymous class,
 * which cannot declare static methods before Java 16).
 */
export const holdsStaticHelpers = (classBody: SgNode): boolean => {
  const owner = classBody.parent();
  const kind = kindOf(owner);
  if (['enum_declaration', 'record_declaration', 'interface_declaration'].includes(kind))
    return true;
  if (kind !== 'class_declaration') return false;
  if (kindOf(owner!.parent()) === 'program') return true;
  const modifiers = owner!.children().find((c) => kindOf(c) === 'modifiers');
  return !!modifiers && /\bstatic\b/.test(modifiers.text());
};

/**
 * The class body a `private static` helper for code at `node` goes in: the innermost enclosing
 * class that may declare static methods (an anonymous or inner class defers to its outer class,
 * whose private helpers it can call). Null when there is none.
 */
export const staticHelperHost = (node: SgNode): SgNode | null => {
  for (let body = enclosingClassBody(node); body; body = enclosingClassBody(body)) {
    if (holdsStaticHelpers(body)) return body;
  }
  return null;
};
