import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction } from '../shared/names.js';
import { localUses } from '../shared/scope.js';

/** Calls whose result is a JSON value: strings, numbers, booleans, None, or parsed JSON. */
const JSON_CALLS =
  /^(str|int|float|bool|len|round|json\.loads|request\.get_json|request\.(args|form|values|cookies|headers)\.get|\w+\.(strip|lower|upper|isoformat|hexdigest))\(/;
const MUTATORS = new Set(['append', 'extend', 'insert', 'update', 'setdefault', 'add']);
const JSON_VALUES = /^(request\.json|None|True|False)$/;

/**
 * True when an expression evaluates to something `json.dumps` writes and `json.loads` reads back
 * unchanged: literals, lists, dicts with string-literal keys, and locals assigned only such
 * values. Tuples, sets, bytes, dates and objects are not (they would come back different).
 */
export const jsonCompatible = (node: SgNode, depth = 0): boolean => {
  if (depth > 8) return false;
  const kind = String(node.kind());
  if (['integer', 'float', 'true', 'false', 'none'].includes(kind)) return true;
  if (kind === 'string') return !/^[a-zA-Z]*b/i.test(node.text());
  if (kind === 'concatenated_string') return true;
  if (kind === 'list') return node.namedChildren().every((c) => jsonCompatible(c, depth + 1));
  if (kind === 'dictionary') {
    return node
      .namedChildren()
      .filter((c) => c.kind() !== 'comment')
      .every(
        (pair) =>
          pair.kind() === 'pair' &&
          pair.field('key')!.kind() === 'string' &&
          jsonCompatible(pair.field('value')!, depth + 1),
      );
  }
  if (kind === 'parenthesized_expression') {
    const inner = node.namedChildren()[0];
    return !!inner && jsonCompatible(inner, depth + 1);
  }
  if (JSON_VALUES.test(node.text()) || JSON_CALLS.test(node.text())) return true;
  if (kind === 'identifier') {
    const fn = enclosingFunction(node);
    if (!fn) return false;
    const name = node.text();
    const uses = localUses(fn, name);
    const itemWrites = fn
      .findAll({ rule: { kind: 'assignment' } })
      .filter(
        (a) =>
          a.field('left')?.kind() === 'subscript' &&
          a.field('left')!.field('value')?.text() === name,
      );
    const mutated = fn
      .findAll({ rule: { kind: 'attribute' } })
      .some(
        (a) => a.field('object')?.text() === name && MUTATORS.has(a.field('attribute')!.text()),
      );
    return (
      !uses.parameter &&
      !mutated &&
      uses.assignments.length > 0 &&
      uses.assignments.every((a) => jsonCompatible(a.field('right')!, depth + 1)) &&
      itemWrites.every((a) => jsonCompatible(a.field('right')!, depth + 1))
    );
  }
  return false;
};
