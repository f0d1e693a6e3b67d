import { named, type Node } from './node.js';

// Prototype pollution: an object every assignment of which, in the code that can reach it, is
// `Object.create(null)` (or a Map) has no prototype; so has an entry of such an object when every
// entry written into it is one too. tough-cookie's store: `this.idx = Object.create(null)` in the
// constructor and `this.idx[domain] = Object.create(null)` on first use, so
// `this.idx[domain][path][key] = cookie` writes into an object no key can lead out of. A read of
// an entry of an object that has a prototype may inherit (`o['__proto__']`): each level on the way
// must have none. A parameter is never one: until it is assigned it is what the caller passes.

const WITHOUT_PROTOTYPE = /^(Object\.create\(\s*null\s*\)|new\s+(Map|WeakMap)\s*\(\s*\))$/;

const unparen = (n: Node): Node => {
  let cur = n;
  while (cur.kind() === 'parenthesized_expression' && named(cur)[0]) cur = named(cur)[0]!;
  return cur;
};

/**
 * The shape of an access: `this.idx[a][b]` → `this.idx[][]`, `obj[k].x` → `obj[][]` (every entry
 * read past the root, by a constant or not, is one slot); null for anything else.
 */
export const shapeOf = (n: Node): string | null => {
  const e = unparen(n);
  const k = e.kind();
  if (k === 'identifier') return e.text();
  if (k === 'member_expression' && e.field('object')?.kind() === 'this')
    return `this.${e.field('property')?.text() ?? ''}`;
  if (k === 'member_expression' || k === 'subscript_expression') {
    const base = e.field('object');
    const inner = base ? shapeOf(base) : null;
    return inner ? `${inner}[]` : null;
  }
  return null;
};

const FUNCTION_SCOPE =
  /^(function_declaration|function_expression|arrow_function|method_definition|function|program)$/;

/** The function (or the module) declaring `name` among those around `n`, or the module. */
const declaringScope = (n: Node, name: string): Node | null => {
  let cur = n.parent();
  let last: Node | null = null;
  for (; cur; cur = cur.parent()) {
    if (!FUNCTION_SCOPE.test(cur.kind())) continue;
    last = cur;
    const params = cur.field('parameters') ?? cur.field('parameter');
    const declared =
      cur
        .findAll({ rule: { kind: 'variable_declarator' } })
        .some((d) => d.field('name')?.text() === name && declaredIn(d, cur!)) ||
      (params?.findAll({ rule: { kind: 'identifier' } }).some((p) => p.text() === name) ?? false);
    if (declared) return cur;
  }
  return last;
};

/** `d` is declared in `scope` itself, not in a function nested in it. */
const declaredIn = (d: Node, scope: Node): boolean => {
  for (let cur = d.parent(); cur; cur = cur.parent()) {
    if (FUNCTION_SCOPE.test(cur.kind()))
      return cur.range().start.index === scope.range().start.index;
  }
  return false;
};

/**
 * Where assignments to a shape can happen: the class for `this.…`, else the function or module
 * that declares its root (a module's variable is assigned by any function of the file).
 */
const scopeOf = (n: Node, shape: string): Node | null => {
  if (!shape.startsWith('this.')) return declaringScope(n, shape.replace(/(\[\])+$/, ''));
  let cur = n.parent();
  while (cur && !/^(class_body|class_declaration|class)$/.test(cur.kind())) cur = cur.parent();
  return cur;
};

/**
 * A value with no prototype: `Object.create(null)`, a Map, or the entry itself when it is set
 * (`cache[k] = cache[k] || Object.create(null)`), which was one when it was written.
 */
const noPrototypeValue = (v: Node, shape: string): boolean => {
  const e = unparen(v);
  if (WITHOUT_PROTOTYPE.test(e.text())) return true;
  if (e.kind() !== 'binary_expression' || !/^(\|\||\?\?)$/.test(e.field('operator')?.text() ?? ''))
    return false;
  const left = e.field('left');
  const right = e.field('right');
  return (
    !!left && !!right && shapeOf(left) === shape && WITHOUT_PROTOTYPE.test(unparen(right).text())
  );
};

/**
 * True when the object `n` reads has no prototype by construction: its shape and every shorter
 * one (down to the root) are assigned in their scope only `Object.create(null)` or a Map, at
 * least once each.
 */
export const builtWithoutPrototype = (n: Node): boolean => {
  const shape = shapeOf(n);
  const scope = shape ? scopeOf(n, shape) : null;
  if (!shape || !scope) return false;
  const assigned = new Map<string, Node[]>();
  for (const a of scope.findAll({
    rule: { any: [{ kind: 'assignment_expression' }, { kind: 'augmented_assignment_expression' }] },
  })) {
    const left = a.field('left');
    const right = a.field('right');
    const s = left ? shapeOf(left) : null;
    if (s && right) assigned.set(s, [...(assigned.get(s) ?? []), right]);
  }
  for (const d of scope.findAll({ rule: { kind: 'variable_declarator' } })) {
    const name = d.field('name');
    const value = d.field('value');
    if (name?.kind() === 'identifier' && value)
      assigned.set(name.text(), [...(assigned.get(name.text()) ?? []), value]);
  }
  // A parameter holds whatever its caller passes (a plain object) until it is assigned.
  const root = shape.replace(/(\[\])+$/, '');
  const params = scope.field('parameters') ?? scope.field('parameter');
  if (
    !root.startsWith('this.') &&
    params &&
    params.findAll({ rule: { kind: 'identifier' } }).some((p) => p.text() === root)
  )
    return false;
  for (let s = shape; ; s = s.slice(0, -2)) {
    const values = assigned.get(s) ?? [];
    if (!values.length || !values.every((v) => noPrototypeValue(v, s))) return false;
    if (!s.endsWith('[]')) return true;
  }
};
