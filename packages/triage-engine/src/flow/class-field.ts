/**
 * What a class puts in one of its fields (`self.table_name`, `this.root`), for a method that reads
 * the field without assigning it. Two shapes are read:
 *   - the class assigns the field (`self.root = root`, `this.cache = {}` in any method): the
 *     field holds one of those values, each judged where it is assigned, after whatever check
 *     comes before it there;
 *   - the class never assigns it itself (a pydantic or dataclass field the base class sets from
 *     the constructor's arguments) but its constructor, or a method the constructor always calls,
 *     refuses a value a check does not pass (`if not NAME.match(self.table_name): raise …`): every
 *     object built holds a checked value.
 * Null when neither tells (the caller's value, a field a subclass sets, a check that an earlier
 * `return` can skip), and when the class changes what the field holds without assigning it: an
 * element or attribute written into it (`self.cached[key] = …`, `this.map.x = …`) or a call that
 * fills it (`self.cached.update({key: fn})`, `this.map.put(k, v)`), whose values are not read.
 */
import { ancestors, descendants, named, sameRange, type Node } from './node.js';
import { CLEAN, INPUT, joinAll, clean, step, type Val } from './value.js';

const CLASS_KINDS = new Set(['class_definition', 'class_declaration', 'class']);
const ASSIGNMENTS = new Set([
  'assignment',
  'assignment_expression',
  'augmented_assignment',
  'augmented_assignment_expression',
]);
const FIELD_READS = new Set(['attribute', 'member_expression', 'field_access']);

/** The nodes under `n` of the given kinds, in order (any language's grammar). */
const under = (n: Node, kinds: ReadonlySet<string>): Node[] =>
  descendants(n).filter((c) => kinds.has(c.kind()));
const RETURNS = new Set(['return_statement']);
const CONSTRUCTOR = /^(__init__|constructor|__post_init__|model_post_init)$/;

/** The value of an expression judged where the code writes it, or null when not followed. */
export type ValueAt = (n: Node) => Val | null;

const squash = (text: string): string => text.replace(/\s+/g, '');

const methodName = (m: Node): string =>
  m.kind() === 'constructor_declaration' ? 'constructor' : (m.field('name')?.text() ?? '');

const METHOD_KINDS = new Set([
  'function_definition',
  'method_definition',
  'method_declaration',
  'constructor_declaration',
]);

/** The methods of a class (not those of a class nested in it). */
const methodsOf = (cls: Node): Node[] =>
  under(cls, METHOD_KINDS).filter((m) => {
    const around = ancestors(m).find((a) => CLASS_KINDS.has(a.kind()));
    return around !== undefined && sameRange(around, cls);
  });

export const classFieldValue = (fn: Node, field: string, valueAt: ValueAt): Val | null => {
  const cls = ancestors(fn).find((a) => CLASS_KINDS.has(a.kind()));
  if (!cls) return null;
  const key = squash(field);
  const assignments = under(cls, ASSIGNMENTS);
  if (filled(cls, assignments, key)) return null;
  const writes = assignments.filter((a) => squash(a.field('left')?.text() ?? '') === key);
  if (writes.length) return assigned(writes, valueAt);
  return checkedByConstructor(cls, fn, key, valueAt);
};

/** Methods that put values into a list, dict, set or map (Python, JavaScript, Java). */
const FILLS =
  /^(update|append|extend|insert|setdefault|add|push|unshift|splice|set|put|putAll|putIfAbsent|addAll|__setitem__)$/;
const CALL_KINDS = new Set(['call', 'call_expression', 'method_invocation']);

/** The class writes into the container the field holds (an element, an attribute, a fill call). */
const filled = (cls: Node, assignments: Node[], key: string): boolean => {
  const inside = (text: string) => text.startsWith(`${key}[`) || text.startsWith(`${key}.`);
  if (assignments.some((a) => inside(squash(a.field('left')?.text() ?? '')))) return true;
  return under(cls, CALL_KINDS).some((c) => {
    const callee = squash(c.text()).split('(')[0] ?? '';
    return inside(callee) && FILLS.test(callee.split('.').at(-1) ?? '');
  });
};

/** The field holds one of the values the class assigns: known only when each one is. */
const assigned = (writes: Node[], valueAt: ValueAt): Val | null => {
  if (writes.length > 8 || writes.some((w) => w.kind().startsWith('augmented'))) return null;
  const vals: Val[] = [];
  for (const w of writes) {
    const right = w.field('right');
    const v = right ? valueAt(right) : null;
    if (!v) return null;
    vals.push({
      ...v,
      steps: [...v.steps, step(w.range().start.line + 1, 'assign', w.text())].slice(-14),
    });
  }
  const v = joinAll(vals, clean(step(0, 'constant', 'no value')));
  return v.level === CLEAN || v.level === INPUT ? v : null;
};

/**
 * A field the class never assigns, checked by its constructor (or a method the constructor calls
 * as a statement of its own body): sanitized when the last read of the field there is, and no
 * `return` before that read can leave the method unchecked.
 */
const checkedByConstructor = (cls: Node, fn: Node, key: string, valueAt: ValueAt): Val | null => {
  const methods = methodsOf(cls);
  const ctor = methods.find((m) => CONSTRUCTOR.test(methodName(m)));
  if (!ctor) return null;
  const called = new Set(
    named(ctor.field('body') ?? ctor)
      .map((st) => /^(?:self|this)\.([\w$]+)\(/.exec(squash(st.text()))?.[1])
      .filter((name): name is string => Boolean(name)),
  );
  for (const m of [ctor, ...methods.filter((x) => called.has(methodName(x)))]) {
    if (sameRange(m, fn)) continue;
    const reads = under(m, FIELD_READS).filter((r) => squash(r.text()) === key);
    const last = reads.at(-1);
    if (!last) continue;
    const before = last.range().start.index;
    const early = under(m, RETURNS).some((r) => r.range().start.index < before);
    if (early) continue;
    const v = valueAt(last);
    if (v?.level === CLEAN && v.steps.some((s) => s.kind === 'sanitizer')) return v;
  }
  return null;
};
