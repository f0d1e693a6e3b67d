import type { SgNode } from '@ast-grep/napi';
import {
  javaString,
  kindOf,
  methodName,
  plusOperands,
  stringValue,
  unparen,
} from '../shared/ast.js';
import { declarationOfExpr } from '../shared/scope.js';

/** One `?` of the prepared statement: the setter and the Java expression it binds. */
export interface Parameter {
  setter: string;
  value: string;
  /** Identifiers the value reads (to check they do not change before the call). */
  reads: string[];
}

/** `sql` is the Java expression of the new SQL (literals, constants kept by name). */
export type Template = { sql: string; parameters: Parameter[] } | { refusal: string };

/** The value of a constant piece: a literal, or a `static final` String field initialized with one. */
const constantValue = (node: SgNode): string | null => {
  const literal = stringValue(node);
  if (literal !== null) return literal;
  const expr = unparen(node);
  if (kindOf(expr) !== 'identifier' && kindOf(expr) !== 'field_access') return null;
  const declaration = declarationOfExpr(expr);
  if (declaration?.kind !== 'field' || !/\bfinal\b/.test(declaration.statement.text())) return null;
  return stringValue(declaration.value);
};

const SETTERS: Record<string, string> = {
  int: 'setInt',
  Integer: 'setInt',
  long: 'setLong',
  Long: 'setLong',
  short: 'setShort',
  Short: 'setShort',
  double: 'setDouble',
  Double: 'setDouble',
  float: 'setFloat',
  Float: 'setFloat',
  boolean: 'setBoolean',
  Boolean: 'setBoolean',
  BigDecimal: 'setBigDecimal',
  String: 'setString',
};

const NUMERIC_CALLS: Record<string, string> = {
  size: 'setInt',
  length: 'setInt',
  intValue: 'setInt',
  longValue: 'setLong',
  parseInt: 'setInt',
  parseLong: 'setLong',
};

const STRING_CALLS =
  /^(getParameter|getHeader|toString|trim|strip|toLowerCase|toUpperCase|substring|name|valueOf|format|getName)$/;

/** The declared (or evident) Java type of a value: `int`, `String`, ... or null. */
const typeOf = (node: SgNode): string | null => {
  const expr = unparen(node);
  const kind = kindOf(expr);
  if (kind === 'decimal_integer_literal') return 'int';
  if (kind === 'cast_expression') return expr.field('type')?.text() ?? null;
  if (kind === 'method_invocation') {
    if (NUMERIC_CALLS[methodName(expr)]) {
      return NUMERIC_CALLS[methodName(expr)] === 'setInt' ? 'int' : 'long';
    }
    return STRING_CALLS.test(methodName(expr)) ? 'String' : null;
  }
  const declaration = declarationOfExpr(expr);
  return declaration ? declaration.simpleType : null;
};

/** Keywords after which an unquoted piece is a table, column or clause, not a value. */
const IDENTIFIER_BEFORE =
  /(\bfrom|\bjoin|\binto|\bupdate|\btable|\bby|\bselect|\bwhere|\bon|\bset|\bdistinct|\.)\s*$/i;
const VALUE_BEFORE = /(=|<|>|\blike|\blimit|\boffset|\bbetween|\bthen|\belse|\bwhen|[+\-*/])\s*$/i;

/** True when an unquoted piece after `before` (the SQL so far) sits where a value goes. */
const valuePosition = (before: string): boolean => {
  if (IDENTIFIER_BEFORE.test(before)) return false;
  if (VALUE_BEFORE.test(before)) return true;
  if (/between\s+\?\s+and\s*$/i.test(before)) return true;
  if (/[(,]\s*$/.test(before)) {
    const open = before.lastIndexOf('(');
    const closed = before.lastIndexOf(')');
    return (
      open > closed && /\b(in|values)\s*\($/i.test(before.slice(0, open + 1).replace(/\s+\($/, '('))
    );
  }
  return false;
};

const readsOf = (node: SgNode): string[] =>
  [node, ...node.findAll({ rule: { kind: 'identifier' } })]
    .filter((n) => kindOf(n) === 'identifier')
    .map((n) => n.text());

/**
 * Turns a SQL string built by concatenation into a template with `?` placeholders and the
 * setters that bind each dynamic piece, or a refusal when a piece is not a value (a table or
 * column name, a clause) or its type does not say how to bind it.
 */
export const sqlTemplate = (concat: SgNode): Template => {
  const parts = plusOperands(concat);
  let sql = '';
  const parameters: Parameter[] = [];
  const code: string[] = [];
  let pending = '';
  const flush = () => {
    if (pending) code.push(javaString(pending));
    pending = '';
  };
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const literal = constantValue(part);
    if (literal !== null) {
      sql += literal;
      if (stringValue(part) !== null) pending += literal;
      else {
        flush();
        code.push(part.text());
      }
      continue;
    }
    const quotes = (sql.match(/'/g) ?? []).length;
    if (quotes % 2 === 1) {
      // Inside a quoted SQL string: bind the whole string, with the literal text around the piece.
      const open = sql.lastIndexOf("'");
      const prefix = sql.slice(open + 1);
      const next = parts[i + 1] ? stringValue(parts[i + 1]) : null;
      const close = next?.indexOf("'") ?? -1;
      if (next === null || close < 0) {
        return { refusal: 'a quoted SQL string is built from more than one value' };
      }
      const suffix = next.slice(0, close);
      if (prefix.includes("''") || suffix.includes("''")) {
        return { refusal: 'the quoted SQL string contains escaped quotes' };
      }
      const type = typeOf(part);
      const text = type === 'String' ? part.text() : `String.valueOf(${part.text()})`;
      const pieces = [prefix ? javaString(prefix) : null, text, suffix ? javaString(suffix) : null];
      const value = pieces.filter(Boolean).join(' + ');
      if (!pending.endsWith(`'${prefix}`)) {
        return { refusal: 'the quoted SQL string starts in a constant' };
      }
      sql = `${sql.slice(0, open)}?${next.slice(close + 1)}`;
      pending = `${pending.slice(0, pending.length - prefix.length - 1)}?${next.slice(close + 1)}`;
      parameters.push({ setter: 'setString', value, reads: readsOf(part) });
      i++;
      continue;
    }
    if (!valuePosition(sql)) {
      return {
        refusal: `"${part.text()}" is concatenated where SQL expects a name or a clause, which a parameter cannot replace`,
      };
    }
    const type = typeOf(part);
    const setter = type ? SETTERS[type] : undefined;
    if (!setter || setter === 'setString') {
      return {
        refusal: `"${part.text()}" is used unquoted as a number but its type (${type ?? 'unknown'}) does not say how to bind it`,
      };
    }
    sql += '?';
    pending += '?';
    parameters.push({ setter, value: part.text(), reads: readsOf(part) });
  }
  flush();
  return { sql: code.join(' + ') || '""', parameters };
};
