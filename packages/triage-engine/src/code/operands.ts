import { callsIn } from './expressions.js';
import type { LanguageFamily } from './language.js';
import { tokenize, type Token } from './tokens.js';

const FORMAT_CALLEE = /(^|\.)(format|Sprintf|sprintf|formatted|join|concat)$/;
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Top-level split of a token list at the given operators. */
const splitAt = (text: string, tokens: readonly Token[], ops: Set<string>): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  tokens.forEach((t) => {
    if (t.type === 'punct' && OPEN.has(t.value)) depth++;
    if (t.type === 'punct' && CLOSE.has(t.value)) depth--;
    if (depth === 0 && t.type === 'punct' && ops.has(t.value)) {
      parts.push(text.slice(from, t.start));
      from = t.end;
    }
  });
  parts.push(text.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
};

/** The expressions interpolated in a template literal, f-string or Ruby string. */
const interpolations = (body: string): string[] => {
  const out: string[] = [];
  const re = /\$\{([^}]*)\}|#\{([^}]*)\}|(?<!\{)\{(?!\{)([^{}]*)\}/g;
  for (const m of body.matchAll(re)) {
    const e = (m[1] ?? m[2] ?? m[3] ?? '').replace(/![rsa]$|:[^:]*$/, '').trim();
    if (e) out.push(e);
  }
  return out;
};

const unwrapParens = (text: string): string => {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')')) {
    const inner = t.slice(1, -1);
    let depth = 0;
    let balanced = true;
    for (const ch of inner) {
      if (ch === '(') depth++;
      if (ch === ')' && --depth < 0) balanced = false;
    }
    if (!balanced || depth !== 0) break;
    t = inner.trim();
  }
  return t;
};

/**
 * The values an expression is built from: the parts of a concatenation or `%` formatting, the
 * interpolations of a template or f-string, the arguments of `format`/`Sprintf`/`join`. Anything
 * else is one operand. Literal parts are kept (callers see them as constants).
 */
export const operandsOf = (expr: string, lang: LanguageFamily | null, depth = 0): string[] => {
  const text = unwrapParens(expr.replace(/^\s*(return|await|yield)\b/, ''));
  const tokens = tokenize(text, lang);
  if (depth > 3 || tokens.length === 0) return text ? [text] : [];
  if (tokens.length === 1 && tokens[0]!.type === 'string' && tokens[0]!.interpolated)
    return interpolations(tokens[0]!.value).flatMap((e) => operandsOf(e, lang, depth + 1));
  const ops = lang === 'php' ? ['+', '%', '||', '.'] : ['+', '%', '||'];
  const split = splitAt(text, tokens, new Set(ops));
  if (split.length > 1)
    return split.flatMap((p) => {
      const inner = unwrapParens(p);
      const asTuple =
        inner !== p.trim() ? splitAt(inner, tokenize(inner, lang), new Set([','])) : [p];
      return asTuple.flatMap((q) => operandsOf(q, lang, depth + 1));
    });
  const call = callsIn(text, lang)[0];
  if (call && call.start === 0 && call.end === text.length && FORMAT_CALLEE.test(call.callee))
    return call.argTexts.flatMap((a) => operandsOf(a, lang, depth + 1));
  const formatted = /^(["'`][\s\S]*["'`])\s*\.\s*format\s*\(/.exec(text);
  if (formatted && call) return call.argTexts.flatMap((a) => operandsOf(a, lang, depth + 1));
  return [text];
};
