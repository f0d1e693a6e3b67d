import type { SgNode } from '@ast-grep/napi';

/** One piece of a string literal's body: source text, or an f-string replacement field. */
export type LiteralPiece =
  | { kind: 'text'; raw: string; start: number; end: number }
  | { kind: 'field'; node: SgNode; expression: SgNode; plain: boolean };

/** A Python string literal taken apart (a single `string` node, not an implicit concatenation). */
export interface StringLiteral {
  node: SgNode;
  /** Lower-cased prefix letters: `f`, `rb`, `''`. */
  prefix: string;
  /** `'`, `"`, `'''` or `"""`. */
  quote: string;
  pieces: LiteralPiece[];
  /** The raw source between the quotes. */
  body: string;
}

/** Splits a `string` node into prefix, quote and pieces (text and f-string fields). */
export const parseLiteral = (node: SgNode): StringLiteral | null => {
  if (node.kind() !== 'string') return null;
  const children = node.children();
  const start = children.find((c) => c.kind() === 'string_start');
  const end = children.find((c) => c.kind() === 'string_end');
  if (!start || !end) return null;
  const opening = start.text();
  const quote = /('''|"""|'|")$/.exec(opening)![1]!;
  const prefix = opening.slice(0, opening.length - quote.length).toLowerCase();
  const pieces: LiteralPiece[] = [];
  for (const child of children) {
    if (child.kind() === 'string_content') {
      const r = child.range();
      pieces.push({ kind: 'text', raw: child.text(), start: r.start.index, end: r.end.index });
    } else if (child.kind() === 'interpolation') {
      const expression = child
        .namedChildren()
        .find((c) => c.kind() !== 'format_specifier' && c.kind() !== 'type_conversion');
      if (!expression) return null;
      const plain = child.namedChildren().length === 1 && !/=\s*}$/.test(child.text());
      pieces.push({ kind: 'field', node: child, expression, plain });
    }
  }
  const bodyStart = start.range().end.index;
  const bodyEnd = end.range().start.index;
  const body = node
    .text()
    .slice(bodyStart - node.range().start.index, bodyEnd - node.range().start.index);
  return { node, prefix, quote, pieces, body };
};

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};

/**
 * The value of a literal's source text under its prefix (`r` keeps backslashes; an f-string's
 * `{{` is `{`). Returns null for escapes this helper does not decode (`\N{...}`, octal).
 */
export const decodeText = (raw: string, prefix: string): string | null => {
  const braces = prefix.includes('f') ? raw.replace(/\{\{/g, '{').replace(/\}\}/g, '}') : raw;
  if (prefix.includes('r')) return braces;
  let out = '';
  for (let i = 0; i < braces.length; i++) {
    const c = braces[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = braces[i + 1];
    if (next === undefined) return null;
    if (next in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[next];
      i++;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(braces.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(braces.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (/[uU]/.test(next) && !prefix.includes('b')) {
      const n = next === 'u' ? 4 : 8;
      const hex = braces.slice(i + 2, i + 2 + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) return null;
      out += String.fromCodePoint(parseInt(hex, 16));
      i += 1 + n;
    } else {
      return null;
    }
  }
  return out;
};

/** The value of a plain (non-f) literal, or null when it has fields or exotic escapes. */
export const literalValue = (node: SgNode): string | null => {
  if (node.kind() === 'concatenated_string') {
    const values = node.namedChildren().map(literalValue);
    return values.every((v) => v !== null) ? values.join('') : null;
  }
  const literal = parseLiteral(node);
  if (!literal || literal.prefix.includes('f') || literal.prefix.includes('b')) return null;
  return decodeText(literal.body, literal.prefix);
};

/** Escapes a value for the body of a non-raw literal quoted with `quote`. */
export const encodeText = (value: string, quote: string): string => {
  let out = value.replace(/\\/g, '\\\\');
  if (quote.length === 1) {
    out = out.replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    out = out.replaceAll(quote, `\\${quote}`);
  } else if (out.endsWith(quote[0]!)) {
    out = `${out.slice(0, -1)}\\${quote[0]}`;
  }
  return out;
};
