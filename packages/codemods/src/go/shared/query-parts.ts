import type { SgNode } from '@ast-grep/napi';
import { argsOf, calleeOf } from './func.js';

/** A string built from literal text and Go expressions, in order. */
export type Part = { text: string } | { expr: SgNode; verb: string };

const isLiteral = (n: SgNode) =>
  n.kind() === 'interpreted_string_literal' || n.kind() === 'raw_string_literal';

/** The content of a string literal as written (escapes kept), without its quotes. */
export const literalContent = (n: SgNode): string => n.text().slice(1, -1);

/** `"a" + x + "b"` → parts; null when an operand is neither a literal nor a plain expression. */
const concatParts = (n: SgNode): Part[] | null => {
  if (n.kind() === 'binary_expression' && n.field('operator')?.text() === '+') {
    const left = concatParts(n.field('left')!);
    const right = concatParts(n.field('right')!);
    return left && right ? [...left, ...right] : null;
  }
  if (n.kind() === 'parenthesized_expression') return concatParts(n.namedChildren()[0]!);
  if (isLiteral(n)) return [{ text: literalContent(n) }];
  return [{ expr: n, verb: '%s' }];
};

/**
 * The parts of a string built by `fmt.Sprintf(literal, args...)` or `+` concatenation, with the
 * literal quote kind; null for anything else (or a format whose verbs and arguments disagree).
 */
export const builtString = (
  n: SgNode,
  fmt: string | null,
): { parts: Part[]; raw: boolean; how: 'sprintf' | 'concat' } | null => {
  const callee = n.kind() === 'call_expression' ? calleeOf(n) : null;
  if (callee && fmt && callee.operand === fmt && callee.name === 'Sprintf') {
    const [format, ...args] = argsOf(n);
    if (!format || !isLiteral(format) || n.text().includes('...')) return null;
    const text = literalContent(format);
    const parts: Part[] = [];
    let last = 0;
    let arg = 0;
    for (const m of text.matchAll(/%(%|[-+# 0]*\d*(?:\.\d+)?[a-zA-Z])/g)) {
      parts.push({ text: text.slice(last, m.index) });
      if (m[1] === '%') parts.push({ text: '%' });
      else {
        const expr = args[arg++];
        if (!expr) return null;
        parts.push({ expr, verb: m[0] });
      }
      last = m.index + m[0].length;
    }
    parts.push({ text: text.slice(last) });
    if (arg !== args.length) return null;
    return { parts: merge(parts), raw: format.kind() === 'raw_string_literal', how: 'sprintf' };
  }
  if (n.kind() !== 'binary_expression') return null;
  const parts = concatParts(n);
  if (!parts || !parts.some((p) => 'expr' in p) || !parts.some((p) => 'text' in p)) return null;
  const literals = n
    .findAll({
      rule: { any: [{ kind: 'interpreted_string_literal' }, { kind: 'raw_string_literal' }] },
    })
    .filter((l) => parts.some((p) => 'text' in p) && l.parent()?.kind() !== 'call_expression');
  const raw = literals.length > 0 && literals.every((l) => l.kind() === 'raw_string_literal');
  if (!raw && literals.some((l) => l.kind() === 'raw_string_literal')) return null;
  return { parts: merge(parts), raw, how: 'concat' };
};

const merge = (parts: Part[]): Part[] => {
  const out: Part[] = [];
  for (const p of parts) {
    const prev = out.at(-1);
    if ('text' in p && prev && 'text' in prev) prev.text += p.text;
    else out.push('text' in p ? { text: p.text } : p);
  }
  return out.filter((p) => !('text' in p) || p.text !== '');
};
