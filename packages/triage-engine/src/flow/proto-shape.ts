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

/** Where assignments to a shape can happen: the class for `this.…`, else the function. */
const scopeOf = (n: Node, shape: string): Node | null => {
  const want = shape.startsWith('this.')
    ? /^(class_body|class_declaration|class)$/
    : /^(function_declaration|function_expression|arrow_function|method_definition|function|program)$/;
  let cur = n.parent();
  while (cur && !want.test(cur.kind())) cur = cur.parent();
  return cur;
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
    if (!values.length || !values.every((v) => WITHOUT_PROTOTYPE.test(unparen(v).text())))
      return false;
    if (!s.endsWith('[]')) return true;
  }
};
