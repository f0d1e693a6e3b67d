const express = require('express');
const { exec, execSync, execFile } = require('child_process');
const fs = require('fs');
const path = require('path');
const { Pool } = require('pg');

const app = express();
const pool = new Pool();
const ROOT = path.join(__dirname, 'files');
const SORTABLE = ['title', 'author'];

app.get('/convert', (req, res) => {
  // ruleid: rules_lgpl_javascript_exec_rule-generic-os-command-exec
  exec('convert ' + req.query.file + ' out.png', () => res.send('ok'));
  // ruleid: rules_lgpl_javascript_exec_rule-generic-os-command-exec
  const out = execSync(`du -sh ${req.body.dir}`);
  // ok: rules_lgpl_javascript_exec_rule-generic-os-command-exec
  execFile('convert', [req.query.file, 'out.png']);
  // ok: rules_lgpl_javascript_exec_rule-generic-os-command-exec
  execSync('uptime');
  res.end();
});

function compress(file) {
  // ruleid: javascript.lang.security.detect-child-process.detect-child-process
  return execSync('gzip -k ' + file);
}

const archive = (dir, name) => {
  // ruleid: javascript.lang.security.detect-child-process.detect-child-process
  exec(`tar -czf ${name} ${dir}`);
  // ok: javascript.lang.security.detect-child-process.detect-child-process
  execFile('tar', ['-czf', name, dir]);
  // ok: javascript.lang.security.detect-child-process.detect-child-process
  /^[a-z]+$/.exec(name);
};

app.get('/search', (req, res) => {
  // ruleid: rules_lgpl_javascript_dos_rule-regex-injection-dos
  const re = new RegExp('^' + req.query.q);
  // ruleid: rules_lgpl_javascript_dos_rule-regex-injection-dos
  const re2 = new RegExp(req.query.pattern, 'i');
  // ok: rules_lgpl_javascript_dos_rule-regex-injection-dos
  const re3 = new RegExp(escapeRegExp(req.query.q), 'i');
  // ok: rules_lgpl_javascript_dos_rule-regex-injection-dos
  const re4 = new RegExp('^[a-z]+$');
  res.json([re, re2, re3, re4].map(String));
});

function matcher(term, flags) {
  // ruleid: javascript.lang.security.audit.detect-non-literal-regexp.detect-non-literal-regexp
  const a = new RegExp(`\\b${term}\\b`, flags);
  // ok: javascript.lang.security.audit.detect-non-literal-regexp.detect-non-literal-regexp
  const b = new RegExp(`\\b${escapeRegExp(term)}\\b`);
  // ruleid: javascript_dos_rule-non-literal-regexp
  const c = RegExp(term);
  // ok: javascript_dos_rule-non-literal-regexp
  const d = RegExp('^x+$');
  // ruleid: javascript.lang.security.audit.detect-non-literal-regexp.detect-non-literal-regexp
  return [a, b, c, d, new RegExp(term)];
}

app.get('/files/:name', (req, res) => {
  // ruleid: javascript.express.security.audit.express-path-join-resolve-traversal.express-path-join-resolve-traversal
  const file = path.join(ROOT, req.params.name);
  // ok: javascript.express.security.audit.express-path-join-resolve-traversal.express-path-join-resolve-traversal
  const safe = path.join(ROOT, path.basename(req.params.name));
  // ok: javascript.express.security.audit.express-path-join-resolve-traversal.express-path-join-resolve-traversal
  const checked = path.resolve(ROOT, req.query.doc);
  if (!checked.startsWith(ROOT + path.sep)) {
    return res.status(403).end();
  }
  // ok: rules_lgpl_javascript_traversal_rule-generic-path-traversal
  fs.readFile(checked, () => {});
  // ruleid: rules_lgpl_javascript_traversal_rule-generic-path-traversal
  res.sendFile(req.query.path);
  // ok: rules_lgpl_javascript_traversal_rule-generic-path-traversal
  res.sendFile(req.params.name, { root: ROOT });
  // ruleid: rules_lgpl_javascript_traversal_rule-generic-path-traversal
  fs.createReadStream(`${ROOT}/${req.params.name}`).pipe(res);
  // ok: rules_lgpl_javascript_traversal_rule-generic-path-traversal
  fs.readFileSync(path.join(ROOT, 'index.html'));
});

function readUpload(root, name) {
  // ruleid: javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal
  const full = path.resolve(root, name);
  // ok: javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal
  const base = path.join(ROOT, path.basename(name));
  // ruleid: javascript.lang.security.audit.detect-non-literal-fs-filename.detect-non-literal-fs-filename
  const text = fs.readFileSync(name, 'utf8');
  // ok: javascript.lang.security.audit.detect-non-literal-fs-filename.detect-non-literal-fs-filename
  const conf = fs.readFileSync('/etc/app.conf', 'utf8');
  // ruleid: javascript_pathtraversal_rule-non-literal-fs-filename
  fs.writeFileSync(`${root}/${name}.txt`, text);
  // ruleid: javascript_pathtraversal_rule-non-literal-fs-filename
  fs.unlinkSync(root + '/' + name);
  // ok: javascript_pathtraversal_rule-non-literal-fs-filename
  fs.unlinkSync(ROOT + '/cache.json');
  return [full, base, conf];
}

app.post('/calc', (req, res) => {
  // ruleid: rules_lgpl_javascript_eval_rule-eval-nodejs
  const value = eval('(' + req.body.expr + ')');
  // ok: rules_lgpl_javascript_eval_rule-eval-nodejs
  const data = JSON.parse(req.body.json);
  // ruleid: rules_lgpl_javascript_eval_rule-eval-nodejs
  res.json({ value, data, more: eval(req.query.code) });
});

function loadSettings(text) {
  // ruleid: javascript.lang.security.detect-eval-with-expression.detect-eval-with-expression
  const settings = eval(text);
  // ok: javascript.lang.security.detect-eval-with-expression.detect-eval-with-expression
  const constant = eval('1 + 1');
  // ruleid: javascript.browser.security.new-function-detected.new-function-detected
  const parsed = new Function('return ' + text)();
  // ok: javascript.browser.security.new-function-detected.new-function-detected
  const fixed = new Function('a', 'b', 'return a + b');
  // ruleid: javascript.browser.security.new-function-detected.new-function-detected
  const other = Function(text);
  // ok: javascript.browser.security.new-function-detected.new-function-detected
  const again = JSON.parse(text);
  // ruleid: javascript_eval_rule-eval-with-expression
  setTimeout('refresh(' + text + ')', 100);
  // ok: javascript_eval_rule-eval-with-expression
  setTimeout(() => refresh(text), 100);
  // ruleid: javascript_eval_rule-eval-with-expression
  vm.runInNewContext(text, {});
  // ok: javascript_eval_rule-eval-with-expression
  setInterval(function () {
    refresh(text);
  }, 100);
  return [settings, constant, parsed, fixed, other, again];
}

function fromHash() {
  // ruleid: javascript.browser.security.eval-detected.eval-detected
  eval(location.hash.slice(1));
  // ruleid: javascript.browser.security.eval-detected.eval-detected
  eval(localStorage.getItem('script'));
  // ok: javascript.browser.security.eval-detected.eval-detected
  eval('init()');
  // ok: javascript.browser.security.eval-detected.eval-detected
  JSON.parse(localStorage.getItem('state'));
}

app.get('/hello', (req, res) => {
  // ruleid: javascript.express.security.injection.raw-html-format.raw-html-format
  res.send(`<h1>Hello ${req.query.name}</h1>`);
  // ruleid: javascript.express.security.injection.raw-html-format.raw-html-format
  res.write('<p>' + req.query.msg + '</p>');
  // ok: javascript.express.security.injection.raw-html-format.raw-html-format
  res.end(`<h1>Hello ${escapeHtml(req.query.name)}</h1>`);
  // ok: javascript.express.security.injection.raw-html-format.raw-html-format
  res.send('<h1>Hello</h1>');
});

app.get('/echo', (req, res) => {
  const msg = req.query.msg;
  // ruleid: javascript.express.security.audit.xss.direct-response-write.direct-response-write
  res.send(msg);
  // ruleid: javascript.express.security.audit.xss.direct-response-write.direct-response-write
  res.write(req.body.text);
  // ok: javascript.express.security.audit.xss.direct-response-write.direct-response-write
  res.send(escapeHtml(msg));
  // ok: javascript.express.security.audit.xss.direct-response-write.direct-response-write
  res.json({ msg });
  res.end();
});

router.get('/greet', async (ctx) => {
  // ruleid: rules_lgpl_javascript_xss_rule-express-xss
  ctx.body = `<p>${ctx.query.name}</p>`;
  // ruleid: rules_lgpl_javascript_xss_rule-express-xss
  ctx.response.body = ctx.request.body.bio;
  // ok: rules_lgpl_javascript_xss_rule-express-xss
  ctx.body = { name: ctx.query.name };
  // ok: rules_lgpl_javascript_xss_rule-express-xss
  ctx.body = escapeHtml(ctx.query.name);
  // ruleid: rules_lgpl_javascript_redirect_rule-express-open-redirect
  ctx.redirect(ctx.query.next);
  // ok: rules_lgpl_javascript_redirect_rule-express-open-redirect
  ctx.redirect('/home');
});

app.get('/login', (req, res) => {
  // ruleid: javascript.express.security.audit.express-open-redirect.express-open-redirect
  res.redirect(req.query.next);
  // ruleid: javascript.express.security.audit.express-open-redirect.express-open-redirect
  res.redirect(302, req.query.returnTo + '?welcome=1');
  // ok: javascript.express.security.audit.express-open-redirect.express-open-redirect
  res.redirect(localRedirectPath(req.query.next));
  // ruleid: javascript.express.security.audit.possible-user-input-redirect.possible-user-input-redirect
  res.redirect('/' + req.query.page);
  // ruleid: javascript.express.security.audit.possible-user-input-redirect.possible-user-input-redirect
  res.redirect(`${req.query.host}/home`);
  // ok: javascript.express.security.audit.possible-user-input-redirect.possible-user-input-redirect
  res.redirect(`https://shop.example.com/items/${req.params.id}`);
  // ok: javascript.express.security.audit.possible-user-input-redirect.possible-user-input-redirect
  res.redirect('/home');
  // ruleid: rules_lgpl_javascript_redirect_rule-express-open-redirect
  res.location(req.query.next);
  // ruleid: rules_lgpl_javascript_redirect_rule-express-open-redirect
  res.set('Location', req.get('referer'));
  // ok: rules_lgpl_javascript_redirect_rule-express-open-redirect
  res.location('/');
});

app.get('/books', async (req, res) => {
  // ruleid: javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli
  const { rows } = await pool.query(`SELECT * FROM books WHERE title = '${req.query.title}'`);
  // ok: javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli
  const safe = await pool.query('SELECT * FROM books WHERE title = $1', [req.query.title]);
  res.json([rows, safe]);
});

app.get('/sorted', async (req, res) => {
  const column = req.query.sort;
  if (!SORTABLE.includes(column)) {
    return res.status(400).end();
  }
  // ok: javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli
  const { rows } = await pool.query(`SELECT * FROM books ORDER BY ${column}`);
  res.json(rows);
});

async function booksBy(author, limit) {
  const sql = "SELECT * FROM books WHERE author = '" + author + "' LIMIT " + Number(limit);
  // ruleid: javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli
  const { rows } = await pool.query(sql);
  // ok: javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli
  await pool.query(`SELECT * FROM books LIMIT ${parseInt(limit, 10)}`);
  return rows;
}

function run(sql, params) {
  // ok: javascript.lang.security.audit.sqli.node-postgres-sqli.node-postgres-sqli
  return pool.query(sql, params);
}

app.get('/more', (req, res) => {
  // ok: javascript.express.security.audit.express-open-redirect.express-open-redirect
  res.redirect(302, '/account');
  // ruleid: javascript.express.security.audit.express-path-join-resolve-traversal.express-path-join-resolve-traversal
  const avatar = path.resolve(ROOT, 'avatars', req.body.user);
  // ok: rules_lgpl_javascript_eval_rule-eval-nodejs
  const n = eval('2 + 2');
  res.json({ avatar, n });
});

function helpers(file, pattern, code, dir) {
  // ruleid: javascript.lang.security.audit.detect-non-literal-fs-filename.detect-non-literal-fs-filename
  const stream = fs.createReadStream(file);
  // ok: javascript.lang.security.audit.detect-non-literal-fs-filename.detect-non-literal-fs-filename, javascript_pathtraversal_rule-non-literal-fs-filename
  const own = fs.readFileSync(path.basename(file));
  // ok: javascript.lang.security.audit.detect-non-literal-regexp.detect-non-literal-regexp
  const plain = new RegExp('^[0-9]{4}$');
  // ruleid: javascript_dos_rule-non-literal-regexp
  const loose = RegExp(`^${pattern}`, 'i');
  // ok: javascript_dos_rule-non-literal-regexp
  const escaped = RegExp(escapeRegExp(pattern));
  // ruleid: javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal
  const target = path.join(dir, 'cache', file);
  // ok: javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal
  const fixed = path.join(__dirname, 'cache');
  // ruleid: javascript.lang.security.detect-eval-with-expression.detect-eval-with-expression
  const result = eval(`(${code})`);
  // ok: javascript.lang.security.detect-eval-with-expression.detect-eval-with-expression
  const parsed = JSON.parse(code);
  return [stream, own, plain, loose, escaped, target, fixed, result, parsed];
}
