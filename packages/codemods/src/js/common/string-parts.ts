import type { SgNode } from '@ast-grep/napi';
import { unwrap } from './request-input.js';

/** A piece of a string built from literals and expressions. `text` is the source text as written. */
export type Part = { kind: 'text'; text: string; quote: Quote } | { kind: 'expr'; node: SgNode };

/** The quote a piece of literal text was written in. */
export type Quote = "'" | '"' | '`';

/** True for `` `...${x}...` `` with at least one substitution or a `+` involving a string. */
export const isBuiltString = (node: SgNode): boolean => {
  const n = unwrap(node);
  if (n.kind() === 'template_string') {
    return n.children().some((c) => c.kind() === 'template_substitution');
  }
  if (n.kind() === 'binary_expression' && n.field('operator')?.text() === '+') {
    const parts = stringParts(n);
    return parts.some((p) => p.kind === 'text') && parts.some((p) => p.kind === 'expr');
  }
  return false;
};

/**
 * The literal and expression pieces of a string literal, a template literal or a `+` chain, in
 * order. Anything else is one expression piece. Text keeps its escapes as written.
 */
export const stringParts = (node: SgNode): Part[] => {
  const n = unwrap(node);
  const kind = n.kind();
  if (kind === 'string') {
    return [{ kind: 'text', text: n.text().slice(1, -1), quote: n.text()[0] as Quote }];
  }
  if (kind === 'template_string') {
    const parts: Part[] = [];
    for (const child of n.children()) {
      const k = child.kind();
      if (k === 'template_substitution') {
        const inner = child.namedChildren()[0];
        if (inner) parts.push({ kind: 'expr', node: inner });
      } else if (k === 'string_fragment' || k === 'escape_sequence') {
        parts.push({ kind: 'text', text: child.text(), quote: '`' });
      }
    }
    return merge(parts);
  }
  if (kind === 'binary_expression' && n.field('operator')?.text() === '+') {
    const left = stringParts(n.field('left')!);
    const right = stringParts(n.field('right')!);
    // `a + b` of two non-strings is arithmetic, not a string.
    if (!left.some((p) => p.kind === 'text') && !right.some((p) => p.kind === 'text')) {
      return [{ kind: 'expr', node: n }];
    }
    return merge([...left, ...right]);
  }
  return [{ kind: 'expr', node: n }];
};

const merge = (parts: Part[]): Part[] => {
  const out: Part[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (part.kind === 'text' && last?.kind === 'text' && last.quote === part.quote) {
      last.text += part.text;
    } else out.push(part.kind === 'text' ? { ...part } : part);
  }
  return out;
};

/** Literal text re-escaped for another quote (other escapes mean the same in every quote). */
export const requote = (text: string, from: Quote, to: Quote): string => {
  if (from === to) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1]!;
      // An escaped quote of the old kind becomes the bare character, then is re-escaped below.
      if (next === from || (from === '`' && next === '$')) {
        out += escapeFor(next, to, text[i + 2]);
      } else out += c + next;
      i++;
      continue;
    }
    out += escapeFor(c, to, text[i + 1]);
  }
  return out;
};

const escapeFor = (c: string, to: Quote, next: string | undefined): string => {
  if (c === to) return `\\${c}`;
  if (to === '`' && c === '$' && next === '{') return '\\$';
  return c;
};

/** The literal text of all text pieces (as written), for keyword and markup checks. */
export const literalText = (parts: readonly Part[]): string =>
  parts.map((p) => (p.kind === 'text' ? p.text : '\u0000')).join('');
