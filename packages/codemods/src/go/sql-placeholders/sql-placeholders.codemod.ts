import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { nearestFile } from '../../manifests/nearest.js';
import type { Site } from '../../types.js';
import { argsOf, bindingIn, calleeOf, enclosingFunction } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { goImports, importedAs, packageUses, removeGoImport } from '../shared/imports.js';
import { builtString, type Part } from '../shared/query-parts.js';

const METHODS = /^(Query|QueryRow|Exec|QueryContext|QueryRowContext|ExecContext|Get|Select)$/;

interface Data {
  call: SgNode;
  /** The argument holding the query (the built string, or the variable naming it). */
  queryArg: SgNode;
  /** The built string (the argument itself or the variable's initializer). */
  built: SgNode;
}

/** The query argument's position: after the context for the *Context methods and sqlx's Get/Select dest. */
const queryIndex = (name: string): number =>
  /Context$/.test(name) ? 1 : name === 'Get' || name === 'Select' ? 1 : 0;

/** `q := <built>` in the same function, used by nothing but `call`. */
const builtIn = (call: SgNode, name: SgNode): { decl: SgNode; value: SgNode } | null => {
  const fn = enclosingFunction(call);
  if (!fn) return null;
  const decls = fn.findAll({ rule: { kind: 'short_var_declaration' } }).filter((d) => {
    const left = d.field('left')?.namedChildren() ?? [];
    return left.length === 1 && left[0]!.text() === name.text();
  });
  if (decls.length !== 1) return null;
  const decl = decls[0]!;
  const value = decl.field('right')?.namedChildren();
  if (value?.length !== 1) return null;
  const uses = fn
    .findAll({ rule: { kind: 'identifier', regex: `^${name.text()}$` } })
    .filter((u) => u.range().start.index !== decl.field('left')!.range().start.index);
  if (uses.length !== 1) return null;
  if (decl.range().end.index > call.range().start.index) return null;
  return { decl, value: value[0]! };
};

const isLiteral = (n: SgNode) =>
  n.kind() === 'interpreted_string_literal' || n.kind() === 'raw_string_literal';

/** `f()` for a call's callee (`bindNamedMapper()`, `ioutil.ReadFile()`), or null. */
const calledName = (n: SgNode): string | null => {
  if (n.kind() !== 'call_expression') return null;
  const callee = calleeOf(n);
  return `${callee ? `${callee.operand}.${callee.name}` : (n.field('function')?.text() ?? '?')}()`;
};

const ELSEWHERE = 'placeholders belong where that text is built';

/**
 * Why a query that is not built by Sprintf or `+` here cannot take placeholders at this call:
 * it is a parameter, another function's result (a named-parameter compiler's output, a file's
 * text), or a variable built more than once. Null for a constant query (nothing to change) and
 * for a query built here (the fixable case).
 */
const notBuiltHere = (call: SgNode, query: SgNode, fmt: string | null): string | null => {
  if (isLiteral(query) || builtString(query, fmt)) return null;
  const fn = enclosingFunction(call);
  if (query.kind() === 'call_expression') {
    const callee = query.field('function')?.text();
    const inner = argsOf(query)[0];
    // string(contents): where the bytes come from.
    if (callee === 'string' && inner?.kind() === 'identifier' && fn) {
      const binding = bindingIn(fn, inner.text());
      const from = binding?.kind === 'assigned' ? calledName(binding.values.at(-1)!) : null;
      if (from)
        return `the query is ${query.text()}, the bytes ${from} returns, not text built from string pieces in this function: a statement read whole has no values to bind`;
    }
    return `the query is the result of ${calledName(query)}, not text built from string pieces in this function: ${ELSEWHERE}`;
  }
  if (query.kind() !== 'identifier' || !fn) {
    return `the query ${query.text()} is not text built from string pieces in this function: ${ELSEWHERE}`;
  }
  const name = query.text();
  const binding = bindingIn(fn, name);
  if (binding?.kind === 'parameter')
    return `the query is the parameter ${name}: its callers build it, not this function; ${ELSEWHERE}`;
  if (binding === null) return `the query ${name} is not assigned in this function: ${ELSEWHERE}`;
  const { values } = binding;
  if (values.every(isLiteral)) return null;
  if (values.some((v) => builtString(v, fmt)))
    return `the query ${name} is built from string pieces but assigned more than once or used by other statements too, so its text cannot be rewritten for this call alone`;
  const from = values.map(calledName).findLast((c) => c !== null);
  if (from)
    return `the query ${name} is what ${from} returns, not text built from string pieces in this function: ${ELSEWHERE}`;
  return `the query ${name} is not text built from string pieces in this function: ${ELSEWHERE}`;
};

const builtQueries = (file: SourceFile): Site<Data>[] => {
  const fmt = importedAs(file.root, 'fmt');
  return file.root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call): Site<Data>[] => {
    const fn = call.field('function');
    const method = fn?.kind() === 'selector_expression' ? fn.field('field')?.text() : undefined;
    if (!method || !METHODS.test(method)) return [];
    const queryArg = argsOf(call)[queryIndex(method)];
    if (!queryArg) return [];
    if (builtString(queryArg, fmt))
      return [{ node: call, data: { call, queryArg, built: queryArg } }];
    const local = queryArg.kind() === 'identifier' ? builtIn(call, queryArg) : null;
    if (!local || !builtString(local.value, fmt)) {
      const why = notBuiltHere(call, queryArg, fmt);
      return why ? [{ node: call, decline: why }] : [];
    }
    return [
      {
        node: call,
        anchors: [local.decl],
        scope: enclosingFunction(call)!.field('body')!,
        data: { call, queryArg, built: local.value },
      },
    ];
  });
};

const POSTGRES = /github\.com\/(lib\/pq|jackc\/pgx)/;
const QUESTION =
  /github\.com\/(go-sql-driver\/mysql|mattn\/go-sqlite3)|modernc\.org\/sqlite|github\.com\/denisenkomssql|github\.com\/microsoft\/go-mssqldb/;

/** `$n` for PostgreSQL drivers, `?` for MySQL and SQLite, from the file's imports, go.mod, or the file's own queries. */
const placeholderStyle = (
  file: SourceFile,
  goMod: string | undefined,
): 'dollar' | 'question' | null => {
  const paths = goImports(file.root)
    .map((i) => i.path)
    .join('\n');
  for (const text of [paths, goMod ?? '']) {
    const pg = POSTGRES.test(text);
    const q = QUESTION.test(text);
    if (pg !== q) return pg ? 'dollar' : 'question';
  }
  const literals = file.root
    .findAll({
      rule: { any: [{ kind: 'interpreted_string_literal' }, { kind: 'raw_string_literal' }] },
    })
    .map((l) => l.text())
    .filter((t) => /\b(SELECT|INSERT|UPDATE|DELETE)\b/i.test(t));
  if (literals.some((t) => /\$1\b/.test(t))) return 'dollar';
  if (literals.some((t) => /[=(,]\s*\?/.test(t))) return 'question';
  return null;
};

// A value position: after a comparison, `(`, `,`, or a keyword that takes a value.
const VALUE_BEFORE =
  /(=|<>|!=|<=|>=|<|>|\(|,|\bLIKE|\bIN|\bLIMIT|\bOFFSET|\bVALUES|\bTHEN|\bELSE|\bAND|\bOR|\bBETWEEN|\bSET|\bIS)\s*$/i;

const rebuild = (
  parts: Part[],
  style: 'dollar' | 'question',
  existing: number,
): { sql: string; args: SgNode[] } | string => {
  let sql = '';
  const args: SgNode[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if ('text' in part) {
      sql += part.text;
      continue;
    }
    if (!/^%[sdvf]$/.test(part.verb))
      return `the format verb ${part.verb} has no placeholder equivalent`;
    const quoted = sql.endsWith("'");
    const next = parts[i + 1];
    if (quoted && !(next && 'text' in next && next.text.startsWith("'")))
      return 'the value is part of a longer quoted SQL literal (a LIKE pattern or a prefix); build the pattern in Go and pass it as one argument';
    if (quoted) {
      sql = sql.slice(0, -1);
      (next as { text: string }).text = next && 'text' in next ? next.text.slice(1) : '';
    }
    if (!VALUE_BEFORE.test(sql))
      return `${part.expr.text()} names part of the statement (a table, a column, a sort order), which a placeholder cannot stand for`;
    args.push(part.expr);
    sql += style === 'dollar' ? `$${existing + args.length}` : '?';
  }
  return { sql, args };
};

/** `remediate:go/sql-placeholders`: SQL built by Sprintf or `+` → placeholders and arguments. */
export const goSqlPlaceholders = defineCodemod<Data>({
  id: 'remediate:go/sql-placeholders',
  languages: ['go'],
  rules: { gosec: ['G201', 'G202', 'G701'], semgrep: [SEMGREP_GO.sql] },
  cwe: [89],
  owasp: ['A03:2021'],
  title: 'SQL placeholders instead of formatted queries',
  description:
    'A query passed to `Query`, `QueryRow`, `Exec` (and their `Context` forms, sqlx `Get`/' +
    '`Select`) built with `fmt.Sprintf` or `+`, inline or in a variable used only there, becomes ' +
    'a constant query with placeholders (`$1` for lib/pq and pgx, `?` for MySQL and SQLite, from ' +
    'the imports, go.mod or the queries around) and the values as arguments; quotes around a ' +
    'value go. Values in identifier positions (table, column, ORDER BY) and inside longer quoted ' +
    'literals are left with the reason, as is a file whose driver is unknown, and so is a query ' +
    'this function does not build from pieces (a parameter, the output of a named-parameter ' +
    "compiler such as sqlx's `bindNamedMapper`, a file's text): its placeholders belong where " +
    'the text is built.',
  rationale: {
    problem:
      'A value formatted into the SQL text is parsed as SQL: a quote in it ends the string and ' +
      'what follows runs as part of the statement (SQL injection).',
    change:
      'The statement text is constant and each value is sent as a bound parameter, which the ' +
      'database never parses as SQL.',
    safety:
      'The same values reach the same columns: quoted text values become text parameters, ' +
      'numbers numeric ones. Placeholder numbering continues after any the call already had.',
  },
  references: [
    { title: 'Avoiding SQL injection risk (Go)', url: 'https://go.dev/doc/database/sql-injection' },
    { title: 'CWE-89: SQL Injection', url: 'https://cwe.mitre.org/data/definitions/89.html' },
  ],
  detect: builtQueries,
  fix: ({ data }, editor, ctx) => {
    const { call, queryArg, built } = data!;
    const file = editor.file;
    const goMod = nearestFile(ctx.input, ctx.input.path, 'go.mod');
    const style = placeholderStyle(file, goMod && (ctx.fileText(goMod.path) ?? goMod.text));
    if (!style) {
      return notApplicable(
        'unsafe_to_change',
        'the SQL driver (and so the placeholder syntax) is not known from the imports, go.mod or other queries',
      );
    }
    const fmt = importedAs(file.root, 'fmt');
    const shape = builtString(built, fmt)!;
    const callArgs = argsOf(call);
    const extra = callArgs.slice(
      callArgs.findIndex((a) => a.range().start.index === queryArg.range().start.index) + 1,
    );
    const result = rebuild(shape.parts, style, extra.length);
    if (typeof result === 'string') return notApplicable('unsafe_to_change', result);
    if (/\n/.test(result.sql) && !shape.raw)
      return notApplicable('unsafe_to_change', 'the query spans lines');
    const literal = shape.raw ? `\`${result.sql}\`` : `"${result.sql}"`;
    editor.replace(built, literal);
    const added = result.args.map((a) => a.text()).join(', ');
    editor.insert(callArgs.at(-1)!.range().end.index, `, ${added}`);
    // Go refuses an unused import: fmt goes when this Sprintf was its only use.
    if (fmt && shape.how === 'sprintf' && packageUses(file.root, fmt).length === 1)
      removeGoImport(editor, 'fmt');
  },
});
