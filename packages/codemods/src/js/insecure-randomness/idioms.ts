import type { SgNode } from '@ast-grep/napi';

/** How a `Math.random()` call is used, which decides its secure replacement. */
export type RandomIdiom =
  /** `Math.floor(Math.random() * n)`, `Math.random() * n | 0`, `~~(Math.random() * n)` → `randomInt(n)`. */
  | { kind: 'int'; bound: SgNode }
  /** `Math.random().toString(36)` (then sliced) → `randomBytes(16).toString('hex')`. */
  | { kind: 'token' }
  /** Any other use of the float → a secure float helper. */
  | { kind: 'float' };

/** The nearest ancestor that is not a parenthesized expression. */
export const outer = (node: SgNode): SgNode | null => {
  let p = node.parent();
  while (p?.kind() === 'parenthesized_expression') p = p.parent();
  return p;
};

/** `node` with every parenthesized expression around it. */
const withParens = (node: SgNode): SgNode => {
  let n = node;
  while (n.parent()?.kind() === 'parenthesized_expression') n = n.parent()!;
  return n;
};

/** The other operand of `Math.random() * x` (either order), or null. */
const scaledBy = (call: SgNode): { product: SgNode; bound: SgNode } | null => {
  const product = outer(call);
  if (product?.kind() !== 'binary_expression' || product.field('operator')?.text() !== '*') {
    return null;
  }
  const left = product.field('left');
  const right = product.field('right');
  const self = withParens(call).range().start.index;
  const bound = left?.range().start.index === self ? right : left;
  return bound ? { product, bound } : null;
};

/**
 * Recognizes the idiom around a `Math.random()` call and the node the fix replaces: the call
 * itself, `Math.floor(...)`, the `| 0` / `~~` truncation, or the `.toString(radix)` call.
 */
/** The text of an expression without redundant outer parentheses. */
export const bare = (node: SgNode): string =>
  node.kind() === 'parenthesized_expression' && node.namedChildren().length === 1
    ? bare(node.namedChildren()[0]!)
    : node.text();

export const idiomOf = (call: SgNode): { idiom: RandomIdiom; node: SgNode } => {
  const scaled = scaledBy(call);
  if (scaled) {
    const around = outer(scaled.product);
    const args = around?.kind() === 'arguments' ? around : null;
    const floor = args?.parent();
    if (floor?.field('function')?.text() === 'Math.floor' && args!.namedChildren().length === 1) {
      return { idiom: { kind: 'int', bound: scaled.bound }, node: floor };
    }
    if (around?.kind() === 'binary_expression' && around.field('operator')?.text() === '|') {
      if (around.field('right')?.text() === '0') {
        return { idiom: { kind: 'int', bound: scaled.bound }, node: around };
      }
    }
    const tilde = around?.kind() === 'unary_expression' ? outer(around) : null;
    if (around?.field('operator')?.text() === '~' && tilde?.field('operator')?.text() === '~') {
      return { idiom: { kind: 'int', bound: scaled.bound }, node: tilde };
    }
  }
  const member = call.parent();
  const toString = member?.parent();
  if (
    member?.kind() === 'member_expression' &&
    member.field('property')?.text() === 'toString' &&
    toString?.kind() === 'call_expression'
  ) {
    const radix = Number(toString.field('arguments')?.namedChildren()[0]?.text());
    if (Number.isInteger(radix) && radix >= 16) return { idiom: { kind: 'token' }, node: toString };
  }
  return { idiom: { kind: 'float' }, node: call };
};
