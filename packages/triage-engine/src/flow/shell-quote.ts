import { named, type Node } from './node.js';

// Single quotes in a POSIX shell: nothing inside them is special but the closing quote. A value
// put between `'` and `'` with each of its own quotes replaced by `'\''` (close, escaped quote,
// reopen), `'"'"'`, or `''` (close and reopen: the quote is dropped) is one word whatever it
// holds: `"'" + s.replace(/'/g, "'\\''") + "'"`, the way shell-escape and hand-written
// `escapeShellArg` helpers quote.

const QUOTE_ESCAPES = new Set(["'\\''", `'"'"'`, "''"]);

/** The pieces of a `+` concatenation, in order. */
export const flatten = (n: Node): Node[] => {
  if (n.kind() === 'parenthesized_expression' && named(n)[0]) return flatten(named(n)[0]!);
  if (n.kind() === 'binary_expression' && n.field('operator')?.text() === '+') {
    const l = n.field('left');
    const r = n.field('right');
    return l && r ? [...flatten(l), ...flatten(r)] : [n];
  }
  return [n];
};

/** The text of a plain string literal, or null. */
export const literal = (n: Node): string | null => {
  // Go: a raw string is its text; an interpreted one unescapes like JavaScript's.
  if (n.kind() === 'raw_string_literal') return /^`([\s\S]*)`$/.exec(n.text())?.[1] ?? null;
  if (n.kind() !== 'string' && n.kind() !== 'interpreted_string_literal') return null;
  const m = /^(['"])([\s\S]*)\1$/.exec(n.text());
  if (!m) return null;
  // The literal's value: JS escapes of quotes and backslashes undone.
  return m[2]!.replace(/\\(['"\\])/g, '$1');
};

/** `s.replace(/'/g, "'\\''")` / `replaceAll("'", …)`: every quote of s closed and reopened. */
const quotesEscaped = (n: Node): boolean => {
  if (n.kind() !== 'call_expression') return false;
  const fn = n.field('function');
  // Go: strings.ReplaceAll(s, "'", `'"'"'`), strings.Replace(s, "'", …, -1).
  if (fn?.kind() === 'selector_expression') {
    const [, quote, to, count] = named(n.field('arguments') ?? n);
    const all =
      fn.text() === 'strings.ReplaceAll' ||
      (fn.text() === 'strings.Replace' && count?.text() === '-1');
    return all && !!quote && !!to && literal(quote) === "'" && QUOTE_ESCAPES.has(literal(to) ?? '');
  }
  const name = fn?.kind() === 'member_expression' ? fn.field('property')?.text() : null;
  if (name !== 'replace' && name !== 'replaceAll') return false;
  const [pattern, replacement] = named(n.field('arguments') ?? n);
  if (!pattern || !replacement) return false;
  const global =
    (pattern.kind() === 'regex' &&
      pattern.field('pattern')?.text() === "'" &&
      /g/.test(pattern.field('flags')?.text() ?? '')) ||
    (name === 'replaceAll' && literal(pattern) === "'");
  const to = literal(replacement);
  return global && to !== null && QUOTE_ESCAPES.has(to);
};

/**
 * True when the concatenation `n` puts every piece that is not a literal between single quotes,
 * its own quotes escaped (and nothing else is in the way).
 */
export const singleQuotedConcat = (n: Node): boolean => {
  const parts = flatten(n);
  if (parts.length < 3) return false;
  // Inside single quotes when an odd number of them came before (the escaped pieces add none).
  let open = false;
  let quoted = false;
  for (const p of parts) {
    const text = literal(p);
    if (text !== null) {
      if (text.includes('"')) return false;
      for (const ch of text) if (ch === "'") open = !open;
      continue;
    }
    if (!open || !quotesEscaped(p)) return false;
    quoted = true;
  }
  return quoted && !open;
};

/** Whether a single quote is left open after `text` (a shell reads nothing inside but `'`). */
export const opensQuote = (text: string, open: boolean): boolean => {
  let o = open;
  for (const ch of text) if (ch === "'") o = !o;
  return o;
};
