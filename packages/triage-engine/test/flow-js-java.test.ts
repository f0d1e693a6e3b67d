import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;

const flow = (text: string, cls: string, uri: string, marker = '// sink') =>
  reconstructFlow({ uri, text, line: at(text, marker), endLine: null, cls });

describe('flow reconstruction: JavaScript and TypeScript', () => {
  const js = (text: string, cls: string) => flow(text, cls, 'src/routes/report.js');
  const ts = (text: string, cls: string) => flow(text, cls, 'src/routes/report.ts');

  it('an Express handler: request input through a template literal reaches the sink', () => {
    const src = [
      "const express = require('express');",
      "const { exec } = require('child_process');",
      'const router = express.Router();',
      '',
      "router.get('/ping', (req, res) => {",
      '\tconst { host } = req.query;',
      '\tconst cmd = `ping -c 1 ${host}`;',
      '\texec(cmd, (err, out) => res.send(out)); // sink',
      '});',
    ].join('\n');
    const r = js(src, 'command-injection')!;
    expect(r.outcome).toBe('input');
    expect(r.path[0]!.kind).toBe('source');
  });

  it('overwrite, constant-key objects and array elements (chained, multi-line)', () => {
    const src = [
      "import { readFileSync } from 'node:fs';",
      'export async function show(req, res) {',
      '  let name = req.params.name;',
      "  const parts = ['reports', name, 'index.html'];",
      '  const opts = { dir: name, file: parts[2] };',
      '  name = opts.file;',
      '  const body = readFileSync( // sink',
      "    ['static', name].join('/'),",
      "    'utf8',",
      '  );',
      '  res.send(body);',
      '}',
    ].join('\n');
    expect(ts(src, 'path-traversal')!.outcome).toBe('no-source');
    expect(ts(src.replace('opts.file', 'opts.dir'), 'path-traversal')!.outcome).toBe('input');
    expect(ts(src.replace('parts[2]', 'parts[1]'), 'path-traversal')!.outcome).toBe('input');
  });

  it('a switch on a constant, with fallthrough, takes the matching cases only', () => {
    const src = [
      'function handler(req, res) {',
      '\tconst param = req.body.q;',
      "\tconst target = 'ABC'.charAt(1);",
      '\tlet bar;',
      '\tswitch (target) {',
      "\t\tcase 'A':",
      '\t\t\tbar = param;',
      '\t\t\tbreak;',
      "\t\tcase 'B':",
      "\t\tcase 'C':",
      "\t\t\tbar = 'bob';",
      '\t\t\tbreak;',
      '\t\tdefault:',
      '\t\t\tbar = param;',
      '\t}',
      '\teval(bar); // sink',
      '}',
    ].join('\n');
    expect(js(src, 'code-injection')!.outcome).toBe('no-source');
    expect(js(src.replace('charAt(1)', 'charAt(0)'), 'code-injection')!.outcome).toBe('input');
  });

  it('ternary folding, augmented assignment, Map get/set, sanitizers per sink', () => {
    const src = [
      'export const render = (req: Request, res: Response) => {',
      '  const num = 106;',
      '  const m = new Map<string, string>();',
      "  m.set('a', req.query.x as string);",
      "  m.set('b', 'static');",
      "  let html = '<p>';",
      "  html += (7 * 18) + num > 200 ? m.get('b') : m.get('a');",
      '  res.send(html); // sink',
      '};',
    ].join('\n');
    expect(ts(src, 'xss')!.outcome).toBe('no-source');
    expect(ts(src.replace('> 200', '< 200'), 'xss')!.outcome).toBe('input');
    const escaped = [
      "import escapeHtml from 'escape-html';",
      'app.get("/hi", (req, res) => {',
      '\tconst who = escapeHtml(req.query.name);',
      '\tres.send("<b>" + who + "</b>"); // sink',
      '});',
    ].join('\n');
    const r = js(escaped, 'xss')!;
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(js(escaped, 'xss')!.path.some((s) => s.kind === 'sanitizer')).toBe(true);
    const wrong = escaped.replace(
      'escapeHtml(req.query.name)',
      'encodeURIComponent(req.query.name)',
    );
    expect(js(wrong, 'xss')!.outcome).toBe('input');
  });

  it('innerHTML assignment from location; module constants; unknown callees', () => {
    const dom = [
      'function show() {',
      '\tconst q = new URLSearchParams(location.search).get("q");',
      "\tdocument.getElementById('out').innerHTML = q; // sink",
      '}',
    ].join('\n');
    expect(js(dom, 'xss')!.outcome).toBe('input');
    const constant = [
      "const SWAGGER = './swagger.yml';",
      "const yaml = require('js-yaml');",
      "const fs = require('fs');",
      'module.exports = function load() {',
      "\treturn yaml.load(fs.readFileSync(SWAGGER, 'utf8')); // sink",
      '};',
    ].join('\n');
    expect(js(constant, 'deserialization')!.outcome).toBe('no-source');
    const opaque = [
      "import { pick } from './db';",
      'export function q(db) {',
      '\treturn db.query(pick()); // sink',
      '}',
    ].join('\n');
    expect(js(opaque, 'sql-injection')!.outcome).toBe('undecided');
  });
});

describe('flow reconstruction: Java', () => {
  const java = (body: string[], cls: string, imports: string[] = []) =>
    flow(
      [
        'package org.example.web;',
        '',
        'import java.io.IOException;',
        ...imports,
        '',
        'public class OrdersServlet extends HttpServlet {',
        '\t@Override',
        '\tpublic void doPost(HttpServletRequest request, HttpServletResponse response)',
        '\t\t\tthrows ServletException, IOException {',
        ...body.map((l) => `\t\t${l}`),
        '\t}',
        '',
        '\tprivate static String doSomething(String param) {',
        '\t\tString bar = "safe!";',
        '\t\tjava.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();',
        '\t\tmap.put("keyA", "a_Value");',
        '\t\tmap.put("keyB", param);',
        '\t\tbar = (String) map.get("keyA");',
        '\t\treturn bar;',
        '\t}',
        '}',
      ].join('\n'),
      cls,
      'src/main/java/org/example/web/OrdersServlet.java',
    );

  it('a servlet parameter through StringBuilder reaches executeQuery', () => {
    const r = java(
      [
        'String id = request.getParameter("id");',
        'StringBuilder sql = new StringBuilder("SELECT * FROM orders WHERE id = \'");',
        'sql.append(id).append("\'");',
        'java.sql.Statement st = connection.createStatement();',
        'st.executeQuery(sql.toString()); // sink',
      ],
      'sql-injection',
    )!;
    expect(r.outcome).toBe('input');
  });

  it('list add/remove/get with constant indexes picks the untainted element', () => {
    const body = [
      'String param = request.getHeader("X-Value");',
      'java.util.List<String> valuesList = new java.util.ArrayList<String>();',
      'valuesList.add("safe");',
      'valuesList.add(param);',
      'valuesList.add("moresafe");',
      'valuesList.remove(0);',
      'String bar = valuesList.get(1);',
      'Runtime.getRuntime().exec(bar); // sink',
    ];
    expect(java(body, 'command-injection')!.outcome).toBe('no-source');
    const tainted = body.map((l) => l.replace('get(1)', 'get(0)'));
    expect(java(tainted, 'command-injection')!.outcome).toBe('input');
  });

  it('a ternary on a constant expression and a switch on a constant char', () => {
    const body = [
      'String param = request.getParameter("p");',
      'int num = 106;',
      'String bar = (7 * 18) + num > 200 ? "This_should_always_happen" : param;',
      'String guess = "ABC";',
      'char switchTarget = guess.charAt(2);',
      'switch (switchTarget) {',
      "\tcase 'A':",
      '\t\tbar = param;',
      '\t\tbreak;',
      "\tcase 'C':",
      "\tcase 'D':",
      '\t\tbar = bar + "x";',
      '\t\tbreak;',
      '\tdefault:',
      '\t\tbar = param;',
      '\t\tbreak;',
      '}',
      'response.getWriter().println(bar); // sink',
    ];
    expect(java(body, 'xss')!.outcome).toBe('no-source');
    expect(
      java(
        body.map((l) => l.replace('charAt(2)', 'charAt(0)')),
        'xss',
      )!.outcome,
    ).toBe('input');
  });

  it('a same-file helper that returns the untainted map entry; a sanitizer and a cast', () => {
    const helper = [
      'String param = request.getParameter("p");',
      'String bar = doSomething(param);',
      'new java.io.File(bar); // sink',
    ];
    expect(java(helper, 'path-traversal')!.outcome).toBe('no-source');
    const encoded = [
      'String param = request.getParameter("p");',
      'String bar = org.owasp.esapi.ESAPI.encoder().encodeForHTML(param);',
      'response.getWriter().write(bar); // sink',
    ];
    const r = java(encoded, 'xss')!;
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    const numeric = [
      'String id = request.getParameter("id");',
      'long n = Long.parseLong(id);',
      'stmt.executeQuery("SELECT * FROM t WHERE id = " + n); // sink',
    ];
    expect(java(numeric, 'sql-injection')!.outcome).toBe('no-source');
  });

  it('if on a constant drops the tainted branch; a prepared statement binds input apart', () => {
    const body = [
      'String param = request.getParameter("p");',
      'String bar = "";',
      'if ("yes".equals("no")) {',
      '\tbar = param;',
      '} else {',
      '\tbar = "constant";',
      '}',
      'stmt.execute("SELECT * FROM t WHERE x = \'" + bar + "\'"); // sink',
    ];
    expect(java(body, 'sql-injection')!.outcome).toBe('no-source');
    expect(
      java(
        body.map((l) => l.replace('"yes".equals("no")', 'param.isEmpty()')),
        'sql-injection',
      )!.outcome,
    ).toBe('input');
    const prepared = [
      'String param = request.getParameter("p");',
      'java.sql.PreparedStatement ps = connection.prepareStatement("SELECT * FROM t WHERE x = ?"); // sink',
      'ps.setString(1, param);',
    ];
    expect(java(prepared, 'sql-injection')!.outcome).toBe('no-source');
  });

  it('an allow-list guard with contains() that throws on failure', () => {
    const body = [
      'String column = request.getParameter("sort");',
      'if (!SORT_COLUMNS.contains(column)) {',
      '\tthrow new IllegalArgumentException("unknown sort column");',
      '}',
      'stmt.executeQuery("SELECT * FROM invoices ORDER BY " + column); // sink',
    ];
    const r = java(body, 'sql-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(
      java(
        body.map((l) =>
          l.replace(
            'throw new IllegalArgumentException("unknown sort column");',
            'log.warn("odd");',
          ),
        ),
        'sql-injection',
      )!.outcome,
    ).toBe('input');
  });
});

describe('flow reconstruction: guards in JavaScript', () => {
  it('path containment after resolve, checked with startsWith, exits on failure', () => {
    const src = [
      "const path = require('path');",
      "const UPLOAD_DIR = path.resolve(__dirname, 'uploads');",
      "router.get('/docs', (req, res) => {",
      '  const target = path.resolve(UPLOAD_DIR, req.query.path);',
      '  if (!target.startsWith(UPLOAD_DIR + path.sep)) {',
      '    return res.status(403).end();',
      '  }',
      '  fs.readFile(target, (err, data) => res.send(data)); // sink',
      '});',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'src/routes/docs.js')!;
    expect(r.outcome).toBe('no-source');
    // containment says nothing about SQL
    const sql = src.replace(
      'fs.readFile(target, (err, data) => res.send(data));',
      'db.query("SELECT " + target);',
    );
    expect(flow(sql, 'sql-injection', 'src/routes/docs.js')!.outcome).toBe('input');
    const allow = [
      "const ALLOWED = ['name', 'price'];",
      'export function list(req, res) {',
      '	const col = req.query.sort;',
      '	if (ALLOWED.includes(col)) {',
      '		return db.query(`SELECT * FROM t ORDER BY ${col}`); // sink',
      '	}',
      '}',
    ].join('\n');
    expect(flow(allow, 'sql-injection', 'src/routes/list.ts')!.outcome).toBe('no-source');
  });

  it('a module-private helper called from a route with request input', () => {
    const src = [
      "const { execFile, exec } = require('child_process');",
      '',
      'function resize(input, size) {',
      '  return new Promise((resolve, reject) =>',
      '    exec(`convert ${input} -resize ${size} out.png`, (err) => (err ? reject(err) : resolve())), // sink',
      '  );',
      '}',
      '',
      "router.post('/resize', async (req, res) => {",
      "  await resize(req.body.path, '64x64');",
      '  res.end();',
      '});',
    ].join('\n');
    expect(flow(src, 'command-injection', 'src/lib/media.js')!.outcome).toBe('input');
    const fixed = src.replace('req.body.path', "'logo.png'");
    expect(flow(fixed, 'command-injection', 'src/lib/media.js')!.outcome).toBe('no-source');
    const exported = `${fixed}\nmodule.exports = { resize };\n`;
    expect(flow(exported, 'command-injection', 'src/lib/media.js')!.outcome).toBe('undecided');
  });
});
