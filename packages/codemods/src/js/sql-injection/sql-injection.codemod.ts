import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { argsOf, calleeName, importsModule } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';
import { isBuiltString, requote, stringParts } from '../common/string-parts.js';
import { sqlSource } from './sql-source.js';
import type { Site } from '../../types.js';
import { parameterize, type Driver } from './parameterize.js';

type Data = { driver: Driver | null; value: SgNode; raw: boolean };

const PG = ['pg', 'pg-pool'];
const MYSQL = ['mysql', 'mysql2', 'mysql2/promise'];
const METHODS = new Set(['query', 'execute']);
/** Query builders' and ORMs' raw SQL calls (knex/objection `raw`, Prisma's unsafe raw queries). */
const RAW_METHODS = new Set(['raw', '$queryRawUnsafe', '$executeRawUnsafe']);

const BUILT_ELSEWHERE =
  'the query is one value built elsewhere (a query builder\u2019s output, an options object or a parameter): which parts are values to bind is decided where it is built';
const SPLICED_WHOLE =
  'the SQL text is the value spliced in (the literal parts around it hold no SQL): it is built elsewhere, and which parts are values to bind is decided there';

const driverOf = (root: SgNode): Driver | null => {
  const pg = importsModule(root, PG);
  const mysql = importsModule(root, MYSQL);
  return pg === mysql ? null : pg ? 'pg' : 'mysql';
};

const isCallback = (node: SgNode | undefined): boolean => {
  if (!node) return false;
  const n = unwrap(node);
  if (['arrow_function', 'function_expression', 'function'].includes(String(n.kind()))) return true;
  return n.kind() === 'identifier' && /^(cb|callback|done|next|handler|on[A-Z]\w*)$/.test(n.text());
};

/** `remediate:js/sql-injection`: SQL built from values → a parameterized query (pg, mysql2). */
export const jsSqlInjection = defineCodemod<Data>({
  id: 'remediate:js/sql-injection',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/sql-injection'],
    semgrep: [
      'javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli',
      'javascript.lang.security.audit.sqli.node-mysql-sqli.node-mysql-sqli',
      'javascript.express.security.injection.tainted-sql-string.tainted-sql-string',
      'rules_lgpl_javascript_database_rule-node-sqli-injection',
    ],
    eslint: ['sonarjs/sql-queries'],
    njsscan: ['node_sqli_injection'],
    snyk: ['javascript/Sqli'],
    sonarqube: [
      'javascript:S2077',
      'typescript:S2077',
      'javascript:S3649',
      'jssecurity:S3649',
      'typescript:S3649',
      'tssecurity:S3649',
    ],
  },
  cwe: [89],
  owasp: ['A03:2021'],
  title: 'Parameterized SQL queries (pg, mysql2)',
  description:
    '`client.query(sql)`/`execute(sql)` with SQL built by a template literal or concatenation ' +
    'becomes a parameterized query: each value is replaced by a placeholder (`$1, $2` for `pg`, ' +
    '`?` for `mysql`/`mysql2`) and passed in a parameter array. Quotes around a value are ' +
    "dropped (`'${name}'` → `$1`); `'%${term}%'` becomes one parameter. Values used as table or " +
    'column names, lists (`IN (...)`) or with existing placeholders are left for a person. ' +
    'Declined with the reason: a query that is one value built elsewhere (a query builder\u2019s ' +
    'output, an options object, a parameter, a variable also used for something else, a ' +
    'template such as `${subQuery};` whose literal parts hold no SQL) and the raw SQL calls of ' +
    'query builders and ORMs (`knex.raw`, Prisma `$queryRawUnsafe`), whose placeholders depend ' +
    'on the library and its database.',
  rationale: {
    problem:
      'A value spliced into SQL text is parsed as SQL: a quote in it ends the string and the ' +
      'rest runs as SQL of the attacker\u2019s choosing (read or change any data).',
    change:
      'The SQL text keeps its wording with placeholders where the values were; the values are ' +
      'sent separately as parameters, which the driver never parses as SQL.',
    safety:
      'The same rows are selected for values without quotes; strings that contained quotes are ' +
      'now compared as typed instead of breaking or changing the statement. The callback, if ' +
      'any, keeps its place after the parameter array.',
  },
  references: [
    {
      title: 'CWE-89: SQL Injection',
      url: 'https://cwe.mitre.org/data/definitions/89.html',
    },
    {
      title: 'node-postgres: parameterized query',
      url: 'https://node-postgres.com/features/queries',
    },
    {
      title: 'mysql2: prepared statements and placeholders',
      url: 'https://sidorares.github.io/node-mysql2/docs#using-prepared-statements',
    },
  ],
  detect: (file) => {
    const driver = driverOf(file.root);
    return file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter(
        (call) =>
          call.field('function')?.kind() === 'member_expression' &&
          (METHODS.has(calleeName(call) ?? '') || RAW_METHODS.has(calleeName(call) ?? '')),
      )
      .flatMap((call): Site<Data>[] => {
        const [sql] = argsOf(call);
        if (!sql) return [];
        const source = sqlSource(sql);
        if (!source) {
          // `db.query(sql)` of a value built elsewhere (a query builder's output, an options
          // object, a parameter), or `${subQuery};`: nothing here shows which parts are values
          // to bind.
          const kind = String(unwrap(sql).kind());
          const decline = !['string', 'template_string'].includes(kind)
            ? BUILT_ELSEWHERE
            : isBuiltString(sql)
              ? SPLICED_WHOLE
              : null;
          return decline ? [{ node: call, anchors: [sql], decline }] : [];
        }
        const raw = RAW_METHODS.has(calleeName(call) ?? '');
        return [
          {
            node: call,
            anchors: [sql, ...(source.block ? [source.value] : [])],
            ...(source.block ? { scope: source.block } : {}),
            data: { driver: raw ? null : driver, value: source.value, raw },
          },
        ];
      });
  },
  fix: ({ node, data }, editor) => {
    if (data?.raw) {
      const identifiers = parameterize(stringParts(data.value), 'pg');
      if (typeof identifiers === 'string') return notApplicable('unsafe_to_change', identifiers);
      return notApplicable(
        'unsafe_to_change',
        'a raw SQL call of a query builder or ORM: its placeholder syntax and parameter passing depend on the library and the database it is configured for',
      );
    }
    if (!data?.driver) {
      return notApplicable(
        'unsafe_to_change',
        'the file does not show one driver (pg or mysql/mysql2) to choose placeholders for',
      );
    }
    const [sql, second, ...rest] = argsOf(node);
    if (second && !isCallback(second)) {
      return notApplicable('unsafe_to_change', 'the query already takes parameters or options');
    }
    if (rest.length > 0) return notApplicable('unsafe_to_change', 'unexpected extra arguments');
    const result = parameterize(stringParts(data.value), data.driver);
    if (typeof result === 'string') return notApplicable('unsafe_to_change', result);
    const quote = editor.file.style.quote;
    const template = unwrap(data.value).kind() === 'template_string';
    const text =
      template || /\n|`/.test(result.sql)
        ? `\`${result.sql}\``
        : `${quote}${requote(result.sql, '`', quote)}${quote}`;
    const params = `[${result.params.join(', ')}]`;
    if (data.value === sql || data.value.range().start.index === sql!.range().start.index) {
      editor.replace(sql!, `${text}, ${params}`);
    } else {
      editor.replace(data.value, text);
      editor.insert(sql!.range().end.index, `, ${params}`);
    }
  },
});
