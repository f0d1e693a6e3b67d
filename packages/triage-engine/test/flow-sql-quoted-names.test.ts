import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';
import {
  importedModules,
  openSqlQuote,
  speaksSqliteOnly,
  staysQuoted,
} from '../src/flow/sql-quote.js';
import { flowAt, lineOf, pathText } from './build.js';

// A name put between quotes in a SQL statement, after a check that refuses the quote around it
// (asyncua 1.0.2: `validate_table_name` raises on a blank, `;`, `,`, brackets or a quote, and
// the history statements put the table inside double quotes). Near misses: the quote around it
// not refused, the name put outside quotes, a loop that breaks, a list iterated, MySQL's
// backslash, a helper that does something first.

const validator = (refused: string, loop = '    for character in table_name:') => [
  'class SqlInjectionError(Exception):',
  '    """Raised, if a sql injection is detected."""',
  '    pass',
  '',
  'def validate_table_name(table_name: str) -> None:',
  '    """Checks wether the sql table name is valid or not."""',
  `    not_allowed_characters = [${refused}]`,
  loop,
  '        if character in not_allowed_characters:',
  '            raise SqlInjectionError(',
  "                f'table_name: {table_name} contains invalid character: {character}'",
  '            )',
];

const ALL = `' ', ';', ',', '(', ')', '[', ']','"', "'"`;

const history = (statement: string, driver = 'import aiosqlite') => [
  'import logging',
  driver,
  'from ..common.sql_injection import validate_table_name',
  '',
  '',
  'class HistorySQLite:',
  '    def __init__(self, path):',
  '        self._db_file = path',
  '        self._db = None',
  '',
  '    def _get_table_name(self, node_id):',
  "        return f'{node_id.NamespaceIndex}_{node_id.Identifier}'",
  '',
  '    async def save_node_value(self, node_id, datavalue):',
  '        table = self._get_table_name(node_id)',
  '        try:',
  '            validate_table_name(table)',
  '            await self._db.execute(',
  `                ${statement},  # sink`,
  '                (datavalue.SourceTimestamp,),',
  '            )',
  '            await self._db.commit()',
  '        except aiosqlite.Error as e:',
  '            logging.error("insert error %s", e)',
];

const flow = (
  statement: string,
  refused = ALL,
  driver?: string,
  loop?: string,
): ReturnType<typeof reconstructFlow> => {
  const files = new Map([
    ['asyncua/common/sql_injection.py', validator(refused, loop).join('\n')],
    ['asyncua/server/history_sql.py', history(statement, driver).join('\n')],
  ]);
  const text = files.get('asyncua/server/history_sql.py')!;
  return reconstructFlow({
    uri: 'asyncua/server/history_sql.py',
    text,
    line: lineOf(text, '# sink'),
    endLine: null,
    cls: 'sql-injection',
    files,
  });
};

describe('names kept inside SQL quotes', () => {
  it('reads which quote a SQL text leaves open', () => {
    expect(openSqlQuote('INSERT INTO "')).toBe('"');
    expect(openSqlQuote("SELECT * FROM t WHERE a = 'x' AND b = '")).toBe("'");
    expect(openSqlQuote("WHERE a = 'it''s' AND b = ")).toBeNull();
    expect(openSqlQuote('SELECT `')).toBe('`');
    expect(openSqlQuote("WHERE a = 'x\\' AND b = '")).toBeNull();
    expect(openSqlQuote("-- it's\nSELECT '")).toBeNull();
    expect(
      importedModules(
        "import os, aiosqlite as db\nfrom sqlite3 import connect\nconst pg = require('pg');\nimport Database from 'better-sqlite3';",
      ),
    ).toEqual(['os', 'aiosqlite', 'sqlite3', 'pg', 'better-sqlite3']);
    expect(speaksSqliteOnly(['aiosqlite', 'logging'])).toBe(true);
    expect(speaksSqliteOnly(['sqlite3', 'pymysql'])).toBe(false);
    expect(speaksSqliteOnly(['psycopg2'])).toBe(false);
    expect(staysQuoted('SELECT "', new Set(['"']), true)).toMatch(/holds no "/);
    expect(staysQuoted('SELECT "', new Set(['"']), false)).toBeNull();
    expect(staysQuoted('SELECT "', new Set(['"', '\\']), false)).toMatch(/no backslash/);
    expect(staysQuoted("SELECT '", new Set(['"']), true)).toBeNull();
  });

  it('when a helper imported from the project refuses the double quote character by character and the table sits inside double quotes (SQLite), then it is sanitized', () => {
    const r = flow(`f'INSERT INTO "{table}" VALUES (NULL, ?)'`)!;
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/validate_table_name\(\) refuses table_name when it holds " /);
    expect(pathText(r)).toMatch(/sits inside "…", which it cannot close/);
  });

  it('when the statement is built by concatenation across lines, then it is read the same', () => {
    const r = flow(`'SELECT * FROM "' + table +\n                '" WHERE x = ?'`)!;
    expect(r.outcome).toBe('no-source');
  });

  it('when the quote around the name is not refused, or the name is outside quotes, then it stays undecided', () => {
    expect(flow(`f'INSERT INTO "{table}" VALUES (NULL, ?)'`, `' ', ';', "'"`)!.outcome).toBe(
      'undecided',
    );
    expect(flow(`f'INSERT INTO {table} VALUES (NULL, ?)'`)!.outcome).toBe('undecided');
    expect(flow(`f"INSERT INTO '{table}' VALUES (NULL, ?)"`, `' ', ';', '"'`)!.outcome).toBe(
      'undecided',
    );
  });

  it('when the file also speaks MySQL and the backslash is not refused, then the quote does not hold', () => {
    expect(
      flow(`f'INSERT INTO "{table}" VALUES (NULL, ?)'`, ALL, 'import aiosqlite, pymysql')!.outcome,
    ).toBe('undecided');
  });

  it('when a TypeScript string parameter is refused its double quote and the backslash, then it stays quoted whatever the driver; without the backslash refused, not for MySQL', () => {
    const ts = (bad: string) => [
      "import mysql from 'mysql2/promise';",
      '',
      `const FORBIDDEN = [${bad}];`,
      '',
      'export async function dropTable(pool: mysql.Pool, name: string): Promise<void> {',
      '\tfor (const ch of name) {',
      '\t\tif (FORBIDDEN.includes(ch)) {',
      '\t\t\tthrow new Error(`bad table name: ${name}`);',
      '\t\t}',
      '\t}',
      '\tawait pool',
      '\t\t.query(`DROP TABLE \\`${name}\\``); // sink',
      '}',
    ];
    const ok = flowAt(
      'sql-injection',
      ts("'`', '\\\\', ' ', ';'"),
      '// sink',
      'src/admin/tables.ts',
    );
    expect(ok.outcome).toBe('no-source');
    expect(pathText(ok)).toMatch(/no backslash/);
    const mysqlOnly = flowAt(
      'sql-injection',
      ts("'`', ' ', ';'"),
      '// sink',
      'src/admin/tables.ts',
    );
    expect(mysqlOnly.outcome).not.toBe('no-source');
  });

  it('when the loop iterates something else than the parameter, then nothing is learnt', () => {
    expect(
      flow(
        `f'INSERT INTO "{table}" VALUES (NULL, ?)'`,
        ALL,
        undefined,
        '    for character in table_name[:1]:',
      )!.outcome,
    ).toBe('undecided');
  });

  it('when the check is inline in the caller (a string parameter), then the same holds; a loop with a break does not check every character', () => {
    const inline = (extra: string) => [
      'import sqlite3',
      '',
      'BAD = {\'"\', ";", " "}',
      '',
      '',
      'def drop(conn, name: str):',
      '    for ch in name:',
      '        if ch in BAD:',
      '            raise ValueError(name)',
      extra,
      '    conn.execute(f\'DROP TABLE "{name}"\')  # sink',
    ];
    const r = flowAt('sql-injection', inline(''), '# sink', 'db/tables.py');
    expect(r.outcome).not.toBe('input');
    expect(pathText(r)).toMatch(/every character of name passed the loop's guard/);
    expect(pathText(r)).toMatch(/cannot close/);
    const broken = flowAt(
      'sql-injection',
      inline('').map((l) => (l === '            raise ValueError(name)' ? '            break' : l)),
      '# sink',
      'db/tables.py',
    );
    expect(pathText(broken)).not.toMatch(/cannot close/);
  });

  it('when the parameter is a list of names, then a check of each element says nothing of the text it makes', () => {
    const r = flowAt(
      'sql-injection',
      [
        'import sqlite3',
        '',
        '',
        'def drop(conn, names: list):',
        '    for ch in names:',
        '        if ch in (\'"\', ";"):',
        '            raise ValueError(ch)',
        '    conn.execute(f\'DROP TABLE "{names}"\')  # sink',
      ],
      '# sink',
      'db/tables.py',
    );
    expect(pathText(r)).not.toMatch(/cannot close/);
  });

  it('when a search for any of a class of characters is found false (re.search, RegExp test), then the value holds none of them', () => {
    const py = (cls: string) => [
      'import re',
      'import sqlite3',
      '',
      '',
      'def count_rows(db: sqlite3.Connection, table):',
      `    if re.search(r'${cls}', table):`,
      '        raise ValueError("bad table name")',
      '    cur = db.cursor()',
      '    cur.execute(',
      '        f\'SELECT COUNT(*) FROM "{table}"\'  # sink',
      '    )',
      '    return cur.fetchone()[0]',
    ];
    const r = flowAt('sql-injection', py('[\\s;"]'), '# sink', 'app/stats.py');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/holds none of/);
    expect(flowAt('sql-injection', py('[\\s;]'), '# sink', 'app/stats.py').outcome).toBe(
      'undecided',
    );
    const js = (cls: string) => [
      "const { Client } = require('pg');",
      '',
      'async function countRows(client, table) {',
      `  if (/${cls}/.test(table)) throw new Error('bad table name');`,
      '  const res = await client.query(',
      "    'SELECT COUNT(*) FROM \"' + table + '\"' // sink",
      '  );',
      '  return res.rows[0].count;',
      '}',
    ];
    expect(flowAt('sql-injection', js('[\\s"\\\\;]'), '// sink', 'lib/stats.js').outcome).toBe(
      'no-source',
    );
    expect(flowAt('sql-injection', js('[\\s";]'), '// sink', 'lib/stats.js').outcome).not.toBe(
      'no-source',
    );
  });
});
