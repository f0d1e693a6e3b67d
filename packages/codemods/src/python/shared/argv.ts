import type { SgNode } from '@ast-grep/napi';
import type { SourceStyle } from '../../text/style.js';
import { encodeText } from './strings.js';
import type { TemplatePiece } from './template.js';

/** One argv element: literal text and values, concatenated (a shell word). */
type Word = (
  { kind: 'text'; value: string } | { kind: 'value'; piece: TemplatePiece & { kind: 'value' } }
)[];

/** Characters that make the shell do more than split words, outside quotes. */
const UNQUOTED_META = /[|&;<>()$`\\*?[\]\n\r]/;
/**
 * Brace expansion (`{a,b}`, `{1..3}`, which bash applies even as `sh`) or a brace around a
 * value, whose text the shell would then see: braces are literal to the shell otherwise.
 */
const BRACE_EXPANSION = /\{[^{}]*(,|\.\.|\uffff)[^{}]*\}/;
/** Characters the shell still interprets inside double quotes. */
const DOUBLE_QUOTED_META = /[$`\\]/;

/**
 * Splits a command template into shell words the way `/bin/sh` would, as long as the literal text
 * uses nothing but blanks and quotes: any expansion, redirection, pipe, glob or escape makes it a
 * refusal, since an argument list could not reproduce it. Values become whole arguments (or
 * parts of one), which is the point: the shell no longer re-parses them.
 */
export const shellWords = (pieces: TemplatePiece[]): Word[] | string => {
  const flat = pieces.map((p) => (p.kind === 'text' ? p.value : '\uffff')).join('');
  if (BRACE_EXPANSION.test(flat)) return 'the command uses brace expansion';
  const words: Word[] = [];
  let current: Word | null = null;
  let quote: '' | "'" | '"' = '';
  const push = (part: Word[number]) => {
    current ??= [];
    const last = current.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') last.value += part.value;
    else current.push(part);
  };
  for (const piece of pieces) {
    if (piece.kind === 'value') {
      push({ kind: 'value', piece });
      continue;
    }
    for (const c of piece.value) {
      if (quote === "'") {
        if (c === "'") quote = '';
        else push({ kind: 'text', value: c });
      } else if (quote === '"') {
        if (c === '"') quote = '';
        else if (DOUBLE_QUOTED_META.test(c))
          return `the shell would interpret ${JSON.stringify(c)} inside double quotes`;
        else push({ kind: 'text', value: c });
      } else if (c === ' ' || c === '\t') {
        if (current) words.push(current);
        current = null;
      } else if (c === "'" || c === '"') {
        quote = c;
        current ??= [];
      } else if (UNQUOTED_META.test(c)) {
        return `the command uses the shell syntax ${JSON.stringify(c)}`;
      } else if ((c === '~' || c === '#') && current === null) {
        return `the shell would expand ${JSON.stringify(c)} at the start of a word`;
      } else {
        push({ kind: 'text', value: c });
      }
    }
  }
  if (quote) return 'an unterminated quote';
  if (current) words.push(current);
  if (words.length === 0) return 'an empty command';
  const group = words.find(
    (w) => w.length === 1 && w[0]!.kind === 'text' && /^[{}]$/.test(w[0]!.value),
  );
  if (group) return 'the command uses the shell syntax "{" (a command group)';
  const first = words[0]!;
  if (first.some((p) => p.kind === 'text' && p.value.includes('='))) {
    return 'the command starts with a variable assignment';
  }
  return words;
};

/** True for an expression that is already a `str` (a literal, `str(...)`, an f-string). */
const isStr = (node: SgNode): boolean =>
  node.kind() === 'string' ||
  node.kind() === 'concatenated_string' ||
  /^(str|os\.path\.join|os\.fspath|shlex\.quote)\(/.test(node.text());

/**
 * A Python list literal for the words: literal words as strings in the file's quote style, a
 * lone value as the value (or `str(value)`, since `%d` and f-strings stringify and argv must
 * hold strings or paths), mixed words as f-strings.
 */
export const argvList = (
  words: Word[],
  style: SourceStyle,
  pathLike: (node: SgNode) => boolean,
): string | null => {
  const q = style.quote;
  const items: string[] = [];
  for (const word of words) {
    if (word.length === 1 && word[0]!.kind === 'value') {
      const { node, conversion } = word[0]!.piece;
      const keep = conversion === 's' && (isStr(node) || pathLike(node));
      items.push(keep ? node.text() : `str(${node.text()})`);
      continue;
    }
    if (word.every((p) => p.kind === 'text')) {
      items.push(
        `${q}${encodeText(word.map((p) => (p.kind === 'text' ? p.value : '')).join(''), q)}${q}`,
      );
      continue;
    }
    let body = '';
    for (const part of word) {
      if (part.kind === 'text')
        body += encodeText(part.value, q).replace(/\{/g, '{{').replace(/\}/g, '}}');
      else {
        const expr = part.piece.node.text();
        if (expr.includes(q) || expr.includes('\\') || expr.includes('\n')) return null;
        body += `{${expr}}`;
      }
    }
    items.push(`f${q}${body}${q}`);
  }
  return `[${items.join(', ')}]`;
};
