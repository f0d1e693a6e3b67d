import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Idioms of real projects the reconstruction reads: comprehension variables, werkzeug's typed
// getters, Go routers' path parameters, SQL tagged templates that bind their values. Each beside
// the near miss that must stay reachable.

describe('Python comprehensions', () => {
  const view = (ids: string, joined: string) => [
    'from flask import request',
    '',
    'def by_ids(cursor):',
    `\tids = ${ids}`,
    `\tcursor.execute("SELECT name FROM items WHERE id IN (%s)" % ${joined})`,
    '\treturn cursor.fetchall()',
  ];
  const at = (ids: string, joined: string) =>
    flowAt('sql-injection', view(ids, joined), 'cursor.execute', 'app/items.py');

  it('when every element is converted with int() and joined by a generator, then the query holds numbers only', () => {
    const r = at('[int(x) for x in request.args.getlist("id")]', '",".join(str(i) for i in ids)');
    expect(r.outcome).toBe('no-source');
  });

  it('when the elements are only stripped, then the request reaches the query', () => {
    const r = at(
      '[x.strip() for x in request.args.getlist("id")]',
      '",".join("\'%s\'" % i for i in ids)',
    );
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/request\.args\.getlist/);
  });
});

describe("werkzeug's typed getters", () => {
  it('when request.args.get(..., type=int) gives the page, then the query holds a number; without type= it holds the text', () => {
    const view = (get: string) => [
      'from flask import request',
      '',
      'def page(cursor):',
      `    offset = ${get}`,
      '    cursor.execute("SELECT * FROM posts LIMIT 20 OFFSET " + str(offset))',
    ];
    const at = (get: string) => flowAt('sql-injection', view(get), 'cursor.execute', 'app/p.py');
    expect(at('request.args.get("offset", 0, type=int)').outcome).toBe('no-source');
    expect(at('request.args.get("offset", "0")').outcome).toBe('input');
  });
});

describe('Go routers', () => {
  it("when chi's URLParam or httprouter's ByName gives the id, then it is request input", () => {
    for (const read of ['chi.URLParam(r, "id")', 'ps.ByName("id")']) {
      const r = flowAt(
        'sql-injection',
        [
          'package api',
          '',
          'func (s *Server) get(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {',
          `\tid := ${read}`,
          '\trow := s.db.QueryRow("SELECT name FROM items WHERE id = \'" + id + "\'")',
          '\t_ = row',
          '}',
        ],
        's.db.QueryRow(',
        'api/items.go',
      );
      expect(r.outcome, read).toBe('input');
    }
  });
});

describe('SQL tagged templates', () => {
  const route = (imports: string, tag: string) => [
    imports,
    '',
    'module.exports = (app, db) => {',
    "\tapp.get('/items/:id', async (req, res) => {",
    `\t\tconst rows = await db.query(${tag}\`SELECT name FROM items WHERE id = \${req.params.id}\`);`,
    '\t\tres.json(rows);',
    '\t});',
    '};',
  ];
  const at = (imports: string, tag: string) =>
    flowAt('sql-injection', route(imports, tag), 'db.query(', 'routes/items.js');

  it('when the tag comes from a library that binds values (sql-template-strings, slonik, drizzle), then the query is sanitized', () => {
    expect(at("const SQL = require('sql-template-strings');", 'SQL').outcome).toBe('no-source');
    expect(at("import { sql } from 'slonik';", 'sql').outcome).toBe('no-source');
    expect(at("import { sql } from 'drizzle-orm';", 'sql').outcome).toBe('no-source');
  });

  it('when the tag is a function of the project or a plain template string is passed, then nothing is sanitized', () => {
    expect(at("const { sql } = require('./sql');", 'sql').outcome).not.toBe('no-source');
    expect(at("const SQL = require('sql-template-strings');", '').outcome).toBe('input');
  });
});

describe("Express's sendFile and download with a root", () => {
  const route = (send: string) => [
    "const path = require('path');",
    '',
    'module.exports = (app) => {',
    "  app.get('/files/:name', (req, res) => {",
    `    ${send};`,
    '  });',
    '};',
  ];
  const at = (send: string) => flowAt('path-traversal', route(send), '    res.', 'routes/files.js');

  it('when the name is sent under a root the code chose, then send refuses what leaves it', () => {
    expect(
      at("res.sendFile(req.params.name, { root: path.join(__dirname, 'public') })").outcome,
    ).toBe('no-source');
    expect(
      at("res.download(req.params.name, 'report.pdf', { root: '/srv/reports' })").outcome,
    ).toBe('no-source');
  });

  it('when the name is joined by hand, or the root comes from the request, then it is reached', () => {
    expect(at("res.sendFile(path.join(__dirname, 'public', req.params.name))").outcome).toBe(
      'input',
    );
    expect(at('res.sendFile(req.params.name, { root: req.query.dir })').outcome).toBe('input');
  });
});

describe('Go and Node paths kept free of ..', () => {
  const handler = (body: string[]) => [
    'package files',
    '',
    'import (',
    '\t"net/http"',
    '\t"os"',
    '\t"path"',
    '\t"path/filepath"',
    '\t"strings"',
    ')',
    '',
    'func leaf(p string) string {',
    '\treturn strings.Trim(path.Clean("/"+p), "/")',
    '}',
    '',
    'func Get(w http.ResponseWriter, r *http.Request) {',
    '\tname := r.URL.Query().Get("file")',
    ...body,
    '\tdata, err := os.ReadFile(target)',
    '\tif err != nil {',
    '\t\thttp.NotFound(w, r)',
    '\t\treturn',
    '\t}',
    '\tw.Write(data)',
    '}',
  ];
  const at = (body: string[]) =>
    flowAt('path-traversal', handler(body), 'os.ReadFile(target)', 'files/get.go');

  it('when the name is cleaned as a rooted path (filepath.Clean("/"+name), or trimmed after), then the join stays under the base', () => {
    expect(at(['\ttarget := filepath.Join("/srv/files", filepath.Clean("/"+name))']).outcome).toBe(
      'no-source',
    );
    expect(at(['\ttarget := filepath.Join("/srv/files", leaf(name))']).outcome).toBe('no-source');
  });

  it('when a name holding .. is refused before the join, then it stays under the base', () => {
    const r = at([
      '\tif strings.Contains(name, "..") {',
      '\t\thttp.Error(w, "bad name", http.StatusBadRequest)',
      '\t\treturn',
      '\t}',
      '\ttarget := filepath.Join("/srv/files", name)',
    ]);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/hold no \.\. to climb out with/);
  });

  it('when filepath.IsLocal refuses the name first, or securejoin joins it, then it stays under the base', () => {
    expect(
      at([
        '\tif !filepath.IsLocal(name) {',
        '\t\thttp.Error(w, "bad name", http.StatusBadRequest)',
        '\t\treturn',
        '\t}',
        '\ttarget := filepath.Join("/srv/files", name)',
      ]).outcome,
    ).toBe('no-source');
    expect(at(['\ttarget, _ := securejoin.SecureJoin("/srv/files", name)']).outcome).toBe(
      'no-source',
    );
    expect(
      at([
        '\tif filepath.IsLocal(name) {',
        '\t\tlog.Print("local")',
        '\t}',
        '\ttarget := filepath.Join("/srv/files", name)',
      ]).outcome,
    ).toBe('input');
  });

  it('when the name is cleaned without the leading slash, or .. is only logged, then it can climb out', () => {
    expect(at(['\ttarget := filepath.Join("/srv/files", filepath.Clean(name))']).outcome).toBe(
      'input',
    );
    expect(
      at([
        '\tif strings.Contains(name, "..") {',
        '\t\tlog.Printf("odd name %q", name)',
        '\t}',
        '\ttarget := filepath.Join("/srv/files", name)',
      ]).outcome,
    ).toBe('input');
  });

  it("when Node refuses a name that includes '..' before path.join, then it stays under the base; with path.resolve it does not", () => {
    const route = (join: string) => [
      "const path = require('path');",
      "const fs = require('fs');",
      '',
      'module.exports = (req, res) => {',
      '  const name = req.query.name;',
      "  if (name.includes('..')) return res.status(400).end();",
      `  fs.createReadStream(${join}).pipe(res);`,
      '};',
    ];
    const at = (join: string) =>
      flowAt('path-traversal', route(join), 'fs.createReadStream(', 'lib/files.js');
    expect(at("path.join(__dirname, 'files', name)").outcome).toBe('no-source');
    expect(at("path.resolve(__dirname, 'files', name)").outcome).toBe('input');
  });
});

describe('validator.js checks', () => {
  const route = (imports: string, check: string) => [
    imports,
    '',
    'module.exports = (app, db) => {',
    "  app.get('/orders', async (req, res) => {",
    '    const id = req.query.id;',
    `    if (!${check}(id)) return res.status(400).json({ error: 'bad id' });`,
    "    const rows = await db.query(`SELECT * FROM orders WHERE id = '${id}'`);",
    '    res.json(rows);',
    '  });',
    '};',
  ];
  const at = (imports: string, check: string) =>
    flowAt('sql-injection', route(imports, check), 'db.query(', 'routes/orders.js');

  it('when the id must pass isUUID or isInt (default import or destructured), then the query holds no quote', () => {
    expect(at("const validator = require('validator');", 'validator.isUUID').outcome).toBe(
      'no-source',
    );
    expect(at("const { isInt } = require('validator');", 'isInt').outcome).toBe('no-source');
    expect(at("import isUUID from 'validator/lib/isUUID';", 'isUUID').outcome).toBe('no-source');
  });

  it('when the check lets quotes through (isEmail) or the isUUID is not validator.js, then the query is reached', () => {
    expect(at("const validator = require('validator');", 'validator.isEmail').outcome).toBe(
      'input',
    );
    expect(at("const { isUUID } = require('./ids');", 'isUUID').outcome).not.toBe('no-source');
  });
});

describe('JavaScript number checks', () => {
  const route = (check: string) => [
    'module.exports = (app, db) => {',
    "  app.post('/orders', async (req, res) => {",
    '    const { id } = req.body;',
    `    if (${check}) return res.status(400).end();`,
    "    const rows = await db.query('SELECT * FROM orders WHERE id = ' + id);",
    '    res.json(rows);',
    '  });',
    '};',
  ];
  const at = (check: string) =>
    flowAt('sql-injection', route(check), 'db.query(', 'routes/orders.js');

  it('when a parsed JSON id must be a number (typeof, Number.isInteger), then the query holds no text', () => {
    expect(at("typeof id !== 'number'").outcome).toBe('no-source');
    expect(at('!Number.isSafeInteger(id)').outcome).toBe('no-source');
  });

  it('when it must be a string, or the check is the other way round, then the body reaches the query', () => {
    expect(at("typeof id !== 'string'").outcome).toBe('input');
    expect(at('Number.isInteger(id)').outcome).toBe('input');
  });
});

describe('Java checks from the JDK and Apache Commons', () => {
  const java = (check: string) => [
    'package org.acme.web;',
    '',
    'public class Reports {',
    '  public ResultSet byCode(HttpServletRequest request, Statement st) throws SQLException {',
    '    String code = request.getParameter("code");',
    `    if (!${check}) {`,
    '      throw new IllegalArgumentException("code");',
    '    }',
    '    return st.executeQuery("SELECT * FROM reports WHERE code = \'" + code + "\'");',
    '  }',
    '}',
  ];
  const at = (check: string) =>
    flowAt(
      'sql-injection',
      java(check),
      'st.executeQuery(',
      'src/main/java/org/acme/web/Reports.java',
    );

  it('when the code must match Pattern.matches or StringUtils.isAlphanumeric, then the query holds no quote', () => {
    expect(at('Pattern.matches("[A-Z0-9]{4,12}", code)').outcome).toBe('no-source');
    expect(at('StringUtils.isAlphanumeric(code)').outcome).toBe('no-source');
  });

  it('when the pattern lets anything through, or the check is on another value, then the request reaches the query', () => {
    expect(at('Pattern.matches(".*", code)').outcome).toBe('input');
    expect(at('StringUtils.isAlphanumeric(request.getParameter("other"))').outcome).toBe('input');
  });
});

describe('Python route parameters converted by the framework', () => {
  it('when FastAPI annotates the path parameter as int, or Flask routes it as <int:…>, then it holds no text; a str one does', () => {
    const fastapi = [
      'from fastapi import FastAPI',
      '',
      'app = FastAPI()',
      '',
      '',
      '@app.get("/items/{item_id}")',
      'async def read_item(item_id: int, q: str = ""):',
      '    await db.execute(f"SELECT * FROM items WHERE id = {item_id}")  # id',
      '    await db.execute(f"SELECT * FROM items WHERE name = \'{q}\'")  # q',
    ];
    expect(flowAt('sql-injection', fastapi, '# id', 'app/main.py').outcome).toBe('no-source');
    expect(flowAt('sql-injection', fastapi, '# q', 'app/main.py').outcome).toBe('input');
    const flask = (rule: string) => [
      'from flask import Flask',
      '',
      'app = Flask(__name__)',
      '',
      '',
      `@app.route("/orders/${rule}")`,
      'def order(order_id):',
      '    cur.execute("SELECT * FROM orders WHERE id = %s" % order_id)',
    ];
    expect(
      flowAt('sql-injection', flask('<int:order_id>'), 'cur.execute', 'app/v.py').outcome,
    ).toBe('no-source');
    expect(flowAt('sql-injection', flask('<order_id>'), 'cur.execute', 'app/v.py').outcome).toBe(
      'input',
    );
  });
});
