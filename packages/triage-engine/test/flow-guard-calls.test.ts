import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';
import { goModuleOf, goPackageDirs, importedPaths, modulePaths } from '../src/flow/imports.js';
import { flowAt, lineOf, pathText } from './build.js';

// A call made for its check (`validate_name(name)`, `assertSafe(p)`): the function refuses
// (raises, throws) unless its parameter passes the checks it starts with, so after the call the
// argument has passed them. The function may sit in the same file or in a module of the project
// the file imports. Near misses: a check that does not refuse, a check of another parameter, a
// function that does something else first, a module outside the project or not in view.

const flowIn = (
  files: Record<string, string[]>,
  uri: string,
  cls: string,
  marker: string,
): ReturnType<typeof reconstructFlow> => {
  const texts = new Map(Object.entries(files).map(([k, v]) => [k, v.join('\n')]));
  const text = texts.get(uri)!;
  return reconstructFlow({
    uri,
    text,
    line: lineOf(text, marker),
    endLine: null,
    cls,
    files: texts,
  });
};

const validator = [
  'import string',
  '',
  'VALID_SAVEPOINT_CHARACTERS = string.ascii_letters + string.digits + "_"',
  '',
  '',
  'def validate_savepoint_name(savepoint_name: str) -> None:',
  '    """Only letters, digits and underscores."""',
  '    if not all(i in VALID_SAVEPOINT_CHARACTERS for i in savepoint_name):',
  '        raise ValueError(',
  '            "Savepoint names can only contain the following characters:"',
  '            f" {VALID_SAVEPOINT_CHARACTERS}"',
  '        )',
];

const engine = (importLine: string, check = '        validate_savepoint_name(name)') => [
  'from __future__ import annotations',
  '',
  'import typing as t',
  '',
  importLine,
  '',
  '',
  'class PostgresTransaction:',
  '    async def savepoint(self, name: t.Optional[str] = None):',
  '        name = name or f"savepoint_{self.get_savepoint_id()}"',
  check,
  '        await self.connection.execute(f"SAVEPOINT {name}")',
  '        return name',
];

describe('guard calls: a function that refuses unless its parameter passes', () => {
  it('when an async method awaits the query, then the sink is reached (Python await)', () => {
    const r = flowAt('sql-injection', engine('', ''), 'await self.connection', 'app/tx.py');
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/parameter name of savepoint/);
  });

  it('when the validator is imported from the project (absolute import), then the name is sanitized at the call', () => {
    const r = flowIn(
      {
        'piccolo/engine/base.py': validator,
        'piccolo/engine/postgres.py': engine(
          'from piccolo.engine.base import Batch, Engine, validate_savepoint_name',
        ),
      },
      'piccolo/engine/postgres.py',
      'sql-injection',
      'await self.connection',
    )!;
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(
      /validate_savepoint_name\(name\) \(validate_savepoint_name\(\) refuses savepoint_name/,
    );
    expect(r.path.find((s) => s.kind === 'sanitizer')!.line).toBe(11);
  });

  it('when it is imported relatively under a src/ layout, or under an alias, then it is found too', () => {
    const files = {
      'src/piccolo/engine/base.py': validator,
      'src/piccolo/engine/sqlite.py': engine(
        'from .base import validate_savepoint_name as check_name',
        '        check_name(name)',
      ),
    };
    const r = flowIn(files, 'src/piccolo/engine/sqlite.py', 'sql-injection', 'await self');
    expect(r!.outcome).toBe('no-source');
  });

  it('when the module is not in view, or the name comes from a registry package, then nothing is sanitized', () => {
    const alone = flowIn(
      {
        'piccolo/engine/postgres.py': engine(
          'from piccolo.engine.base import validate_savepoint_name',
        ),
      },
      'piccolo/engine/postgres.py',
      'sql-injection',
      'await self.connection',
    )!;
    expect(alone.outcome).toBe('undecided');
    const registry = flowIn(
      {
        'piccolo/engine/base.py': validator,
        'piccolo/engine/postgres.py': engine('from validators import validate_savepoint_name'),
      },
      'piccolo/engine/postgres.py',
      'sql-injection',
      'await self.connection',
    )!;
    expect(registry.outcome).toBe('undecided');
  });

  it('when the validator only logs, checks another parameter, or transforms first, then nothing is sanitized', () => {
    const variants: [string, string[]][] = [
      [
        'logs',
        [
          'def validate_savepoint_name(savepoint_name):',
          '    if not savepoint_name.isidentifier():',
          '        log.warning("odd savepoint name %s", savepoint_name)',
        ],
      ],
      [
        'another parameter',
        [
          'def validate_savepoint_name(savepoint_name, prefix="sp"):',
          '    if not prefix.isidentifier():',
          '        raise ValueError(prefix)',
        ],
      ],
      [
        'an else',
        [
          'def validate_savepoint_name(savepoint_name):',
          '    if not savepoint_name.isidentifier():',
          '        raise ValueError(savepoint_name)',
          '    else:',
          '        return True',
        ],
      ],
    ];
    for (const [why, fn] of variants) {
      const r = flowIn(
        {
          'piccolo/engine/base.py': fn,
          'piccolo/engine/postgres.py': engine(
            'from piccolo.engine.base import validate_savepoint_name',
          ),
        },
        'piccolo/engine/postgres.py',
        'sql-injection',
        'await self.connection',
      )!;
      expect(r.outcome, why).toBe('undecided');
    }
  });

  it('when a same-file JavaScript helper throws unless the name matches an anchored pattern, then the command is sanitized', () => {
    const lines = [
      "'use strict';",
      "const { execSync } = require('child_process');",
      '',
      'function assertBranchName(name) {',
      '\t// refs/heads/<name> only',
      '\tif (!/^[\\w.-]+$/.test(name)) {',
      '\t\tthrow new TypeError(`invalid branch name: ${name}`);',
      '\t}',
      '}',
      '',
      'module.exports = function checkout(repo, branch) {',
      '\tassertBranchName(branch);',
      '\treturn execSync(`git -C ${repo} checkout ${branch}`, { encoding: "utf8" });',
      '};',
    ];
    const r = flowAt('command-injection', lines, 'execSync(`git', 'lib/checkout.js');
    // `repo` is not checked: still the caller's
    expect(r.outcome).not.toBe('no-source');
    const both = lines.map((l) =>
      l === '\tassertBranchName(branch);'
        ? '\tassertBranchName(branch);\n\tassertBranchName(repo);'
        : l,
    );
    expect(flowAt('command-injection', both, 'execSync(`git', 'lib/checkout.js').outcome).toBe(
      'no-source',
    );
    expect(pathText(flowAt('command-injection', both, 'execSync(`git', 'lib/checkout.js'))).toMatch(
      /assertBranchName\(branch\) \(assertBranchName\(\) refuses name unless it passes its checks\)/,
    );
    // the check after the command protects nothing
    const late = lines.map((l) =>
      l === '\tassertBranchName(branch);'
        ? ''
        : l.replace('\treturn execSync', '\tconst out = execSync'),
    );
    late.splice(
      late.indexOf('};'),
      0,
      '\tassertBranchName(branch);',
      '\tassertBranchName(repo);',
      '\treturn out;',
    );
    expect(flowAt('command-injection', late, 'execSync(`git', 'lib/checkout.js').outcome).not.toBe(
      'no-source',
    );
  });

  it('when an ES module imports the check from a sibling TypeScript file (./check.js), then it is read there', () => {
    const r = flowIn(
      {
        'src/git/check.ts': [
          'export function assertRef(ref: string): asserts ref is string {',
          "  if (!/^[A-Za-z0-9._\\/-]+$/.test(ref)) throw new Error('bad ref');",
          '}',
        ],
        'src/git/run.ts': [
          "import { execSync } from 'node:child_process';",
          "import { assertRef } from './check.js';",
          '',
          'export const show = (ref: string): string => {',
          '  assertRef(ref);',
          '  return execSync(`git show ${ref}`).toString();',
          '};',
        ],
      },
      'src/git/run.ts',
      'command-injection',
      'execSync(`git show',
    )!;
    expect(r.outcome).toBe('no-source');
  });
});

describe('guard calls in Java', () => {
  const java = (guardBody: string[], call = '    requireIdentifier(table);') => [
    'package org.acme.reports;',
    '',
    'import java.sql.*;',
    'import javax.servlet.http.HttpServletRequest;',
    '',
    'public class Counts {',
    '  private static void requireIdentifier(String name) {',
    ...guardBody,
    '  }',
    '',
    '  public long count(HttpServletRequest request, Connection conn) throws SQLException {',
    '    String table = request.getParameter("table");',
    call,
    '    try (Statement st = conn.createStatement();',
    '         ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {',
    '      return rs.next() ? rs.getLong(1) : 0;',
    '    }',
    '  }',
    '}',
  ];
  const at = (guard: string[], call?: string) =>
    flowAt(
      'sql-injection',
      java(guard, call),
      'st.executeQuery(',
      'src/main/java/org/acme/reports/Counts.java',
    );

  it('when a private static helper throws unless the name matches an anchored pattern, then the query is sanitized after the call', () => {
    const r = at([
      '    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {',
      '      throw new IllegalArgumentException("bad table: " + name);',
      '    }',
    ]);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/requireIdentifier\(table\) \(requireIdentifier\(\) refuses name/);
  });

  it('when the helper only logs, or is called after the query, then the request reaches it', () => {
    expect(
      at([
        '    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {',
        '      LOG.warn("odd table {}", name);',
        '    }',
      ]).outcome,
    ).toBe('input');
    expect(
      at(
        [
          '    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {',
          '      throw new IllegalArgumentException("bad table: " + name);',
          '    }',
        ],
        '',
      ).outcome,
    ).toBe('input');
  });
});

describe('helpers imported from the project: entered with the arguments', () => {
  const view = (helper: string[]) => ({
    'shop/sql.py': helper,
    'shop/reports.py': [
      'from shop.sql import order_column',
      '',
      '',
      'def top_orders(cursor, sort):',
      '    column = order_column(sort)',
      '    cursor.execute(f"SELECT id, total FROM orders ORDER BY {column} DESC LIMIT 10")',
      '    return cursor.fetchall()',
    ],
  });
  const at = (helper: string[]) =>
    flowIn(view(helper), 'shop/reports.py', 'sql-injection', 'cursor.execute')!;

  it('when the helper maps the value to one of its own constants, then no input reaches the query', () => {
    const r = at([
      'COLUMNS = {"date": "created_at", "total": "total"}',
      '',
      '',
      'def order_column(sort):',
      '    if sort == "total":',
      '        return "total"',
      '    return "created_at"',
    ]);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/order_column\(sort\) → order_column\(\) returns no input/);
    // lines of the other module are not shown as if they were this file's
    expect(r.path.every((s) => s.line >= 4 && s.line <= 6)).toBe(true);
  });

  it('when the helper returns its input, then the parameter still decides', () => {
    const r = at(['def order_column(sort):', '    return sort.strip()']);
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/parameter sort of top_orders/);
  });

  it('when an ES module imports a default-exported helper, then it is entered too', () => {
    const r = flowIn(
      {
        'src/sort.js': [
          'export default function sortColumn(input) {',
          "  return input === 'total' ? 'total' : 'created_at';",
          '}',
        ],
        'src/orders.js': [
          "import sortColumn from './sort';",
          '',
          'export async function topOrders(db, req) {',
          '  const column = sortColumn(req.query.sort);',
          '  return db.query(`SELECT id FROM orders ORDER BY ${column} DESC`);',
          '}',
        ],
      },
      'src/orders.js',
      'sql-injection',
      'db.query(',
    )!;
    expect(r.outcome).toBe('no-source');
  });
});

describe('Go: functions of the package in other files, and of packages of the module', () => {
  const files = (handler: string[]) => ({
    'go.mod': ['module github.com/acme/unpack', '', 'go 1.21'],
    'internal/names/names.go': [
      'package names',
      '',
      'import (',
      '\t"path/filepath"',
      ')',
      '',
      '// Clean keeps the last element of an entry name.',
      'func Clean(p string) string {',
      '\treturn filepath.Base(p)',
      '}',
      '',
      '// Keep returns the name unchanged.',
      'func Keep(p string) string {',
      '\treturn p',
      '}',
    ],
    'files/safe.go': [
      'package files',
      '',
      'import "path/filepath"',
      '',
      'func entryName(p string) string { return filepath.Base(p) }',
    ],
    'files/safe_test.go': ['package files', '', 'func entryName(p string) string { return p }'],
    'files/handler.go': handler,
  });
  const handler = (pick: string) => [
    'package files',
    '',
    'import (',
    '\t"net/http"',
    '\t"os"',
    '\t"path/filepath"',
    '',
    '\tnm "github.com/acme/unpack/internal/names"',
    ')',
    '',
    'func Delete(w http.ResponseWriter, r *http.Request) {',
    `\tname := ${pick}(r.URL.Query().Get("name"))`,
    '\tif err := os.Remove(filepath.Join("/srv/data", name)); err != nil {',
    '\t\thttp.Error(w, err.Error(), http.StatusInternalServerError)',
    '\t}',
    '}',
  ];
  const at = (pick: string) =>
    flowIn(files(handler(pick)), 'files/handler.go', 'path-traversal', 'os.Remove(')!;

  it('when the name goes through a function of another file of the package, or of an aliased package of the module, then it is read there', () => {
    for (const pick of ['entryName', 'nm.Clean']) {
      const r = at(pick);
      expect(r.outcome, pick).toBe('no-source');
      expect(r.sanitized, pick).toBe(true);
      expect(pathText(r)).toMatch(/returns no input \(read in the module it is imported from\)/);
    }
  });

  it('when that function returns the name unchanged, or is not in the module, then the request reaches the sink', () => {
    expect(at('nm.Keep').outcome).toBe('input');
    expect(at('strings.TrimSpace').outcome).toBe('input');
  });
});

describe('Go: methods of the package, called on a value', () => {
  const pkg = (extra: string[] = []) => ({
    'store/paths.go': [
      'package store',
      '',
      'import (',
      '\t"fmt"',
      '\t"path/filepath"',
      ')',
      '',
      'type Store struct {',
      '\troot string',
      '}',
      '',
      '// blobPath keeps the last element of the name under the root.',
      'func (s Store) blobPath(name string) (string, error) {',
      '\tif name == "" {',
      '\t\treturn "", fmt.Errorf("empty name")',
      '\t}',
      '\treturn filepath.Join("/var/lib/store", filepath.Base(name)), nil',
      '}',
      '',
      'func (s *Store) rawPath(name string) string {',
      '\treturn filepath.Join(s.root, name)',
      '}',
      ...extra,
    ],
    'store/handler.go': [
      'package store',
      '',
      'import (',
      '\t"net/http"',
      '\t"os"',
      ')',
      '',
      'type Server struct {',
      '\tstore *Store',
      '}',
      '',
      'func (srv *Server) Get(w http.ResponseWriter, r *http.Request) {',
      '\tp, err := srv.store.blobPath(r.URL.Query().Get("name"))',
      '\tif err != nil {',
      '\t\thttp.Error(w, err.Error(), http.StatusBadRequest)',
      '\t\treturn',
      '\t}',
      '\tdata, _ := os.ReadFile(p)',
      '\tw.Write(data)',
      '}',
      '',
      'func (srv *Server) Raw(w http.ResponseWriter, r *http.Request) {',
      '\tdata, _ := os.ReadFile(srv.store.rawPath(r.URL.Query().Get("name")))',
      '\tw.Write(data)',
      '}',
    ],
  });

  it('when the path comes from a method another file of the package declares, then it is read there', () => {
    const r = flowIn(pkg(), 'store/handler.go', 'path-traversal', 'os.ReadFile(p)')!;
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/blobPath\(\) returns no input/);
  });

  it('when the method joins the name unchanged, the input reaches the sink; when two types declare the method, it is not followed', () => {
    expect(flowIn(pkg(), 'store/handler.go', 'path-traversal', 'srv.store.rawPath(')!.outcome).toBe(
      'input',
    );
    const twice = pkg([
      '',
      'type Mirror struct{}',
      '',
      'func (m Mirror) blobPath(name string) (string, error) {',
      '\treturn name, nil',
      '}',
    ]);
    expect(flowIn(twice, 'store/handler.go', 'path-traversal', 'os.ReadFile(p)')!.outcome).not.toBe(
      'no-source',
    );
  });

  it('when the method is exported, then a type of another package may have it too, and it is not followed', () => {
    const files = pkg();
    const exported = Object.fromEntries(
      Object.entries(files).map(([k, v]) => [k, v.map((l) => l.replace(/blobPath/g, 'BlobPath'))]),
    );
    expect(
      flowIn(exported, 'store/handler.go', 'path-traversal', 'os.ReadFile(p)')!.outcome,
    ).not.toBe('no-source');
  });
});

describe('a pattern compiled at module level', () => {
  const query = (compiled: string, call: string) => [
    'import re',
    '',
    `_NAME = re.compile(${compiled})`,
    '',
    '',
    'def count_rows(cursor, table):',
    `    if not _NAME.${call}(table):`,
    '        raise ValueError(f"not an identifier: {table!r}")',
    '    cursor.execute("SELECT count(*) FROM %s" % table)',
  ];
  const at = (lines: string[]) => flowAt('sql-injection', lines, 'cursor.execute', 'app/q.py');

  it('when the name must fullmatch it, or match it anchored at both ends, then the query is sanitized', () => {
    expect(at(query('r"[A-Za-z_][A-Za-z0-9_]*"', 'fullmatch')).outcome).toBe('no-source');
    expect(at(query('r"^[A-Za-z_]\\w*$"', 'match')).outcome).toBe('no-source');
  });

  it('when the pattern is only anchored at the start, or lets anything through, then it is not', () => {
    expect(at(query('r"^[A-Za-z_]"', 'match')).outcome).not.toBe('no-source');
    expect(at(query('r".+"', 'fullmatch')).outcome).not.toBe('no-source');
  });
});

describe('the project modules a file imports', () => {
  it('resolves Python relative and absolute imports and JavaScript relative ones; registry packages give none', () => {
    expect(modulePaths('src/pkg/engine/sqlite.py', 'python', '.base')).toEqual([
      'src/pkg/engine/base.py',
      'src/pkg/engine/base/__init__.py',
    ]);
    expect(modulePaths('src/pkg/engine/sqlite.py', 'python', '..utils.sync')).toEqual([
      'src/pkg/utils/sync.py',
      'src/pkg/utils/sync/__init__.py',
    ]);
    expect(modulePaths('src/pkg/engine/sqlite.py', 'python', 'pkg.engine.base')[0]).toBe(
      'src/pkg/engine/base.py',
    );
    expect(modulePaths('src/pkg/engine/sqlite.py', 'python', 'requests')).toEqual([]);
    expect(modulePaths('lib/a/b.js', 'javascript', '../util')).toContain('lib/util.js');
    expect(modulePaths('lib/a/b.js', 'javascript', '../util')).toContain('lib/util/index.js');
    expect(modulePaths('src/a.ts', 'typescript', './check.js')).toContain('src/check.ts');
    expect(modulePaths('lib/a.js', 'javascript', 'lodash')).toEqual([]);
    expect(modulePaths('a.js', 'javascript', '../../outside')).toEqual([]);
    expect(
      importedPaths(
        'app/views.py',
        [
          'from .forms import clean_name',
          'from .models import Order',
          'from django.db import connection',
          '',
          'def rename(name):',
          '    clean_name(name)',
          '    Order.objects.update(name=name)',
        ].join('\n'),
      ),
    ).toEqual(['app/forms.py', 'app/forms/__init__.py']);
    expect(
      goPackageDirs(
        'cmd/tool/main.go',
        [
          'package main',
          '',
          'import (',
          '\t"fmt"',
          '\t"example.com/tool/internal/archive"',
          '\tunused "example.com/tool/internal/unused"',
          ')',
          '',
          'func main() { fmt.Println(archive.Extract("x")) }',
        ].join('\n'),
        goModuleOf('cmd/tool/main.go', (p) =>
          p === 'go.mod' ? 'module example.com/tool\n' : undefined,
        ),
      ),
    ).toEqual(['cmd/tool', 'internal/archive']);
    // a module whose names are only used as values, never called, is not read
    expect(importedPaths('app/urls.py', 'from .views import index\nurls = [index]')).toEqual([]);
  });
});

// Prototype pollution: a helper that throws on the three keys, called on each key before it is
// used (just-safe-set's prototypeCheck), keeps the walk and the last write from Object.prototype;
// without the call in the loop, the walk can still step into it.
describe('prototype pollution: a helper that throws on the prototype keys', () => {
  const set = (loop: string[]) => [
    'module.exports = set;',
    '',
    'function set(obj, props, value) {',
    "  props = props.split('.');",
    '  var lastProp = props.pop();',
    '  prototypeCheck(lastProp);',
    '  var thisProp;',
    '  while ((thisProp = props.shift())) {',
    ...loop,
    "    if (typeof obj[thisProp] == 'undefined') obj[thisProp] = {};",
    '    obj = obj[thisProp];',
    '  }',
    '  obj[lastProp] = value;',
    '}',
    '',
    'function prototypeCheck(prop) {',
    "  if (prop === '__proto__' || prop === 'constructor' || prop === 'prototype') {",
    "    throw new Error('setting of prototype values not supported');",
    '  }',
    '}',
  ];
  const at = (loop: string[]) =>
    flowAt('prototype-pollution', set(loop), 'obj[lastProp] = value', 'index.js');

  it('when every key passes the helper before it is used, then the write is kept from Object.prototype; when the walk’s keys do not, it is not', () => {
    const r = at(['    prototypeCheck(thisProp);']);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/prototypeCheck\(lastProp\)/);
    expect(at([]).outcome).not.toBe('no-source');
  });
});
