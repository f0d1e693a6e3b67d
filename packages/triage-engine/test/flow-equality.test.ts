import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Equality with a constant decides the value on the branch it holds (`if order != "asc" { return }`,
// `x == "a" || x == "b"`, `"asc".equals(order)`), and a parameter typed as a number holds no text.
// Near misses: the other branch, a comparison with another variable, a check that does not end
// the path, a string parameter, a char.

describe('equality with constants', () => {
  const go = (check: string[]) => [
    'package store',
    '',
    'import (',
    '\t"database/sql"',
    '\t"net/http"',
    ')',
    '',
    'func List(db *sql.DB, w http.ResponseWriter, r *http.Request) {',
    '\torder := r.FormValue("order")',
    ...check,
    '\trows, err := db.Query("SELECT name FROM users ORDER BY name " + order)',
    '\tif err != nil {',
    '\t\thttp.Error(w, err.Error(), http.StatusInternalServerError)',
    '\t\treturn',
    '\t}',
    '\tdefer rows.Close()',
    '}',
  ];
  const at = (check: string[]) => flowAt('sql-injection', go(check), 'db.Query(', 'store/list.go');

  it('when every value but two constants returns first (Go, &&), then the query takes constants only', () => {
    const r = at(['\tif order != "asc" && order != "desc" {', '\t\treturn', '\t}']);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/order is "asc" here/);
  });

  it('when the value is replaced by a default unless it is one of two constants, then it is decided too', () => {
    const r = at(['\tif order != "asc" && order != "desc" {', '\t\torder = "asc"', '\t}']);
    expect(r.outcome).toBe('no-source');
  });

  it('when the check does not end the path, compares with another variable, or only one side is checked, then the input reaches the query', () => {
    expect(
      at(['\tif order != "asc" && order != "desc" {', '\t\tlog.Print("odd order")', '\t}']).outcome,
    ).toBe('input');
    expect(
      at(['\tdef := r.FormValue("default")', '\tif order != def {', '\t\treturn', '\t}']).outcome,
    ).toBe('input');
    expect(at(['\tif order != "asc" || len(order) > 4 {', '\t\treturn', '\t}']).outcome).toBe(
      'no-source',
    );
    expect(at(['\tif order == "asc" || len(order) > 4 {', '\t\treturn', '\t}']).outcome).toBe(
      'input',
    );
  });

  it('when Python runs the query only under x == "a" or x == "b", then it is decided; on the else branch it is not', () => {
    const py = [
      'from flask import request',
      '',
      'def listing(cursor):',
      '    order = request.args.get("order", "asc")',
      '    if order == "asc" or order == "desc":',
      '        cursor.execute("SELECT name FROM users ORDER BY name " + order)  # then',
      '    else:',
      '        cursor.execute("SELECT name FROM users ORDER BY " + order)  # else',
    ];
    expect(flowAt('sql-injection', py, '# then', 'app/views.py').outcome).toBe('no-source');
    expect(flowAt('sql-injection', py, '# else', 'app/views.py').outcome).toBe('input');
  });

  it('when Java compares with equals or equalsIgnoreCase, then the value is the constant there', () => {
    const java = (cond: string) => [
      'package org.acme.web;',
      '',
      'public class Users {',
      '  public List<String> list(HttpServletRequest request, Statement st) throws SQLException {',
      '    String order = request.getParameter("order");',
      `    if (!(${cond})) {`,
      '      throw new IllegalArgumentException("order");',
      '    }',
      '    return names(st.executeQuery("SELECT name FROM users ORDER BY name " + order));',
      '  }',
      '}',
    ];
    const at = (cond: string) =>
      flowAt(
        'sql-injection',
        java(cond),
        'st.executeQuery',
        'src/main/java/org/acme/web/Users.java',
      );
    expect(at('"asc".equals(order) || "desc".equals(order)').outcome).toBe('no-source');
    expect(at('order.equalsIgnoreCase("asc") || order.equalsIgnoreCase("desc")').outcome).toBe(
      'no-source',
    );
    expect(at('order.equals(request.getParameter("expected"))').outcome).toBe('input');
  });
});

describe('equality with constants in JavaScript', () => {
  const route = (check: string) => [
    "const express = require('express');",
    "const db = require('./db');",
    '',
    'const router = express.Router();',
    '',
    "router.get('/users', async (req, res) => {",
    '  const { sort = "asc" } = req.query;',
    check,
    '  const rows = await db.query(`SELECT name FROM users ORDER BY name ${sort}`);',
    '  res.json(rows);',
    '});',
  ];
  const at = (check: string) =>
    flowAt('sql-injection', route(check), 'db.query(`SELECT', 'routes/users.js');

  it("when the handler answers 400 unless sort is 'asc' or 'desc' (===, early return), then the query takes constants only", () => {
    expect(
      at("  if (sort !== 'asc' && sort !== 'desc') return res.status(400).end();").outcome,
    ).toBe('no-source');
  });

  it('when the check only logs, then the query string reaches it', () => {
    expect(
      at("  if (sort !== 'asc' && sort !== 'desc') console.warn('odd sort', sort);").outcome,
    ).toBe('input');
  });
});

describe('parameters typed as numbers', () => {
  it('when a Go helper takes an int and formats it with %d, then the query holds no text from its callers', () => {
    const src = [
      'package store',
      '',
      'import (',
      '\t"database/sql"',
      '\t"fmt"',
      ')',
      '',
      'func ByID(db *sql.DB, id int64, name string) (*sql.Rows, error) {',
      '\treturn db.Query(fmt.Sprintf("SELECT name FROM users WHERE id = %d", id))  // id',
      '}',
      '',
      'func ByName(db *sql.DB, id int64, name string) (*sql.Rows, error) {',
      '\treturn db.Query(fmt.Sprintf("SELECT id FROM users WHERE name = \'%s\'", name))  // name',
      '}',
    ];
    const r = flowAt('sql-injection', src, '// id', 'store/users.go');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/id int64 \(a int64: no text\)/);
    expect(flowAt('sql-injection', src, '// name', 'store/users.go').outcome).toBe('undecided');
  });

  it('when a Spring handler binds @RequestParam Long id, then it holds no text; a String or char still can', () => {
    const java = (param: string) => [
      'package org.acme.web;',
      '',
      '@RestController',
      'public class Orders {',
      '  @GetMapping("/orders")',
      `  public List<Order> get(@RequestParam ${param} id) {`,
      '    return jdbc.query("SELECT * FROM orders WHERE id = " + id, mapper);',
      '  }',
      '}',
    ];
    const at = (param: string) =>
      flowAt('sql-injection', java(param), 'jdbc.query(', 'src/main/java/org/acme/web/Orders.java');
    expect(at('Long').outcome).toBe('no-source');
    expect(at('String').outcome).toBe('input');
    expect(at('char').outcome).toBe('input');
  });
});
