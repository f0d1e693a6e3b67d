import type { LanguageFamily } from './language.js';

/** A lexical token of a code fragment; enough to tell literals from computed values. */
export type Token =
  | { type: 'string'; interpolated: boolean; value: string; start: number; end: number }
  | { type: 'number'; start: number; end: number }
  | { type: 'ident'; value: string; start: number; end: number }
  | { type: 'punct'; value: string; start: number; end: number };

const IDENT_START = /[A-Za-z_$@]/;
const IDENT_PART = /[\w$]/;
const PUNCT3 = ['===', '!==', '**=', '...', '>>>', '<<=', '>>='];
const PUNCT2 = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '+=',
  '-=',
  ':=',
  '=>',
  '->',
  '::',
  '**',
  '//',
  '??',
  '?.',
  '%=',
];

const isInterpolated = (
  body: string,
  quote: string,
  prefix: string,
  lang: LanguageFamily | null,
) => {
  if (quote === '`') return lang !== 'go' && body.includes('${');
  if (/f/i.test(prefix)) return /\{(?!\{)/.test(body.replace(/\{\{/g, ''));
  if (lang === 'ruby' && quote === '"') return body.includes('#{');
  if (lang === 'php' && quote === '"') return /\$[A-Za-z_{]/.test(body);
  return false;
};

/** Reads a quoted string starting at `i` (the quote); returns its end offset (exclusive). */
const readString = (text: string, i: number, quote: string, raw: boolean): number => {
  const triple = text.startsWith(quote.repeat(3), i) && quote !== '`';
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  while (j < text.length) {
    if (!raw && text[j] === '\\') {
      j += 2;
      continue;
    }
    if (text.startsWith(close, j)) return j + close.length;
    if (!triple && quote !== '`' && text[j] === '\n') return j;
    j++;
  }
  return text.length;
};

/** Recently split fragments per language: the signals of one finding read the same few. */
const TOKENIZED = new Map<string, readonly Token[]>();

/**
 * Splits a code fragment into tokens, skipping comments. Fragments may start or end in the
 * middle of a construct (a SARIF region): an unterminated string ends at the line end. The
 * result is shared between callers (recent fragments are remembered): read it, do not change it.
 */
export const tokenize = (text: string, lang: LanguageFamily | null): readonly Token[] => {
  // A minified line can be a whole file: only short fragments are remembered.
  if (text.length > 4096) return split(text, lang);
  const key = `${lang ?? ''}\0${text}`;
  let tokens = TOKENIZED.get(key);
  if (!tokens) {
    tokens = split(text, lang);
    if (TOKENIZED.size >= 2048) TOKENIZED.clear();
    TOKENIZED.set(key, tokens);
  }
  return tokens;
};

const split = (text: string, lang: LanguageFamily | null): Token[] => {
  const tokens: Token[] = [];
  const hashComments = lang === 'python' || lang === 'ruby';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if ((hashComments && ch === '#') || (!hashComments && text.startsWith('//', i))) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (!hashComments && text.startsWith('/*', i)) {
      const endC = text.indexOf('*/', i + 2);
      i = endC < 0 ? text.length : endC + 2;
      continue;
    }
    const prefix = /^[rRbBuUfF]{1,2}(?=['"])/.exec(text.slice(i, i + 3))?.[0] ?? '';
    const q = text[i + prefix.length];
    if ((q === '"' || q === "'" || q === '`') && (prefix === '' || lang === 'python')) {
      const start = i;
      const bodyStart = i + prefix.length;
      const raw = /r/i.test(prefix) || (q === '`' && lang === 'go');
      const end = readString(text, bodyStart, q, raw);
      const body = text.slice(bodyStart, end);
      tokens.push({
        type: 'string',
        interpolated: isInterpolated(body, q, prefix, lang),
        value: body.replace(/^('''|"""|['"`])|('''|"""|['"`])$/g, ''),
        start,
        end,
      });
      i = end;
      continue;
    }
    if (/\d/.test(ch) || (ch === '.' && /\d/.test(text[i + 1] ?? ''))) {
      const m = /^(0x[\da-f_]+|[\d_]*\.?[\d_]+(e[+-]?\d+)?)[lLnfFdD]?/i.exec(text.slice(i));
      const len = m?.[0].length || 1;
      tokens.push({ type: 'number', start: i, end: i + len });
      i += len;
      continue;
    }
    if (IDENT_START.test(ch)) {
      let j = i + 1;
      while (j < text.length && IDENT_PART.test(text[j]!)) j++;
      tokens.push({ type: 'ident', value: text.slice(i, j), start: i, end: j });
      i = j;
      continue;
    }
    const p =
      PUNCT3.find((s) => text.startsWith(s, i)) ?? PUNCT2.find((s) => text.startsWith(s, i)) ?? ch;
    tokens.push({ type: 'punct', value: p, start: i, end: i + p.length });
    i += p.length;
  }
  return tokens;
};
