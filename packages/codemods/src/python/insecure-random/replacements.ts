import type { SgNode } from '@ast-grep/napi';
import { argumentsOf, positional } from '../shared/args.js';

/** The secure text for the fixed node, given the local name of the `secrets` module. */
export type Replacement = (secrets: string) => string;

const intLiteral = (node: SgNode | undefined): bigint | null =>
  node && /^-?\d+$/.test(node.text().replace(/_/g, ''))
    ? BigInt(node.text().replace(/_/g, ''))
    : null;

// Parents that bind tighter than `+`: the sum `randbelow(n) + a` needs parentheses under them.
const TIGHT_PARENTS = new Set([
  'binary_operator',
  'unary_operator',
  'attribute',
  'subscript',
  'await',
]);

const sum = (call: SgNode, expression: string): string =>
  TIGHT_PARENTS.has(String(call.parent()?.kind())) ? `(${expression})` : expression;

/** `randbelow(stop - start) + start`, for integer literals with `start < stop`. */
const below = (call: SgNode, start: bigint, stop: bigint): Replacement | null => {
  if (stop <= start) return null;
  const span = (stop - start).toString();
  return start === 0n
    ? (s) => `${s}.randbelow(${span})`
    : (s) => sum(call, `${s}.randbelow(${span}) + ${start.toString()}`);
};

/**
 * The `secrets` equivalent of `random.<fn>(...)`. The call's own argument text is kept where the
 * signature is the same; `SystemRandom()` (the `random.Random` API over `os.urandom`) covers the
 * functions `secrets` has no direct counterpart for.
 */
export const secureReplacement = (
  fn: string,
  call: SgNode,
  format: SgNode | null,
): Replacement | null => {
  const args = argumentsOf(call);
  const list = call.field('arguments')!.text();
  const plain = positional(call).length === args.length;
  const pos = positional(call);
  const system: Replacement = (s) => `${s}.SystemRandom().${fn}${list}`;
  if (format) {
    // '%0Nx' % getrandbits(4N) is N lower-case hex digits: token_hex(N / 2) when N is even.
    const width = Number(/%0(\d+)x/.exec(format.field('left')!.text())![1]);
    const bits = intLiteral(pos[0]);
    if (plain && pos.length === 1 && bits === BigInt(width * 4) && width % 2 === 0) {
      return (s) => `${s}.token_hex(${width / 2})`;
    }
    return null;
  }
  if (!plain) return system;
  switch (fn) {
    case 'choice':
      return pos.length === 1 ? (s) => `${s}.choice${list}` : null;
    case 'getrandbits':
      return pos.length === 1 ? (s) => `${s}.randbits${list}` : null;
    case 'randbytes':
      return pos.length === 1 ? (s) => `${s}.token_bytes${list}` : null;
    case 'randrange': {
      if (pos.length === 1) return (s) => `${s}.randbelow${list}`;
      const [start, stop] = [intLiteral(pos[0]), intLiteral(pos[1])];
      if (pos.length === 2 && start !== null && stop !== null) return below(call, start, stop);
      if (pos.length === 2 && start === 0n) return (s) => `${s}.randbelow(${pos[1]!.text()})`;
      return system;
    }
    case 'randint': {
      const [low, high] = [intLiteral(pos[0]), intLiteral(pos[1])];
      if (pos.length === 2 && low !== null && high !== null) return below(call, low, high + 1n);
      return system;
    }
    default:
      return system;
  }
};
