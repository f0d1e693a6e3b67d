import type { LanguageFamily } from './language.js';
import { tokenize, type Token } from './tokens.js';

/** A call found in a code fragment: the dotted callee and its top-level arguments. */
export interface Call {
  callee: string;
  args: Token[][];
  argTexts: string[];
  /** Offsets of the whole call in the fragment. */
  start: number;
  end: number;
  /** False when the fragment ends before the closing parenthesis (a truncated region). */
  closed: boolean;
}

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Every call in a fragment, outermost first, with its arguments split at top-level commas. */
export const callsIn = (text: string, lang: LanguageFamily | null): Call[] => {
  const tokens = tokenize(text, lang);
  const calls: Call[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== 'punct' || t.value !== '(' || i === 0) return;
    let k = i - 1;
    if (tokens[k]?.type !== 'ident') return;
    while (
      tokens[k - 1]?.type === 'punct' &&
      ['.', '?.', '::'].includes((tokens[k - 1] as Token & { value: string }).value) &&
      tokens[k - 2]?.type === 'ident'
    )
      k -= 2;
    const callee = text.slice(tokens[k]!.start, tokens[i - 1]!.end).replace(/\s+/g, '');
    const args: Token[][] = [[]];
    let depth = 0;
    let j = i + 1;
    for (; j < tokens.length; j++) {
      const u = tokens[j]!;
      if (u.type === 'punct' && OPEN.has(u.value)) depth++;
      if (u.type === 'punct' && CLOSE.has(u.value)) {
        if (depth === 0) break;
        depth--;
      }
      if (depth === 0 && u.type === 'punct' && u.value === ',') args.push([]);
      else args[args.length - 1]!.push(u);
    }
    const clean = args.filter((a, idx) => a.length > 0 || idx < args.length - 1);
    calls.push({
      callee,
      args: clean,
      argTexts: clean.map((a) => (a.length ? text.slice(a[0]!.start, a[a.length - 1]!.end) : '')),
      start: tokens[k]!.start,
      end: tokens[j]?.end ?? text.length,
      closed: j < tokens.length,
    });
  });
  return calls;
};

/** How a value is written: a literal, a string built from other values, a name, a call... */
export type ExprKind = 'empty' | 'literal' | 'built' | 'identifier' | 'call' | 'other';

const LITERAL_WORDS = new Set([
  'true',
  'false',
  'True',
  'False',
  'null',
  'None',
  'nil',
  'undefined',
  // containers of literals: new String[]{...}, []string{...}, List.of(...), Arrays.asList(...)
  'new',
  'String',
  'string',
  'List',
  'of',
  'Arrays',
  'asList',
  'Set',
  'Object',
  'tuple',
  'list',
]);
const FORMAT_CALL = /(^|\.)(format|Sprintf|Fprintf|sprintf|join|concat|formatted|printf)$/;

const isChain = (tokens: readonly Token[]) =>
  tokens.every((t, i) =>
    i % 2 === 0 ? t.type === 'ident' : t.type === 'punct' && (t.value === '.' || t.value === '?.'),
  ) && tokens.length % 2 === 1;

/** The kind of an expression given as tokens. */
export const exprKind = (tokens: readonly Token[], text?: string): ExprKind => {
  if (tokens.length === 0) return 'empty';
  if (tokens.some((t) => t.type === 'string' && t.interpolated)) return 'built';
  const names = tokens.filter((t) => t.type === 'ident' && !LITERAL_WORDS.has(t.value));
  if (names.length === 0)
    // Only punctuation (a fragment like `> {`) is no value at all.
    return tokens.some((t) => t.type !== 'punct') ? 'literal' : 'other';
  if (isChain(tokens)) return 'identifier';
  const hasString = tokens.some((t) => t.type === 'string');
  const joins = tokens.some((t) => t.type === 'punct' && ['+', '%', '+=', '||'].includes(t.value));
  if (hasString && joins) return 'built';
  if (text && callsIn(text, null).some((c) => FORMAT_CALL.test(c.callee))) return 'built';
  const first = tokens[0]!;
  const second = tokens[1];
  if (
    first.type === 'ident' &&
    second?.type === 'punct' &&
    (second.value === '(' || second.value === '.')
  )
    return 'call';
  return 'other';
};

/** The kind of an expression given as text. */
export const exprKindOf = (text: string, lang: LanguageFamily | null): ExprKind =>
  exprKind(tokenize(text, lang), text);

const KEYWORDS = new Set([
  ...LITERAL_WORDS,
  'return',
  'await',
  'async',
  'if',
  'else',
  'for',
  'in',
  'not',
  'and',
  'or',
  'is',
  'this',
  'self',
  'var',
  'let',
  'const',
  'final',
  'func',
  'def',
  'function',
  'typeof',
  'instanceof',
  'int',
  'long',
  'float',
  'double',
  'bool',
  'boolean',
  'str',
  'lambda',
  'yield',
]);

/**
 * The names a fragment reads: identifiers that are neither keywords, callees, members after a
 * dot, nor keyword-argument names. `req.query.name` yields `req`.
 */
export const namesRead = (text: string, lang: LanguageFamily | null): string[] => {
  const tokens = tokenize(text, lang);
  const names = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type !== 'ident' || KEYWORDS.has(t.value) || t.value.startsWith('@')) return;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (prev?.type === 'punct' && ['.', '?.', '::'].includes(prev.value)) return;
    if (next?.type === 'punct' && next.value === '(') return;
    if (next?.type === 'punct' && next.value === '=' && lang === 'python') return;
    names.add(t.value);
  });
  return [...names];
};
