import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { Site } from '../../types.js';
import type { SourceFile } from '../../engine/source-file.js';
import { argumentsOf, insertArgumentAfter } from '../shared/args.js';
import { enclosingFunction, nameUsed } from '../shared/names.js';
import { commonBlock, localUses } from '../shared/scope.js';
import { encodeText } from '../shared/strings.js';
import { templateOf, type TemplatePiece } from '../shared/template.js';
import { EXECUTE, sqlBuiltElsewhere } from './elsewhere.js';
import { paramstyleOf } from './paramstyle.js';
import { parameterize } from './rewrite.js';

interface Data {
  call: SgNode;
  /** The query argument of the call (a literal expression or the variable holding it). */
  argument: SgNode;
  /** The string-building expression the fix replaces with the parameterized literal. */
  built: SgNode;
  pieces: TemplatePiece[];
  quote: string;
  refusal?: string;
  /**
   * The `query = ...` assignment when the values must be evaluated where the query is built
   * (they are calls or expressions that may change by the time it runs): the fix binds the
   * parameters there too (`query, params = "...", (...)`).
   */
  hoist?: SgNode;
  /** Set when the query variable is also logged or printed (it will show placeholders). */
  logged?: boolean;
}

/** A call that only reports a value: `print(q)`, `log.debug("%s", q)`, `logger.info(q)`. */
const REPORTING =
  /^(print|(\w+\.)*(log|logger|logging|LOG|LOGGER|_log|_logger)\.(debug|info|warning|warn|error|exception|critical|log))$/;

const reportedOnly = (read: SgNode): boolean => {
  const list = read.parent();
  const call = list?.kind() === 'argument_list' ? list.parent() : null;
  return !!call && REPORTING.test(call.field('function')?.text() ?? '');
};

const SQL = /\b(select\s[\s\S]*\sfrom|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/**
 * Same-file functions that pass two consecutive parameters on to `.execute(query, params)`:
 * name → the position of the query parameter (`def query(conn, sql, args=())` → 1).
 */
const executeHelpers = (root: SgNode): Map<string, number> => {
  const helpers = new Map<string, number>();
  for (const fn of root.findAll({ rule: { kind: 'function_definition' } })) {
    const params = (fn.field('parameters')?.namedChildren() ?? []).map(
      (x) => (x.kind() === 'identifier' ? x : (x.field('name') ?? x.child(0)))?.text() ?? '',
    );
    for (const call of fn.findAll({ rule: { kind: 'call' } })) {
      const callee = call.field('function');
      if (callee?.kind() !== 'attribute' || callee.field('attribute')!.text() !== 'execute')
        continue;
      const [q, p] = argumentsOf(call).map((a) => a.text());
      const at = params.indexOf(q ?? '');
      if (at >= 0 && params[at + 1] === p) helpers.set(fn.field('name')!.text(), at);
    }
  }
  return helpers;
};

/** `base`, or `base_2`, ... : a name the file does not use yet. */
const freeName = (root: SgNode, base: string): string => {
  for (let i = 1; ; i += 1) {
    const name = i === 1 ? base : `${base}_${i}`;
    if (!nameUsed(root, name)) return name;
  }
};

/** Expressions whose value cannot change between building the query and running it. */
const PURE = /^[\w.]+(\[(\d+|'[^']*'|"[^"]*")\])?$|^(str|int|float)\([\w.]+\)$/;

/** The query expression a call runs, with what the fix needs, or null when it builds nothing. */
const siteOf = (call: SgNode, argument: SgNode) => {
  let built = argument;
  let scope: SgNode | undefined;
  let anchor: SgNode | undefined;
  let refusal: string | undefined;
  let logged = false;
  if (argument.kind() === 'identifier') {
    const fn = enclosingFunction(call);
    const uses = fn && localUses(fn, argument.text());
    const assignment = uses?.assignments[0];
    if (!uses || !assignment) return null;
    built = assignment.field('right')!;
    anchor = assignment;
    scope = commonBlock(assignment, call);
    const others = uses.reads.filter((r) => r.id() !== argument.id());
    logged = others.length > 0 && others.every(reportedOnly);
    if (uses.assignments.length !== 1 || (others.length > 0 && !logged) || uses.parameter) {
      refusal = 'the query variable is reassigned or used elsewhere';
    }
  }
  const template = templateOf(built);
  if ('refusal' in template) {
    const literal = built.kind() === 'string' && !/^[a-zA-Z]*f/i.test(built.text());
    return literal || !SQL.test(built.text())
      ? null
      : {
          built,
          scope,
          anchor,
          refusal: `the query is ${template.refusal}`,
          pieces: [],
          quote: '"',
        };
  }
  const text = template.pieces.map((p) => (p.kind === 'text' ? p.value : ' x ')).join('');
  if (!template.pieces.some((p) => p.kind === 'value') || !SQL.test(text)) return null;
  const impure =
    !!anchor &&
    template.pieces.some((p) => p.kind === 'value' && !PURE.test(p.text.replace(/\s/g, '')));
  if (impure && anchor?.field('type')) refusal ??= 'the query variable is annotated';
  const quote = template.literals[0]!.quote;
  const hoist = impure ? anchor : undefined;
  return { built, scope, anchor, refusal, pieces: template.pieces, quote, hoist, logged };
};

/** Every `.execute(...)` (or same-file helper) call that runs a query built from values. */
const builtQueries = (file: SourceFile): Site<Data>[] => {
  const helpers = executeHelpers(file.root);
  const executed = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site<Data>[] => {
    const callee = call.field('function');
    const method = callee?.kind() === 'attribute' ? callee.field('attribute')!.text() : null;
    const isExecute = method !== null && EXECUTE.has(method);
    const helper = callee?.kind() === 'identifier' ? helpers.get(callee.text()) : undefined;
    if (!isExecute && helper === undefined) return [];
    const args = argumentsOf(call);
    const at = helper ?? 0;
    const argument = args[at];
    if (!argument || argument.kind() === 'keyword_argument') return [];
    const site = siteOf(call, argument);
    if (!site) {
      return [
        {
          node: call,
          anchors: [argument],
          decline:
            argument.kind() === 'string' && !argument.find({ rule: { kind: 'interpolation' } })
              ? 'the query is a constant string: no value is formatted into it'
              : 'the query is one value built elsewhere (a parameter, an attribute, a statement object or a helper\u2019s result): which parts are values to bind is decided where it is built',
        },
      ];
    }
    const refusal =
      site.refusal ??
      (method === 'executemany' ? 'executemany runs one query for many rows' : undefined) ??
      (args[at + 1] && args[at + 1]!.kind() !== 'keyword_argument'
        ? 'the call already passes parameters'
        : undefined);
    const data: Data = {
      call,
      argument,
      built: site.built,
      pieces: site.pieces,
      quote: site.quote,
      ...(refusal ? { refusal } : {}),
      ...(site.hoist ? { hoist: site.hoist } : {}),
      ...(site.logged ? { logged: true } : {}),
    };
    const anchors = [site.built, ...(site.anchor ? [site.anchor] : [])];
    return [{ node: call, anchors, data, ...(site.scope ? { scope: site.scope } : {}) }];
  });
  const taken = executed.flatMap((s) => [s.node, ...(s.anchors ?? [])]);
  return [...executed, ...sqlBuiltElsewhere<Data>(file.root, taken)];
};

/** `remediate:python/sql-parameterized`: SQL built with f-strings, `%`, `.format` or `+` → parameters. */
export const pythonSqlParameterized = defineCodemod<Data>({
  id: 'remediate:python/sql-parameterized',
  languages: ['python'],
  rules: {
    bandit: ['B608'],
    codeql: ['py/sql-injection'],
    semgrep: [
      'python.lang.security.audit.formatted-sql-query.formatted-sql-query',
      'python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli',
      'python.lang.security.audit.sqli.psycopg-sqli.psycopg-sqli',
      'python_sql_rule-hardcoded-sql-expression',
    ],
    sonarqube: ['python:S3649', 'python:S2077'],
    snyk: ['python/Sqli'],
  },
  cwe: [89],
  owasp: ['A03:2021'],
  title: 'Parameterized SQL instead of f-strings, %, .format and concatenation',
  description:
    'Rewrites a DB-API `cursor.execute(query)` (also SQLAlchemy `exec_driver_sql`, or a ' +
    'same-file helper that forwards its query and parameters to `execute`) whose query is built ' +
    'with an f-string, `%` (positional or `%(name)s` with a dict literal), `.format()` or `+` ' +
    '(inline, or in a local variable used only by the call) into a query with placeholders plus ' +
    'a parameter tuple: `?` for sqlite3, `%s` for psycopg, PyMySQL and mysqlclient (inferred from ' +
    'the calls, imports or requirements of the project). Quoted values lose their quotes; a value ' +
    "inside a quoted pattern (`'%{term}%'`) becomes one parameter. A query built in a variable " +
    'lines before the call is followed; when its values are calls that could change by the ' +
    'time it runs, the parameters are bound where the query is built (`sql, sql_params = ' +
    '"...", (...)`). Policy: behaviour-preserving; a query variable that is also logged is a ' +
    '`behaviour_change` (the log shows placeholders). Values that stand for table or column ' +
    'names, conditions or `IN` lists, an unknown driver, a constant query and a query that is ' +
    'one value built elsewhere (a parameter, a statement object, a helper\u2019s result) are ' +
    'declined with the reason, and so is SQL text that no `execute()` in the file runs where ' +
    'it is built: returned to the caller, passed to a statement builder (`RawSQL`, `DDL`), ' +
    'appended to a larger statement, or the message of a raised exception.',
  rationale: {
    problem:
      'Splicing values into SQL text lets a value that contains a quote or SQL syntax change the ' +
      "statement: `' OR '1'='1` reads every row, `'; DROP TABLE ...` runs another statement.",
    change:
      'The query text now holds placeholders and the values travel separately as parameters, so ' +
      'the driver sends them as data that can never be parsed as SQL.',
    safety:
      'For ordinary values the database sees the same comparison: quoted strings become string ' +
      'parameters, numbers stay numbers, and literal `%` signs are doubled where the driver ' +
      'needs it. The statement and the cursor are unchanged; only the quoting moves to the driver.',
  },
  references: [
    { title: 'CWE-89: SQL Injection', url: 'https://cwe.mitre.org/data/definitions/89.html' },
    {
      title: 'PEP 249: paramstyle',
      url: 'https://peps.python.org/pep-0249/#paramstyle',
    },
    {
      title: 'sqlite3: placeholders',
      url: 'https://docs.python.org/3/library/sqlite3.html#sqlite3-placeholders',
    },
    { title: 'OWASP A03:2021 Injection', url: 'https://owasp.org/Top10/A03_2021-Injection/' },
  ],
  detect: builtQueries,
  fix: ({ data }, editor, ctx) => {
    if (!data) return;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    const style = paramstyleOf(editor.root, ctx);
    if (!style)
      return notApplicable(
        'unsafe_to_change',
        "cannot tell the driver's placeholder style (? or %s)",
      );
    const quoteChar = data.quote[0]!;
    const result = parameterize(data.pieces, style, quoteChar);
    if (typeof result === 'string') return notApplicable('unsafe_to_change', result);
    const query = `${data.quote}${encodeText(result.query, data.quote)}${data.quote}`;
    const params =
      result.params.length === 1 ? `(${result.params[0]},)` : `(${result.params.join(', ')})`;
    if (data.logged) {
      ctx.behaviourChange(
        `\`${data.argument.text()}\` is also logged or printed: it now shows the placeholders, not the values`,
      );
    }
    if (data.hoist) {
      // The values are evaluated where the query was built, as before, and travel with it.
      const name = freeName(editor.root, `${data.argument.text()}_params`);
      editor.replace(data.hoist.field('left')!, `${data.argument.text()}, ${name}`);
      editor.replace(data.built, `${query}, ${params}`);
      insertArgumentAfter(editor, data.call, data.argument, name);
      return;
    }
    const inline = data.built.id() === data.argument.id();
    const replacing = inline ? { node: data.argument, text: query } : undefined;
    const laidOut = insertArgumentAfter(editor, data.call, data.argument, params, replacing);
    if (!laidOut || !inline) editor.replace(data.built, query);
  },
});
