import type { SgNode } from '@ast-grep/napi';
import { requote, type Part } from '../common/string-parts.js';

/** Placeholder style of a driver: `$1, $2` (pg) or `?` (mysql, mysql2). */
export type Driver = 'pg' | 'mysql';

export interface Parameterized {
  /** The SQL text in template-literal escaping (no substitutions). */
  sql: string;
  /** The parameter expressions, in order. */
  params: string[];
}

/** Words after which a value is an identifier or a list, which placeholders cannot express. */
const IDENTIFIER_BEFORE = /(\bfrom|\bjoin|\binto|\bupdate|\btable|\bby|\bas|\bin\s*\(|\.|`|")\s*$/i;
const LIMIT_BEFORE = /\b(limit|offset)\s*$/i;

/**
 * Turns SQL built from literal pieces and expressions into placeholder SQL plus parameters:
 * a value alone in a quoted SQL string (`'${x}'`) drops its quotes, a value inside a quoted
 * string with other characters (`'%${x}%'`) becomes one parameter built from them, a bare value
 * (`id = ${id}`) becomes a placeholder. Returns the reason when a piece is not a value.
 */
type Piece = { kind: 'text'; text: string } | { kind: 'expr'; node: SgNode };

export const parameterize = (parts: readonly Part[], driver: Driver): Parameterized | string => {
  // Literal text in template escaping; expressions keep their nodes.
  const pieces: Piece[] = parts.map((p) =>
    p.kind === 'text'
      ? { kind: 'text', text: requote(p.text, p.quote, '`') }
      : { kind: 'expr', node: p.node },
  );
  if (
    pieces.some(
      (p) => p.kind === 'text' && (driver === 'pg' ? /\$\d/.test(p.text) : p.text.includes('?')),
    )
  ) {
    return 'the SQL already has placeholders';
  }
  let sql = '';
  const params: string[] = [];
  const placeholder = () => (driver === 'pg' ? `$${params.length}` : '?');
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'text') {
      sql += piece.text;
      continue;
    }
    const quoteOpen = openQuote(sql);
    if (quoteOpen !== null) {
      const next = pieces[i + 1];
      const after = next?.kind === 'text' ? next.text : '';
      const close = after.indexOf("'");
      if (close < 0) return 'a quoted SQL string holds more than one value';
      const prefix = sql.slice(quoteOpen + 1);
      const suffix = after.slice(0, close);
      const value = piece.node.text();
      params.push(prefix === '' && suffix === '' ? value : `\`${prefix}\${${value}}${suffix}\``);
      sql = sql.slice(0, quoteOpen) + placeholder();
      if (next?.kind === 'text') next.text = after.slice(close + 1);
      continue;
    }
    if (IDENTIFIER_BEFORE.test(sql)) return 'a value is used as an identifier or a list';
    if (driver === 'mysql' && LIMIT_BEFORE.test(sql))
      return 'a LIMIT/OFFSET value must be a number for mysql placeholders';
    params.push(piece.node.text());
    sql += placeholder();
  }
  return { sql, params };
};

/** The offset of the SQL single quote left open at the end of `sql`, or null. */
const openQuote = (sql: string): number | null => {
  let open: number | null = null;
  for (let i = 0; i < sql.length; i++) {
    if (sql[i] !== "'") continue;
    if (open === null) open = i;
    else if (sql[i + 1] === "'") i++;
    else open = null;
  }
  return open;
};
