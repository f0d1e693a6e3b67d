import type { SgNode } from '@ast-grep/napi';
import { requote, type Part, type Quote } from '../common/string-parts.js';

/** One argument of a command line: literal text (as written, in `quote`) and expressions. */
export type Word = Part[];

/** Characters that make a shell do more than split words, outside quotes. */
const SHELL_OUTSIDE = /[|&;<>()$`\\*?[\]{}~!#\n\r]/;
/** Characters a shell still interprets inside double quotes. */
const SHELL_IN_DOUBLE = /[$`\\!]/;

/**
 * Splits a shell command line built from literal text and expressions into words, the way
 * `sh -c` would for the simple cases (spaces, single and double quotes), or returns the reason
 * it cannot be done without a shell (pipes, redirects, globbing, variables, escapes...).
 */
export const splitCommand = (parts: readonly Part[]): Word[] | string => {
  const words: Word[] = [];
  let current: Word | null = null;
  let inQuote: "'" | '"' | null = null;
  const push = (part: Part) => {
    current ??= [];
    const last = current[current.length - 1];
    if (part.kind === 'text' && last?.kind === 'text' && last.quote === part.quote)
      last.text += part.text;
    else current.push(part.kind === 'text' ? { ...part } : part);
  };
  for (const part of parts) {
    if (part.kind === 'expr') {
      push(part);
      continue;
    }
    const text = requote(part.text, part.quote, '`').replace(/\\`/g, '`').replace(/\\\$/g, '$');
    for (const c of text) {
      if (inQuote === "'") {
        if (c === "'") inQuote = null;
        else push({ kind: 'text', text: c, quote: '`' });
      } else if (inQuote === '"') {
        if (c === '"') inQuote = null;
        else if (SHELL_IN_DOUBLE.test(c))
          return `the shell interprets \`${c}\` inside double quotes`;
        else push({ kind: 'text', text: c, quote: '`' });
      } else if (c === "'" || c === '"') {
        inQuote = c;
        current ??= [];
      } else if (c === ' ' || c === '\t') {
        if (current) words.push(current);
        current = null;
      } else if (SHELL_OUTSIDE.test(c)) {
        return `the command uses the shell feature \`${c}\``;
      } else push({ kind: 'text', text: c, quote: '`' });
    }
  }
  if (inQuote) return 'the command has an unterminated quote';
  if (current) words.push(current);
  return words;
};

/** A word as a JavaScript expression: a string literal, the expression itself, or a template. */
export const wordSource = (word: Word, quote: Quote): string => {
  if (word.length === 0) return `${quote}${quote}`;
  if (word.length === 1 && word[0]!.kind === 'expr')
    return (word[0] as { node: SgNode }).node.text();
  if (word.every((p) => p.kind === 'text')) {
    const text = word.map((p) => (p.kind === 'text' ? p.text : '')).join('');
    return `${quote}${requote(escapeRaw(text), '`', quote)}${quote}`;
  }
  const body = word
    .map((p) => (p.kind === 'text' ? escapeRaw(p.text) : `\${${p.node.text()}}`))
    .join('');
  return `\`${body}\``;
};

/** Literal characters (already unescaped) written back for a template literal. */
const escapeRaw = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
