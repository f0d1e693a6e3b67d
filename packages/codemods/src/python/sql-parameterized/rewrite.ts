import type { TemplatePiece } from '../shared/template.js';

/** `?` (sqlite3) or `%s` (psycopg, PyMySQL, mysqlclient, mysql-connector). */
export type Paramstyle = 'qmark' | 'format';

/** A parameterized query: its text (a Python string value) and one expression per placeholder. */
export interface Parameterized {
  query: string;
  params: string[];
}

type Chunk =
  { kind: 'text'; value: string } | { kind: 'value'; piece: TemplatePiece & { kind: 'value' } };

/** SQL words after which a value is an identifier or an expression fragment, never a datum. */
const NOT_A_VALUE_AFTER =
  /\b(from|join|into|update|table|by|as|select|where|and|or|on|having|set|not|exists|distinct|union|values|in|case|when|then|else|returning|group|order|desc|asc)\s*$/i;
/** Operators and words after which a value is a datum. */
const VALUE_AFTER = /(=|<|>|<>|!=|<=|>=|\blike|\bilike|\blimit|\boffset|\+|-|\*|\/)\s*$/i;

const chunksOf = (pieces: TemplatePiece[]): Chunk[] =>
  pieces.map((p) =>
    p.kind === 'text' ? { kind: 'text', value: p.value } : { kind: 'value', piece: p },
  );

/** A Python f-string (or plain string) for the body of a SQL string literal holding values. */
const literalParam = (body: Chunk[], quote: string): string | null => {
  const values = body.filter((c) => c.kind === 'value');
  if (body.length === 1 && values.length === 1)
    return (body[0] as Chunk & { kind: 'value' }).piece.text;
  let out = '';
  for (const chunk of body) {
    if (chunk.kind === 'text') {
      const sql = chunk.value.replace(/''/g, "'");
      out += sql
        .replace(/\\/g, '\\\\')
        .replaceAll(quote, `\\${quote}`)
        .replace(/\{/g, '{{')
        .replace(/\}/g, '}}')
        .replace(/\n/g, '\\n');
    } else {
      const expr = chunk.piece.text;
      if (expr.includes(quote) || expr.includes('\\') || expr.includes('\n')) return null;
      out += `{${expr}}`;
    }
  }
  return `f${quote}${out}${quote}`;
};

/**
 * Turns a SQL template into a parameterized query: a value inside a SQL string literal makes
 * the whole literal one parameter (`'%{q}%'` → `%s` with `f"%{q}%"`); a bare value must sit
 * where SQL expects a datum (after `=`, `<`, `LIKE`, `LIMIT`, in a `VALUES (...)` list), never
 * where it could be a table, a column or a condition. Literal `%` is doubled for `%s` drivers.
 */
export const parameterize = (
  pieces: TemplatePiece[],
  style: Paramstyle,
  quote: string,
): Parameterized | string => {
  const placeholder = style === 'qmark' ? '?' : '%s';
  const escape = (text: string) => (style === 'format' ? text.replace(/%/g, '%%') : text);
  const chunks = chunksOf(pieces);
  let query = '';
  const params: string[] = [];
  let inString = false;
  let literal: Chunk[] = [];
  let literalText = '';
  let valuesDepth = -1;
  let depth = 0;
  for (const chunk of chunks) {
    if (chunk.kind === 'value') {
      if (inString) {
        literal.push(chunk);
        continue;
      }
      const before = query.replace(/%%/g, '%');
      const inValues = valuesDepth >= 0 && depth > valuesDepth;
      const afterComma = /[(,]\s*$/.test(before);
      if (NOT_A_VALUE_AFTER.test(before) && !(inValues && afterComma)) {
        return 'a value stands where SQL expects a name or a condition';
      }
      if (!VALUE_AFTER.test(before) && !(inValues && afterComma)) {
        return 'a value stands where SQL expects a name or a condition';
      }
      query += placeholder;
      params.push(chunk.piece.text);
      continue;
    }
    for (let i = 0; i < chunk.value.length; i++) {
      const c = chunk.value[i]!;
      if (inString) {
        if (c === "'" && chunk.value[i + 1] === "'") {
          literal.push({ kind: 'text', value: "''" });
          literalText += "''";
          i++;
        } else if (c === "'") {
          inString = false;
          if (literal.some((l) => l.kind === 'value')) {
            const param = literalParam(literal, quote);
            if (!param) return 'a value expression cannot be placed in an f-string here';
            query += placeholder;
            params.push(param);
          } else {
            query += escape(`'${literalText}'`);
          }
        } else {
          literal.push({ kind: 'text', value: c });
          literalText += c;
        }
        continue;
      }
      if (c === "'") {
        inString = true;
        literal = [];
        literalText = '';
        continue;
      }
      if (c === '(') {
        depth++;
        if (/\bvalues\s*$/i.test(query)) valuesDepth = depth - 1;
      } else if (c === ')') {
        depth--;
        if (depth <= valuesDepth) valuesDepth = -1;
      }
      query += escape(c);
    }
  }
  if (inString) return 'an unterminated SQL string literal';
  if (params.length === 0) return 'no value to parameterize';
  if (
    style === 'qmark' &&
    (query.match(/\?/g) ?? []).length - countInStrings(query, '?') !== params.length
  ) {
    return 'the query has a literal ? outside strings';
  }
  return { query, params };
};

/** Occurrences of `ch` inside single-quoted SQL string literals of a query. */
const countInStrings = (query: string, ch: string): number => {
  let count = 0;
  let inString = false;
  for (const c of query) {
    if (c === "'") inString = !inString;
    else if (inString && c === ch) count++;
  }
  return count;
};
