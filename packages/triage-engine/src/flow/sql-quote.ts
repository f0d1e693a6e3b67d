// A value put between quotes in a SQL statement (`f'SELECT * FROM "{table}"'`) stays a quoted
// name or string when it cannot hold the quote around it: with that character refused by a
// check (asyncua 1.0.2's `validate_table_name` refuses `"`, `'`, blanks, `;` …), it cannot end
// the quote and add SQL. MySQL also reads a backslash inside quotes as an escape, so a value
// ending in one would swallow the closing quote: unless the file speaks to SQLite only, the
// backslash must be refused too.

/** Characters a guard is tried with, one at a time, to learn which ones a value cannot hold. */
export const CHARACTER_PROBES = [
  '"',
  "'",
  '`',
  '\\',
  ';',
  ' ',
  '\t',
  '\n',
  '\r',
  '(',
  ')',
  ',',
  '-',
  '/',
  '*',
  '#',
  '=',
  '[',
  ']',
] as const;

/**
 * The quote (`'`, `"` or a backquote) the SQL text leaves open at its end, or null: none open,
 * or the text holds what is not read here (a backslash, a comment, whose quotes do not count).
 */
export const openSqlQuote = (text: string): string | null => {
  let open: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\') return null;
    if (open) {
      // A doubled quote inside (`''`) closes and opens again: the toggle reads it.
      if (ch === open) open = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') open = ch;
    else if (
      ch === '#' ||
      (ch === '-' && text[i + 1] === '-') ||
      (ch === '/' && text[i + 1] === '*')
    )
      return null;
  }
  return open;
};

/** Database modules of the SQLite family (no escape character inside quotes). */
const SQLITE = /^(sqlite3|aiosqlite|apsw|better-sqlite3|sqlite)(\.|$)/;
/** Other database drivers and layers a file may speak through (MySQL's escape backslash among them). */
const OTHER_SQL =
  /^(pymysql|MySQLdb|mysql|aiomysql|asyncmy|mysql2|mariadb|psycopg|psycopg2|asyncpg|pg8000|pg|cx_Oracle|oracledb|pyodbc|pymssql|mssql|tedious|sqlalchemy|peewee|django|knex|sequelize|typeorm|duckdb)(\.|\/|$)/;

/** The file imports a SQLite module and no other database driver. */
export const speaksSqliteOnly = (modules: Iterable<string>): boolean => {
  const all = [...modules];
  return all.some((m) => SQLITE.test(m)) && !all.some((m) => OTHER_SQL.test(m));
};

/**
 * The modules a Python or JavaScript file imports, by name (`import aiosqlite, pymysql`,
 * `from sqlite3 import connect`, `require('better-sqlite3')`, `import x from 'pg'`).
 */
export const importedModules = (text: string): string[] => {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w., \t]+?)[ \t]*$/gm))
    out.push(...m[1]!.split(',').map((x) => x.trim().split(/\s+as\s+/)[0]!));
  for (const m of text.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import\b/gm)) out.push(m[1]!);
  for (const m of text.matchAll(
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)|\bfrom\s+['"]([^'"]+)['"]/g,
  ))
    out.push((m[1] ?? m[2])!);
  return out.filter(Boolean);
};

/**
 * Why a value that holds none of `lacks`, put after the SQL text `prefix`, cannot leave the
 * quote `prefix` opened, or null.
 */
export const staysQuoted = (
  prefix: string,
  lacks: ReadonlySet<string>,
  sqliteOnly: boolean,
): string | null => {
  const q = openSqlQuote(prefix);
  if (!q || !lacks.has(q)) return null;
  if (!lacks.has('\\') && !sqliteOnly) return null;
  return `it holds no ${q}${lacks.has('\\') ? ' and no backslash' : ' (SQLite reads no escape inside quotes)'} and sits inside ${q}…${q}, which it cannot close`;
};
