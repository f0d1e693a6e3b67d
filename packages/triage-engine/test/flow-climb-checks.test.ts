import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

// The `..` checks of static file servers and extractors, written as their projects write them:
// a relative path compared with `'..' + path.sep` / `".." + os.sep` /
// `".."+string(os.PathSeparator)`, a `..` segment found by `search()` or `match()`, the
// relative-path check of Python (`os.path.relpath(target, start)`: the target comes first).
// Each sits beside the near miss that keeps the finding.
const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;
const outcome = (lines: string[], uri: string, marker: string) =>
  reconstructFlow({
    uri,
    text: lines.join('\n'),
    line: at(lines.join('\n'), marker),
    endLine: null,
    cls: 'path-traversal',
  })!.outcome;

/** A Flask view reading a named file under BASE: `helper` at module level, `body` then the check. */
const flaskView = (body: string[], check: string, helper: string[] = []) => [
  'import os',
  '',
  'from flask import Flask, abort, request',
  '',
  'app = Flask(__name__)',
  'BASE = os.path.realpath("uploads")',
  '',
  ...helper,
  '',
  '',
  '@app.route("/files")',
  'def download():',
  ...body.map((l) => `    ${l}`),
  `    if ${check}:`,
  '        abort(403)',
  '    with open(full, "rb") as fh:',
  '        return fh.read()',
];

/** A net/http handler reading a file under root: `helper` at package level. */
const goHandler = (check: string, helper: string[] = []) => [
  'package server',
  '',
  'import (',
  '\t"net/http"',
  '\t"os"',
  '\t"path/filepath"',
  '\t"strings"',
  ')',
  '',
  'const root = "/srv/www"',
  '',
  ...helper,
  '',
  'func serve(w http.ResponseWriter, r *http.Request) {',
  '\tfull := filepath.Join(root, r.URL.Query().Get("f"))',
  '\trel, err := filepath.Rel(root, full)',
  '\t_, _ = rel, err',
  `\tif ${check} {`,
  '\t\thttp.Error(w, "bad path", http.StatusBadRequest)',
  '\t\treturn',
  '\t}',
  '\tdata, _ := os.ReadFile(full)',
  '\tw.Write(data)',
  '}',
];

const expressRelative = (check: string) => [
  "const path = require('path')",
  "const fs = require('fs')",
  "const express = require('express')",
  '',
  'const app = express()',
  "const webroot = path.resolve(process.argv[2] || '.')",
  '',
  "app.get('*', function (req, res) {",
  '  var pathname = path.join(webroot, req.path)',
  '  var relative = path.relative(webroot, pathname)',
  `  if (${check}) {`,
  '    return res.sendStatus(404)',
  '  }',
  '  fs.stat(pathname, function (err, stat) {',
  '    if (err) return res.sendStatus(404)',
  '    res.sendFile(pathname)',
  '  })',
  '})',
];

describe('path traversal: a relative path compared with the separator', () => {
  it("when path.relative's result is refused as '..' + path.sep and as '..', then the stat is guarded", () => {
    const lines = expressRelative("relative.startsWith('..' + path.sep) || relative == '..'");
    expect(outcome(lines, 'server.js', 'fs.stat(')).toBe('no-source');
  });

  it("when only '..' + path.sep is refused, then a path that is '..' itself still passes", () => {
    const lines = expressRelative("relative.startsWith('..' + path.sep)");
    expect(outcome(lines, 'server.js', 'fs.stat(')).toBe('input');
  });

  it('when `sep` is a local value and not the path module’s, then it decides nothing', () => {
    const lines = expressRelative("relative.startsWith('..' + sep) || relative == '..'").map((l) =>
      l.startsWith('const app') ? `${l}\nconst sep = process.env.SEP` : l,
    );
    expect(outcome(lines, 'server.js', 'fs.stat(')).toBe('input');
  });

  const flask = (check: string, rel = 'os.path.relpath(full, BASE)') =>
    flaskView(
      ['name = request.args.get("name", "")', 'full = os.path.join(BASE, name)', `rel = ${rel}`],
      check,
    );

  it('when os.path.relpath(target, start) is refused as ".." and ".." + os.sep, then the open is guarded', () => {
    const lines = flask('rel == ".." or rel.startswith(".." + os.sep)');
    expect(outcome(lines, 'app.py', 'open(full')).toBe('no-source');
  });

  it('when relpath is given the base first (the relative path of the base), then nothing is checked', () => {
    const lines = flask(
      'rel == ".." or rel.startswith(".." + os.sep)',
      'os.path.relpath(BASE, full)',
    );
    expect(outcome(lines, 'app.py', 'open(full')).toBe('input');
  });

  it('when only ".." + os.sep is refused, then a path that is ".." itself still passes', () => {
    const lines = flask('rel.startswith(".." + os.sep)');
    expect(outcome(lines, 'app.py', 'open(full')).toBe('input');
  });

  const goRel = (check: string) => goHandler(check);

  it('when an error, ".." and ".."+string(os.PathSeparator) are all refused, then the read is guarded', () => {
    const lines = goRel(
      'err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(os.PathSeparator))',
    );
    expect(outcome(lines, 'server.go', 'os.ReadFile(')).toBe('no-source');
  });

  it('when the error and the separator prefix are refused but not ".." itself, then it still passes', () => {
    const lines = goRel('err != nil || strings.HasPrefix(rel, ".."+string(os.PathSeparator))');
    expect(outcome(lines, 'server.go', 'os.ReadFile(')).toBe('input');
  });
});

describe('path traversal: a `..` segment found by search() or match()', () => {
  const server = (check: string) => [
    "var path = require('path')",
    "var fs = require('fs')",
    "var url = require('url')",
    '',
    'module.exports = function (webroot) {',
    '  return function (req, res) {',
    '    var pathname = url.parse(req.url).pathname',
    `    if (${check}) {`,
    '      res.statusCode = 404',
    '      return res.end()',
    '    }',
    '    pathname = path.join(webroot, pathname)',
    '    fs.createReadStream(pathname).pipe(res)',
    '  }',
    '}',
  ];

  it('when search() for a .. segment is refused unless it is -1, then the read is guarded', () => {
    expect(
      outcome(
        server(String.raw`pathname.search(/(\/|^)\.\.(\/|$)/) != -1`),
        'lib/static.js',
        'createReadStream(',
      ),
    ).toBe('no-source');
  });

  it('when match() finds a .., then the request is refused and the read is guarded', () => {
    expect(
      outcome(server(String.raw`pathname.match(/\.\./)`), 'lib/static.js', 'createReadStream('),
    ).toBe('no-source');
  });

  it('when search() is compared with > 0, then a path starting with .. passes', () => {
    expect(
      outcome(
        server(String.raw`pathname.search(/\.\./) > 0`),
        'lib/static.js',
        'createReadStream(',
      ),
    ).toBe('input');
  });

  it('when match() looks for a NUL byte, then .. segments pass', () => {
    expect(
      outcome(server(String.raw`pathname.match(/\0/)`), 'lib/static.js', 'createReadStream('),
    ).toBe('input');
  });
});

describe('path traversal: a containment check in a same-file predicate', () => {
  const express = (helper: string[], check: string) => [
    "const path = require('path')",
    "const fs = require('fs')",
    '',
    "const root = path.resolve(__dirname, 'public')",
    '',
    ...helper,
    '',
    'module.exports = function serve(req, res) {',
    '  const full = path.resolve(root, req.params.file)',
    `  if (${check}) return res.sendStatus(403)`,
    '  fs.readFile(full, (err, data) => res.end(data))',
    '}',
  ];
  const inside = [
    'function inside(child, parent) {',
    '  const rel = path.relative(parent, child)',
    "  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel)",
    '}',
  ];

  it('when a helper says the resolved path is inside the root, then the read is guarded', () => {
    expect(outcome(express(inside, '!inside(full, root)'), 'lib/serve.js', 'fs.readFile(')).toBe(
      'no-source',
    );
  });

  it('when an arrow helper checks the prefix with the separator, then the read is guarded', () => {
    const helper = ['const isSafe = (p) => p.startsWith(root + path.sep)'];
    expect(outcome(express(helper, '!isSafe(full)'), 'lib/serve.js', 'fs.readFile(')).toBe(
      'no-source',
    );
  });

  it('when the helper is given root and path the other way round, then nothing is checked', () => {
    expect(outcome(express(inside, '!inside(root, full)'), 'lib/serve.js', 'fs.readFile(')).toBe(
      'input',
    );
  });

  it('when the call refuses the paths the helper accepts, then the outside ones pass', () => {
    expect(outcome(express(inside, 'inside(full, root)'), 'lib/serve.js', 'fs.readFile(')).toBe(
      'input',
    );
  });

  it('when the helper accepts everything, then nothing is checked', () => {
    const helper = ['function inside(child, parent) {', '  return true', '}'];
    expect(outcome(express(helper, '!inside(full, root)'), 'lib/serve.js', 'fs.readFile(')).toBe(
      'input',
    );
  });

  it('when the helper branches before it returns, then it is not read as a test', () => {
    const helper = [
      'function inside(child, parent) {',
      '  if (process.env.UNSAFE) return true',
      '  return child.startsWith(parent + path.sep)',
      '}',
    ];
    expect(outcome(express(helper, '!inside(full, root)'), 'lib/serve.js', 'fs.readFile(')).toBe(
      'input',
    );
  });

  const flask = (check: string) =>
    flaskView(['full = os.path.join(BASE, request.args["name"])'], check, [
      'def is_safe_path(basedir, path):',
      '    """True when path stays under basedir."""',
      '    real = os.path.realpath(path)',
      '    return os.path.commonpath([basedir, real]) == basedir',
    ]);

  it('when a Python helper compares commonpath with the base, then the open is guarded', () => {
    expect(outcome(flask('not is_safe_path(BASE, full)'), 'app/files.py', 'open(full')).toBe(
      'no-source',
    );
  });

  it('when the Python helper is given the path as the base, then it is no containment check (a validator left unread)', () => {
    expect(outcome(flask('not is_safe_path(full, BASE)'), 'app/files.py', 'open(full')).not.toBe(
      'no-source',
    );
  });

  const goServer = (check: string) =>
    goHandler(check, [
      'func isInside(base, target string) bool {',
      '\trel, err := filepath.Rel(base, target)',
      '\treturn err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(os.PathSeparator))',
      '}',
    ]);

  it('when a Go helper reads filepath.Rel, then the read is guarded', () => {
    expect(outcome(goServer('!isInside(root, full)'), 'server.go', 'os.ReadFile(')).toBe(
      'no-source',
    );
  });

  it('when the Go helper is given the path as the base, then nothing is checked', () => {
    expect(outcome(goServer('!isInside(full, root)'), 'server.go', 'os.ReadFile(')).toBe('input');
  });
});

describe('path traversal: os.path.commonpath compared with the right side', () => {
  const flask = (check: string) =>
    flaskView(['full = os.path.realpath(os.path.join(BASE, request.args["name"]))'], check);

  it('when the common path of base and target is the base, then the open is guarded', () => {
    expect(
      outcome(flask('os.path.commonpath([BASE, full]) != BASE'), 'files.py', 'open(full'),
    ).toBe('no-source');
  });

  it('when the common path is compared with the target, then only ancestors of the base pass', () => {
    expect(
      outcome(flask('os.path.commonpath([BASE, full]) != full'), 'files.py', 'open(full'),
    ).toBe('input');
  });
});
