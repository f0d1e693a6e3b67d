import type { SgNode } from '@ast-grep/napi';
import { positional } from './args.js';
import { decodeText, literalValue, parseLiteral, type StringLiteral } from './strings.js';

/**
 * A string built from literal text and values: `f"ls {d}"`, `"ls " + d`, `"ls %s" % d`,
 * `"ls {}".format(d)`. Text is decoded (its Python value); values are expressions.
 */
export type TemplatePiece =
  | { kind: 'text'; value: string }
  | { kind: 'value'; node: SgNode; text: string; conversion: 's' | 'd' };

/** A template, or why the expression is not one this helper understands. */
export type Template = { pieces: TemplatePiece[]; literals: StringLiteral[] } | { refusal: string };

const text = (value: string): TemplatePiece => ({ kind: 'text', value });
const value = (node: SgNode, conversion: 's' | 'd' = 's'): TemplatePiece => ({
  kind: 'value',
  node,
  text: node.text(),
  conversion,
});

const isStringNode = (node: SgNode): boolean =>
  node.kind() === 'string' || node.kind() === 'concatenated_string';

/** A string literal, possibly in parentheses (`("SELECT ... "\n "WHERE ...") % args`). */
const isStringOperand = (node: SgNode): boolean => {
  if (isStringNode(node)) return true;
  if (node.kind() !== 'parenthesized_expression') return false;
  const inner = node.namedChildren().filter((c) => c.kind() !== 'comment');
  return inner.length === 1 && isStringOperand(inner[0]!);
};

const literalPieces = (node: SgNode, literals: StringLiteral[]): TemplatePiece[] | string => {
  if (node.kind() === 'concatenated_string') {
    const out: TemplatePiece[] = [];
    for (const part of node.namedChildren()) {
      const pieces = literalPieces(part, literals);
      if (typeof pieces === 'string') return pieces;
      out.push(...pieces);
    }
    return out;
  }
  const literal = parseLiteral(node);
  if (!literal) return 'not a string literal';
  if (literal.prefix.includes('b')) return 'a bytes literal';
  literals.push(literal);
  const out: TemplatePiece[] = [];
  for (const piece of literal.pieces) {
    if (piece.kind === 'field') {
      if (!piece.plain) return 'an f-string field with a format spec or conversion';
      out.push(value(piece.expression));
      continue;
    }
    const decoded = decodeText(piece.raw, literal.prefix);
    if (decoded === null) return 'an escape sequence this fix does not decode';
    out.push(text(decoded));
  }
  return out;
};

/** Values that read the same when evaluated twice. */
const SIMPLE = new Set(['identifier', 'attribute', 'string', 'integer', 'float']);

/** A `{"key": value, ...}` literal with string keys only: key → value node; else null. */
const stringKeyed = (node: SgNode): Map<string, SgNode> | null => {
  if (node.kind() !== 'dictionary') return null;
  const out = new Map<string, SgNode>();
  for (const item of node.namedChildren()) {
    if (item.kind() === 'comment') continue;
    if (item.kind() !== 'pair') return null;
    const key = literalValue(item.field('key')!);
    if (key === null) return null;
    out.set(key, item.field('value')!);
  }
  return out;
};

/**
 * `%s`/`%d` directives of a %-format string, with the values they take: positional from a
 * tuple or one value, or `%(name)s` from a dict literal with string keys.
 */
const percentPieces = (format: TemplatePiece[], right: SgNode): TemplatePiece[] | string => {
  const named = stringKeyed(right);
  const values = right.kind() === 'tuple' ? right.namedChildren() : [right];
  if (values.some((v) => String(v.kind()).includes('splat'))) return 'a starred %-format argument';
  const out: TemplatePiece[] = [];
  let next = 0;
  const used = new Set<string>();
  for (const piece of format) {
    if (piece.kind === 'value') return 'an f-string used with %';
    const re = /%(%|[sdi]|\(([A-Za-z_]\w*)\)([sdi]))|%/g;
    let last = 0;
    for (let m = re.exec(piece.value); m; m = re.exec(piece.value)) {
      if (!m[1]) return 'a %-format directive other than %s, %d or %%';
      out.push(text(piece.value.slice(last, m.index)));
      if (m[1] === '%') out.push(text('%'));
      else if (m[2] !== undefined) {
        const v = named?.get(m[2]);
        if (!v) return `no dict literal value for the %-format key ${m[2]}`;
        if (used.has(m[2]) && !SIMPLE.has(String(v.kind())))
          return `the %-format key ${m[2]} is used twice with a computed value`;
        used.add(m[2]);
        out.push(value(v, m[3] === 's' ? 's' : 'd'));
      } else {
        if (named) return 'a %-format mixing a dict with positional directives';
        const v = values[next++];
        if (!v) return 'fewer %-format values than directives';
        out.push(value(v, m[1] === 's' ? 's' : 'd'));
      }
      last = m.index + m[0].length;
    }
    out.push(text(piece.value.slice(last)));
  }
  if (named ? used.size !== named.size : next !== values.length)
    return 'more %-format values than directives';
  return out;
};

/** `{}`, `{0}` and `{name}` fields of a `.format(...)` string. */
const formatPieces = (format: TemplatePiece[], call: SgNode): TemplatePiece[] | string => {
  const args = positional(call);
  const keywords = new Map(
    call
      .field('arguments')!
      .namedChildren()
      .filter((a) => a.kind() === 'keyword_argument')
      .map((a) => [a.field('name')!.text(), a.field('value')!] as const),
  );
  if (
    call
      .field('arguments')!
      .namedChildren()
      .some((a) => String(a.kind()).includes('splat'))
  ) {
    return 'a starred .format() argument';
  }
  const out: TemplatePiece[] = [];
  let auto = 0;
  for (const piece of format) {
    if (piece.kind === 'value') return 'an f-string used with .format()';
    const re = /\{\{|\}\}|\{([^{}]*)\}|[{}]/g;
    let last = 0;
    for (let m = re.exec(piece.value); m; m = re.exec(piece.value)) {
      out.push(text(piece.value.slice(last, m.index)));
      last = m.index + m[0].length;
      if (m[0] === '{{' || m[0] === '}}') {
        out.push(text(m[0][0]!));
        continue;
      }
      const field = m[1];
      if (field === undefined) return 'an unbalanced brace in a .format() string';
      if (!/^(\d*|[A-Za-z_]\w*)$/.test(field))
        return 'a .format() field with a spec, index or attribute';
      const v =
        field === ''
          ? args[auto++]
          : /^\d+$/.test(field)
            ? args[Number(field)]
            : keywords.get(field);
      if (!v) return `no value for the .format() field {${field}}`;
      out.push(value(v));
    }
    out.push(text(piece.value.slice(last)));
  }
  return out;
};

/** Takes a string-building expression apart into text and values. */
export const templateOf = (node: SgNode): Template => {
  const literals: StringLiteral[] = [];
  const walk = (n: SgNode): TemplatePiece[] | string => {
    if (isStringNode(n)) return literalPieces(n, literals);
    if (n.kind() === 'parenthesized_expression') {
      const inner = n.namedChildren().filter((c) => c.kind() !== 'comment');
      return inner.length === 1 ? walk(inner[0]!) : 'an unexpected parenthesized expression';
    }
    if (n.kind() === 'binary_operator') {
      const op = n.child(1)?.text();
      const left = n.field('left')!;
      const right = n.field('right')!;
      if (op === '+') {
        const l =
          isStringNode(left) || left.kind() === 'binary_operator' ? walk(left) : [value(left)];
        const r =
          isStringNode(right) || right.kind() === 'binary_operator' ? walk(right) : [value(right)];
        if (typeof l === 'string') return l;
        if (typeof r === 'string') return r;
        return [...l, ...r];
      }
      if (op === '%' && isStringOperand(left)) {
        const format = walk(left);
        return typeof format === 'string' ? format : percentPieces(format, right);
      }
      return 'an operator other than + or %';
    }
    if (n.kind() === 'call') {
      const callee = n.field('function');
      if (callee?.kind() === 'attribute' && callee.field('attribute')?.text() === 'format') {
        const object = callee.field('object')!;
        if (!isStringOperand(object)) return '.format() on something other than a literal';
        const format = walk(object);
        return typeof format === 'string' ? format : formatPieces(format, n);
      }
    }
    return 'not a string built from literals';
  };
  const pieces = walk(node);
  if (typeof pieces === 'string') return { refusal: pieces };
  return { pieces: pieces.filter((p) => p.kind !== 'text' || p.value !== ''), literals };
};
