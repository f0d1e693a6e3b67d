import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

// The guards real fixes add: keys kept from Object.prototype (prototype pollution) and paths
// normalised, then kept under a base (path traversal). Each sanitized case sits beside the
// near misses that must keep the finding: the guard on another variable, after the sink, a
// blocklist without `__proto__`, a prefix check on a path not normalised first.
const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;
const flow = (text: string, cls: string, uri: string, marker: string) =>
  reconstructFlow({ uri, text, line: at(text, marker), endLine: null, cls })!;
const pp = (lines: string[], marker: string, uri = 'lib/index.js') =>
  flow(lines.join('\n'), 'prototype-pollution', uri, marker);
const pathText = (r: { path: { code: string }[] }) => r.path.map((s) => s.code).join(' | ');

describe('prototype pollution: the sink and its source', () => {
  it('when an exported recursive merge copies every key, then the caller’s keys reach the write', () => {
    const r = pp(
      [
        "'use strict'",
        '',
        'function isObject (val) {',
        "\treturn val !== null && typeof val === 'object'",
        '}',
        '',
        'function merge (target, source) {',
        '\tfor (var key in source) {',
        '\t\tif (isObject(source[key]) && isObject(target[key])) {',
        '\t\t\tmerge(target[key], source[key])',
        '\t\t} else {',
        '\t\t\ttarget[key] = source[key]',
        '\t\t}',
        '\t}',
        '\treturn target',
        '}',
        '',
        'module.exports = merge',
      ],
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/a parameter of merge/);
  });

  it('when the keys are those of a constant object, then no outside key reaches the write', () => {
    const r = pp(
      [
        'const DEFAULTS = { retries: 3, timeout: 1000 }',
        '',
        'export function withDefaults(options) {',
        '  const out = {}',
        '  Object.keys(DEFAULTS).forEach((name) => {',
        '    out[name] = options[name] ?? DEFAULTS[name]',
        '  })',
        '  return out',
        '}',
      ],
      'out[name] =',
      'src/options.ts',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when a file-private helper is only called with literal keys, then no outside key reaches it', () => {
    const r = pp(
      [
        'function put(obj, key, value) {',
        '  obj[key] = value',
        '}',
        '',
        'module.exports = function build(name) {',
        '  const o = {}',
        "  put(o, 'name', name)",
        "  put(o, 'kind', 'user')",
        '  return o',
        '}',
      ],
      'obj[key] = value',
    );
    expect(r.outcome).toBe('no-source');
  });
});

describe('prototype pollution: guards on the key', () => {
  const mergeWith = (guard: string[], sink = '\t\t\ttarget[key] = source[key]') => [
    'function merge (target, source) {',
    '\tfor (var key in source) {',
    ...guard,
    '\t\tif (typeof source[key] === "object" && source[key] !== null) {',
    '\t\t\ttarget[key] = merge(target[key] || {}, source[key])',
    '\t\t} else {',
    sink,
    '\t\t}',
    '\t}',
    '\treturn target',
    '}',
    'exports.merge = merge',
  ];

  it('when __proto__ and constructor are skipped with continue, then the recursive write is sanitized', () => {
    const r = pp(
      mergeWith([
        "\t\tif (key === '__proto__' ||",
        "\t\t\tkey === 'constructor') {",
        '\t\t\tcontinue',
        '\t\t}',
      ]),
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(
      /cannot be __proto__, constructor here \(a write that can descend\)/,
    );
  });

  it('when only __proto__ is skipped, then a recursive merge is not called sanitized (constructor.prototype)', () => {
    const r = pp(mergeWith(["\t\tif (key === '__proto__') continue"]), 'target[key] = source[key]');
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/not from constructor\/prototype/);
  });

  it('when only __proto__ is skipped in a one-level write, then that is enough', () => {
    const r = pp(
      [
        'export function assignKeys(target, source) {',
        '  for (const key of Object.keys(source)) {',
        "    if (key === '__proto__') continue",
        '    target[key] = source[key]',
        '  }',
        '}',
      ],
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the blocklist leaves __proto__ out, then the write stays reachable', () => {
    const r = pp(
      mergeWith(["\t\tif (['constructor', 'prototype'].includes(key)) continue"]),
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the guard tests another variable, then the key is not checked', () => {
    const r = pp(
      [
        'function assign (target, source, prop) {',
        '\tfor (const key of Object.keys(source)) {',
        "\t\tif (prop === '__proto__' || prop === 'constructor') continue",
        '\t\ttarget[key] = source[key]',
        '\t}',
        '}',
        'module.exports = assign',
      ],
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the guard comes after the write, then it protects nothing', () => {
    const r = pp(
      [
        'export const setOne = (target, key, value) => {',
        '  target[key] = value',
        "  if (key === '__proto__') throw new Error('bad key')",
        '  return target',
        '}',
      ],
      'target[key] = value',
      'src/set.ts',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the write sits in the branch where the key is not __proto__, then a one-level write is sanitized', () => {
    const r = pp(
      [
        'export function setOne(target: Record<string, unknown>, key: string, value: unknown) {',
        "  if (key !== '__proto__') {",
        '    target[key] = value',
        '  }',
        '}',
      ],
      'target[key] = value',
      'src/set.ts',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when a module constant Set of the three keys is checked in a forEach callback, then it is sanitized', () => {
    const r = pp(
      [
        "const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])",
        '',
        'module.exports = function deepAssign (target, source) {',
        '  Object.keys(source).forEach(function (key) {',
        '    if (UNSAFE.has(key)) return',
        "    if (source[key] && typeof source[key] === 'object') {",
        '      deepAssign(target[key] = target[key] || {}, source[key])',
        '      return',
        '    }',
        '    target[key] = source[key]',
        '  })',
        '  return target',
        '}',
      ],
      '    target[key] = source[key]',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when a regex of the three keys is tested, then the key is kept from them', () => {
    const r = pp(
      [
        'module.exports = function set (obj, path, value) {',
        "  var keys = path.split('.')",
        '  var cur = obj',
        '  for (var i = 0; i < keys.length - 1; i++) {',
        '    var k = keys[i]',
        '    if (/^(?:__proto__|constructor|prototype)$/.test(k)) return obj',
        '    cur = cur[k] = cur[k] || {}',
        '  }',
        '  var last = keys[keys.length - 1]',
        '  if (/^(?:__proto__|constructor|prototype)$/.test(last)) return obj',
        '  cur[last] = value',
        '  return obj',
        '}',
      ],
      'cur[last] = value',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when a same-file helper says whether a key is unsafe, then its answer is read by summary', () => {
    const r = pp(
      [
        'function isUnsafeKey(key) {',
        "\treturn key === '__proto__' || key === 'constructor' || key === 'prototype'",
        '}',
        '',
        'export default function merge(target, ...sources) {',
        '\tfor (const source of sources) {',
        '\t\tfor (const [key, value] of Object.entries(source)) {',
        '\t\t\tif (',
        '\t\t\t\tisUnsafeKey(key)',
        '\t\t\t) {',
        '\t\t\t\tcontinue',
        '\t\t\t}',
        '\t\t\ttarget[key] = isObject(value) ? merge(target[key] ?? {}, value) : value',
        '\t\t}',
        '\t}',
        '\treturn target',
        '}',
      ],
      '\t\t\ttarget[key] =',
      'src/merge.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the key is renamed away from __proto__ by a helper, then a one-level write is sanitized', () => {
    const r = pp(
      [
        'function sanitizeKey (key) {',
        "  return key === '__proto__' ? '___proto___' : key",
        '}',
        '',
        'function setKey (obj, key, value) {',
        '  obj[sanitizeKey(key)] = value',
        '}',
        'module.exports = setKey',
      ],
      'obj[sanitizeKey(key)] = value',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when hasOwnProperty is checked on the object written, then only own properties are set', () => {
    const r = pp(
      [
        'module.exports = function update (target, source) {',
        '  for (const key in source) {',
        '    if (Object.prototype.hasOwnProperty.call(target, key)) {',
        '      target[key] = source[key]',
        '    }',
        '  }',
        '}',
      ],
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when hasOwnProperty is checked on the source, then a parsed {"__proto__": …} passes it', () => {
    const r = pp(
      [
        'module.exports = function update (target, source) {',
        '  for (const key in source) {',
        '    if (Object.prototype.hasOwnProperty.call(source, key)) {',
        '      target[key] = source[key]',
        '    }',
        '  }',
        '}',
      ],
      'target[key] = source[key]',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the object written has no prototype, then no key reaches Object.prototype', () => {
    const r = pp(
      [
        'export function index(rows) {',
        '  const byName = Object.create(null)',
        '  for (const row of rows) {',
        '    byName[row.name] = row',
        '  }',
        '  return byName',
        '}',
      ],
      'byName[row.name] = row',
      'src/index.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the object written is a plain {} instead, then the key still decides', () => {
    const r = pp(
      [
        'export function index(rows) {',
        '  const byName = {}',
        '  for (const row of rows) {',
        '    byName[row.name] = row',
        '  }',
        '  return byName',
        '}',
      ],
      'byName[row.name] = row',
      'src/index.js',
    );
    expect(r.outcome).toBe('input');
  });
});

describe('prototype pollution: transpiled for…of loops over refused keys', () => {
  const guarded = (loop: string[], re = 'var IGNORE = /__proto__|constructor|prototype/;') => [
    "'use strict';",
    '',
    re,
    '',
    'function assignValue(element, keys, value) {',
    '    var current = element;',
    '    var key = void 0;',
    '    if (keys.some(function (key) {',
    '        return IGNORE.test(key);',
    '    })) {',
    '        return;',
    '    }',
    ...loop,
    '    return element;',
    '}',
    'module.exports = assignValue;',
  ];
  const babel6 = [
    '    var _iteratorNormalCompletion = true;',
    '    for (var _iterator = keys[Symbol.iterator](), _step; !(_iteratorNormalCompletion = (_step = _iterator.next()).done); _iteratorNormalCompletion = true) {',
    '        key = _step.value;',
    '        if (current[key] == null) {',
    '            current[key] = {};',
    '        }',
    '        current = current[key];',
    '    }',
  ];
  const babel7 = [
    '    var _iterator = _createForOfIteratorHelper(keys), _step;',
    '    try {',
    '        for (_iterator.s(); !(_step = _iterator.n()).done;) {',
    '            key = _step.value;',
    '            if (current[key] == null) {',
    '                current[key] = {};',
    '            }',
    '            current = current[key];',
    '        }',
    '    } catch (err) {',
    '        _iterator.e(err);',
    '    } finally {',
    '        _iterator.f();',
    '    }',
  ];
  const tsValues = [
    '    for (var _b = __values(keys), _c = _b.next(); !_c.done; _c = _b.next()) {',
    '        key = _c.value;',
    '        if (current[key] == null) {',
    '            current[key] = {};',
    '        }',
    '        current = current[key];',
    '    }',
  ];

  it('when the keys are refused by a regex constant of the file before a Babel or TypeScript for…of, then the writes are sanitized', () => {
    for (const [name, loop] of [
      ['babel6', babel6],
      ['babel7', babel7],
      ['tsValues', tsValues],
    ] as const) {
      const r = pp(guarded([...loop]), 'current[key] = {}');
      expect(r.outcome, name).toBe('no-source');
      expect(pathText(r), name).toMatch(/no element of keys is __proto__/);
    }
  });

  it('when nothing refuses the keys, or the regex constant is assigned again, then the caller’s keys reach the write', () => {
    const unguarded = guarded([...babel6]).filter((l, i) => i < 7 || i > 11);
    expect(pp(unguarded, 'current[key] = {}').outcome).toBe('input');
    const rebound = guarded(
      [...babel6, "    IGNORE = new RegExp(process.env.IGNORE || 'x');"],
      'var IGNORE = /__proto__|constructor|prototype/;',
    );
    expect(pp(rebound, 'current[key] = {}').outcome).not.toBe('no-source');
  });
});

describe('prototype pollution: keys that hold no refused name, and the pieces cut from them', () => {
  const ini = (guard: string, helper = '    return line.match(RE_ARRAY)[1];') => [
    'var IGNORE = /__proto__|constructor|prototype/;',
    'var RE_ARRAY = /^(.*?)\\[\\]$/;',
    '',
    'function getArrayKey(line) {',
    helper,
    '}',
    '',
    'function assignValue(element, keys, value) {',
    '\tvar current = element;',
    '\tvar key;',
    `\tif (keys.some(function (k) { return ${guard}; })) {`,
    '\t\treturn;',
    '\t}',
    '\tfor (const k of keys) {',
    '\t\tkey = k;',
    '\t\tif (RE_ARRAY.test(key)) {',
    '\t\t\tkey = getArrayKey(key);',
    '\t\t}',
    '\t\tif (current[key] == null) {',
    '\t\t\tcurrent[key] = {};',
    '\t\t}',
    '\t\tcurrent = current[key];',
    '\t}',
    '\treturn element;',
    '}',
    'module.exports = assignValue;',
  ];

  it('when every key is refused for holding a name anywhere, then the group a regex cuts from it (a helper’s match, exec or slice) is none of them', () => {
    for (const helper of [
      '    return line.match(RE_ARRAY)[1];',
      '    var m = RE_ARRAY.exec(line);\n    return m[1];',
      '    return line.slice(0, -2);',
    ]) {
      const r = pp(ini('IGNORE.test(k)', helper), 'current[key] = {}');
      expect(r.outcome, helper).toBe('no-source');
    }
  });

  it('when the keys are only refused when equal to a name, then "__proto__[]" cut to "__proto__" reaches the write', () => {
    const r = pp(ini("k === '__proto__' || k === 'constructor'"), 'current[key] = {}');
    expect(r.outcome).toBe('input');
  });

  it('when an anchored test is true (RE_ARRAY: ends with []), then the key is not said to hold no __proto__', () => {
    const r = pp(
      [
        'var RE_ARRAY = /^(.*?)\\[\\]$/;',
        'function set(obj, key, value) {',
        '\tif (RE_ARRAY.test(key)) {',
        '\t\tvar name = key.slice(0, -2);',
        '\t\tobj[name] = [value];',
        '\t}',
        '}',
        'module.exports = set;',
      ],
      'obj[name] = [value]',
    );
    expect(r.outcome).toBe('input');
    expect(pathText(r)).not.toMatch(/holds no __proto__/);
  });
});

describe('path containment: JavaScript', () => {
  it('when the path is resolved and checked against the base with an early return, then it is sanitized', () => {
    const src = [
      "const path = require('node:path')",
      "const fs = require('fs')",
      "const { Router } = require('express')",
      'const router = Router()',
      "const ROOT = path.join(__dirname, 'public')",
      '',
      "router.get('/files', (req, res) => {",
      '\tconst target = path.resolve(ROOT, req.query.name)',
      '\tif (!target.startsWith(ROOT + path.sep)) {',
      '\t\treturn res.status(403).end()',
      '\t}',
      '\tfs.createReadStream(target).pipe(res)',
      '})',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'routes/files.js', 'createReadStream(');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the prefix check runs on a path built without normalising, then ../ passes it', () => {
    const src = [
      "const fs = require('fs')",
      "const ROOT = '/srv/public/'",
      '',
      'exports.read = (req, res) => {',
      '\tconst target = ROOT + req.query.name',
      '\tif (!target.startsWith(ROOT)) {',
      '\t\treturn res.status(403).end()',
      '\t}',
      '\tres.send(fs.readFileSync(target))',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'routes/read.js', 'readFileSync(');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/not normalised first/);
  });

  it('when realpath resolves in a promise chain and the callback checks the caller’s root, then it is sanitized', () => {
    const src = [
      "import { promises as fsp } from 'fs'",
      "import * as path from 'path'",
      '',
      'export function serve(root, name) {',
      '  return fsp',
      '    .realpath(path.join(root, name))',
      '    .then((real) => {',
      '      if (real.indexOf(root + path.sep) !== 0) {',
      "        throw new Error('outside of the root')",
      '      }',
      '      return fsp.readFile(real)',
      '    })',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'src/serve.js', 'fsp.readFile(');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when realpath is awaited and path.relative does not climb out, then it is sanitized', () => {
    const src = [
      "const fs = require('fs')",
      "const p = require('path')",
      '',
      'async function extractEntry(dest, entry) {',
      '  const real = await fs.promises.realpath(p.dirname(p.join(dest, entry.path)))',
      '  const rel = p.relative(dest, real)',
      "  if (rel.startsWith('..') || p.isAbsolute(rel)) {",
      "    throw new Error('entry outside the destination')",
      '  }',
      '  return fs.promises.writeFile(real, entry.data)',
      '}',
      'module.exports = extractEntry',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'lib/extract.js', 'writeFile(');
    expect(r.outcome).toBe('no-source');
  });

  it('when the check runs after the sink, then it protects nothing', () => {
    const src = [
      "const path = require('path')",
      "const fs = require('fs')",
      'module.exports = (req, res) => {',
      '  const target = path.resolve(__dirname, req.params.file)',
      '  const data = fs.readFileSync(target)',
      '  if (!target.startsWith(__dirname)) return res.sendStatus(403)',
      '  res.send(data)',
      '}',
    ].join('\n');
    expect(flow(src, 'path-traversal', 'index.js', 'readFileSync(').outcome).toBe('input');
  });
  it('when the joined path’s head is compared with the served directory by slice, then it is sanitized', () => {
    const src = [
      "var fs = require('fs')",
      "var path = require('path')",
      "var parse = require('url').parse",
      '',
      'Server.prototype.serve = function (req, res) {',
      '  var self = this',
      '  var root = self.dir + path.sep',
      '  var full = path.join(',
      '    self.dir,',
      '    decodeURIComponent(parse(req.url).pathname)',
      '  )',
      '  if (full.slice(0, root.length) !== root) {',
      "    return self.emit('error', 403, res)",
      '  }',
      '  fs.stat(full, function (err, stat) {})',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'index.js', 'fs.stat(');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/full\.slice\(0, root\.length\)/);
  });

  it('when the head is taken by substring and compared with ===, then the same branch is sanitized', () => {
    const src = [
      "import { readFile } from 'node:fs/promises'",
      "import { resolve } from 'node:path'",
      '',
      'export async function handler(root, request) {',
      '\tconst file = resolve(root, request.params.name)',
      '\tconst base = `${root}/`',
      '\tif (file.substring(0, base.length) === base) {',
      '\t\treturn readFile(file)',
      '\t}',
      '\treturn null',
      '}',
    ].join('\n');
    expect(flow(src, 'path-traversal', 'src/handler.ts', 'return readFile(').outcome).toBe(
      'no-source',
    );
  });

  it('when the slice is compared on the branch where it differs, or with "/", or the path is not normalised, then the input still reaches the sink', () => {
    const branch = [
      "const fs = require('fs')",
      "const path = require('path')",
      'module.exports = (root, req) => {',
      '  const full = path.join(root, req.query.file)',
      '  if (full.slice(0, root.length) !== root) {',
      '    return fs.readFileSync(full)',
      '  }',
      '}',
    ].join('\n');
    expect(flow(branch, 'path-traversal', 'lib/a.js', 'readFileSync(').outcome).toBe('input');
    const slash = [
      "const fs = require('fs')",
      "const path = require('path')",
      'module.exports = (req) => {',
      '  const full = path.resolve(req.query.file)',
      "  if (full.slice(0, 1) !== '/') throw new Error('relative')",
      '  return fs.readFileSync(full)',
      '}',
    ].join('\n');
    expect(flow(slash, 'path-traversal', 'lib/b.js', 'readFileSync(').outcome).toBe('input');
    const raw = [
      "const fs = require('fs')",
      'module.exports = (root, req) => {',
      "  const full = root + '/' + req.query.file",
      '  if (full.substr(0, root.length) !== root) throw new Error("outside")',
      '  return fs.readFileSync(full)',
      '}',
    ].join('\n');
    const r = flow(raw, 'path-traversal', 'lib/c.js', 'readFileSync(');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/not normalised first/);
  });
});

describe('path containment: Python', () => {
  it('when os.path.realpath (aliased) is checked with startswith and an early abort, then it is sanitized', () => {
    const src = [
      'import os.path as osp',
      'from flask import Flask, request, abort, send_file',
      '',
      'app = Flask(__name__)',
      'BASE = "/srv/reports"',
      '',
      '@app.route("/report")',
      'def report():',
      '    target = osp.realpath(osp.join(BASE, request.args["name"]))',
      '    if not target.startswith(BASE + osp.sep):',
      '        abort(404)',
      '        return None',
      '    return send_file(target)',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'app.py', 'send_file(');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when os.path.join alone is checked with startswith, then ../ passes it', () => {
    const src = [
      'import os',
      'from flask import request',
      '',
      '@app.route("/report")',
      'def report():',
      '    target = os.path.join("/srv/reports", request.args["name"])',
      '    if not target.startswith("/srv/reports"):',
      '        return "no", 403',
      '    return open(target).read()',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'app.py', 'open(');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/not normalised first/);
  });

  it('when Path.resolve() is_relative_to the base, then the file is contained', () => {
    const src = [
      'from pathlib import Path',
      '',
      '',
      'def extract_member(dest, member, data):',
      '\ttarget = (Path(dest) / member.name).resolve()',
      '\tif not target.is_relative_to(Path(dest).resolve()):',
      '\t\traise ValueError("member outside the destination")',
      '\twith open(target, "wb") as fh:',
      '\t\tfh.write(data)',
    ].join('\n');
    expect(flow(src, 'path-traversal', 'pkg/archive.py', 'open(').outcome).toBe('no-source');
  });

  it('when os.path.commonpath of the base and the absolute path is the base, then it is contained', () => {
    const src = [
      'import os',
      '',
      '',
      'def safe_open(base, name):',
      '    path = os.path.abspath(os.path.join(base, name))',
      '    if os.path.commonpath([base, path]) != base:',
      '        raise PermissionError(name)',
      '    return open(path)',
    ].join('\n');
    expect(flow(src, 'path-traversal', 'pkg/files.py', 'return open(').outcome).toBe('no-source');
  });
});

describe('path containment: Go', () => {
  it('when the joined entry name is checked with HasPrefix against the destination passed in, then it is sanitized', () => {
    const src = [
      'package archive',
      '',
      'import (',
      '\t"archive/tar"',
      '\t"fmt"',
      '\t"os"',
      '\tfp "path/filepath"',
      '\t"strings"',
      ')',
      '',
      'func extract(dst string, hdr *tar.Header) error {',
      '\ttarget := fp.Join(dst, hdr.Name)',
      '\tif !strings.HasPrefix(target, fp.Clean(dst)+string(os.PathSeparator)) {',
      '\t\treturn fmt.Errorf("illegal file path: %s", hdr.Name)',
      '\t}',
      '\tf, err := os.Create(target)',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\treturn f.Close()',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'archive/tar.go', 'os.Create(');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when filepath.Rel says the target does not climb out, then it is sanitized', () => {
    const src = [
      'package archive',
      '',
      'import (',
      '\t"errors"',
      '\t"os"',
      '\t"path/filepath"',
      '\t"strings"',
      ')',
      '',
      'func write(dst, name string, data []byte) error {',
      '\ttarget := filepath.Join(dst, name)',
      '\trel, err := filepath.Rel(dst, target)',
      '\tif err != nil || strings.HasPrefix(rel, "..") {',
      '\t\treturn errors.New("outside")',
      '\t}',
      '\treturn os.WriteFile(target, data, 0o600)',
      '}',
    ].join('\n');
    expect(flow(src, 'path-traversal', 'archive/write.go', 'os.WriteFile(').outcome).toBe(
      'no-source',
    );
  });

  it('when the path is concatenated rather than joined, then HasPrefix is passed by ../', () => {
    const src = [
      'package archive',
      '',
      'import (',
      '\t"errors"',
      '\t"os"',
      '\t"strings"',
      ')',
      '',
      'func write(dst, name string, data []byte) error {',
      '\ttarget := dst + "/" + name',
      '\tif !strings.HasPrefix(target, dst) {',
      '\t\treturn errors.New("outside")',
      '\t}',
      '\treturn os.WriteFile(target, data, 0o600)',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'archive/write.go', 'os.WriteFile(');
    expect(r.outcome).not.toBe('no-source');
    expect(pathText(r)).toMatch(/not normalised first/);
  });
});

describe('path containment: Java', () => {
  it('when the canonical path starts with the base, then it is sanitized', () => {
    const src = [
      'package org.example.zip;',
      '',
      'import java.io.File;',
      'import java.io.FileOutputStream;',
      'import java.io.IOException;',
      'import java.util.zip.ZipEntry;',
      '',
      'public class Unpacker {',
      '    public FileOutputStream open(File dest, ZipEntry entry) throws IOException {',
      '        File target = new File(dest, entry.getName());',
      '        String canonical = target.getCanonicalPath();',
      '        if (!canonical.startsWith(dest.getCanonicalPath() + File.separator)) {',
      '            throw new IOException("Entry is outside of the target dir: " + entry.getName());',
      '        }',
      '        return new FileOutputStream(canonical);',
      '    }',
      '}',
    ].join('\n');
    const r = flow(
      src,
      'path-traversal',
      'src/main/java/org/example/zip/Unpacker.java',
      'new FileOutputStream(',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when only the absolute path is checked, then ../ passes it', () => {
    const src = [
      'package org.example.zip;',
      '',
      'import java.io.File;',
      'import java.io.FileOutputStream;',
      'import java.io.IOException;',
      'import java.util.zip.ZipEntry;',
      '',
      'public class Unpacker {',
      '    public FileOutputStream open(File dest, ZipEntry entry) throws IOException {',
      '        String target = new File(dest, entry.getName()).getAbsolutePath();',
      '        if (!target.startsWith(dest.getAbsolutePath())) {',
      '            throw new IOException("outside");',
      '        }',
      '        return new FileOutputStream(target);',
      '    }',
      '}',
    ].join('\n');
    const r = flow(
      src,
      'path-traversal',
      'src/main/java/org/example/zip/Unpacker.java',
      'new FileOutputStream(',
    );
    expect(r.outcome).not.toBe('no-source');
    expect(pathText(r)).toMatch(/not normalised first/);
  });
});

describe('code injection: JSON.stringify into generated code', () => {
  const compile = (body: string[]) =>
    flow(
      [
        "'use strict'",
        '',
        'function compile (format) {',
        ...body,
        "  return new Function('tokens, req, res', js)",
        '}',
        '',
        'module.exports = compile',
      ].join('\n'),
      'code-injection',
      'index.js',
      'new Function(',
    );

  it('when the format is quoted by JSON.stringify where an expression starts, then it is one value', () => {
    const r = compile(['  var js = \'  "use strict"\\n  return \' + JSON.stringify(format)']);
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when it is quoted in a template literal after return, then it is one value too', () => {
    const r = compile(['  const js = `return ${JSON.stringify(format)};`']);
    expect(r.outcome).toBe('no-source');
  });

  it('when JSON.stringify lands inside a string of the generated code, then a quote breaks out', () => {
    const r = compile(["  var js = '  return \\'' + JSON.stringify(format) + '\\''"]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when JSON.stringify lands inside a generated template literal, then ${ and ` break out', () => {
    const r = compile(['  const js = `return \\`${JSON.stringify(format)}\\``']);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the quoted text is then rewritten by a callback that returns raw pieces, then it is code again', () => {
    const r = compile([
      "  var js = '  return ' + JSON.stringify(format).replace(/:(\\w+)/g, function (_, name) {",
      "    return '\" + ' + name + ' + \"'",
      '  })',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the format is concatenated raw, then it is code', () => {
    const r = compile(["  var js = '  return \"' + format + '\"'"]);
    expect(r.outcome).not.toBe('no-source');
  });
});

describe('path traversal: a path built on the reported line is judged where it is used', () => {
  it('when the joined path is not opened here but handed out in a struct after a containment check, then it is sanitized', () => {
    const src = [
      'package unpack',
      '',
      'import (',
      '\t"archive/tar"',
      '\t"errors"',
      '\t"fmt"',
      '\t"path/filepath"',
      '\t"strings"',
      ')',
      '',
      'type Info struct {',
      '\tPath string',
      '\tMode int64',
      '}',
      '',
      'func NewInfo(dst string, header *tar.Header) (Info, error) {',
      '\tpath := strings.TrimPrefix(header.Name, "/")',
      '\tpath = filepath.Join(dst, path)',
      '\tif len(dst) > 0 && !strings.HasSuffix(dst, "/") {',
      '\t\tdst += "/"',
      '\t}',
      '\ttarget := filepath.Clean(path)',
      '\tif !strings.HasPrefix(target, dst) {',
      '\t\treturn Info{}, fmt.Errorf("%s: outside of %s", path, dst)',
      '\t}',
      '\tinfo := Info{',
      '\t\tPath: path,',
      '\t\tMode: header.Mode,',
      '\t}',
      '\tif info.Mode < 0 {',
      '\t\treturn Info{}, errors.New("bad mode")',
      '\t}',
      '\treturn info, nil',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'internal/unpack/info.go', 'filepath.Join(dst, path)');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/strings\.HasPrefix\(target, dst\)/);
  });

  it('when the joined path is returned unchecked, or before the check, then the entry name leaves with it', () => {
    const go = (body: string[]) =>
      [
        'package unpack',
        '',
        'import (',
        '\t"archive/tar"',
        '\t"errors"',
        '\t"path/filepath"',
        '\t"strings"',
        ')',
        '',
        'func Target(dst string, header *tar.Header) (string, error) {',
        '\tpath := filepath.Join(dst, header.Name)',
        ...body,
        '}',
      ].join('\n');
    for (const body of [
      ['\treturn path, nil'],
      [
        '\tif strings.HasSuffix(path, ".tmp") {',
        '\t\treturn path, nil',
        '\t}',
        '\tif !strings.HasPrefix(filepath.Clean(path), dst+"/") {',
        '\t\treturn "", errors.New("outside")',
        '\t}',
        '\treturn path, nil',
      ],
      [
        '\tif !strings.HasPrefix(filepath.Clean(path), dst+"/") {',
        '\t\tprintln("outside", path)',
        '\t}',
        '\treturn path, nil',
      ],
    ]) {
      const r = flow(go(body), 'path-traversal', 'unpack/target.go', 'filepath.Join(dst');
      expect(r.outcome).not.toBe('no-source');
    }
  });

  it('when a JavaScript helper returns the resolved path after refusing one outside the root, then it is sanitized; without the refusal it is not', () => {
    const js = (check: string) =>
      [
        "const path = require('path')",
        '',
        'function safePath(root, req) {',
        '\tconst target = path.resolve(root, req.params[0])',
        check,
        '\treturn target',
        '}',
        'module.exports = safePath',
      ].join('\n');
    const guarded = js(
      "\tif (!target.startsWith(root + path.sep)) { throw new Error('forbidden') }",
    );
    expect(flow(guarded, 'path-traversal', 'lib/safe.js', 'path.resolve(').outcome).toBe(
      'no-source',
    );
    expect(flow(js(''), 'path-traversal', 'lib/safe.js', 'path.resolve(').outcome).toBe('input');
  });

  it('when the scanner reports a piece of a join spanning lines, assigned to a field and checked before the stat, then it is sanitized', () => {
    const src = [
      "var fs = require('fs')",
      "var path = require('path')",
      "var parse = require('url').parse",
      '',
      'Server.prototype.serve = function (req, res) {',
      '  var request = {}',
      '  var self = this',
      '  request.fullPath = path.join(',
      '    self.dir,',
      '    decodeURIComponent(parse(req.url).pathname)',
      '  )',
      '  if (request.fullPath.indexOf(self.dir + path.sep) !== 0) {',
      "    return self.emit('error', 403, request, res)",
      '  }',
      '  fs.stat(request.fullPath, function () {})',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'index.js', 'decodeURIComponent(');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the field the join is assigned to reaches the stat unchecked, or another field is checked, then the input reaches it', () => {
    const lines = (check: string[]) =>
      [
        "var fs = require('fs')",
        "var path = require('path')",
        '',
        'Server.prototype.serve = function (req, res) {',
        '  var request = {}',
        '  request.fullPath = path.join(',
        '    this.dir,',
        '    decodeURIComponent(req.url)',
        '  )',
        ...check,
        '  fs.stat(request.fullPath, function () {})',
        '}',
      ].join('\n');
    for (const check of [
      [],
      ['  if (request.otherPath.indexOf(this.dir + path.sep) !== 0) return res.end()'],
    ]) {
      const r = flow(lines(check), 'path-traversal', 'index.js', 'decodeURIComponent(');
      expect(r.outcome).toBe('input');
      expect(pathText(r)).toMatch(/fs\.stat/);
    }
  });

  it('when a Go rule reports the join and the file is created after a containment check, then it is sanitized', () => {
    const src = [
      'package archive',
      '',
      'import (',
      '\t"archive/zip"',
      '\t"fmt"',
      '\t"os"',
      '\t"path/filepath"',
      '\t"strings"',
      ')',
      '',
      'func unzipFile(dst string, f *zip.File) error {',
      '\tpath := filepath.Join(dst, f.Name)',
      '\tif !strings.HasPrefix(path, filepath.Clean(dst)+string(os.PathSeparator)) {',
      '\t\treturn fmt.Errorf("%s: illegal file path", path)',
      '\t}',
      '\tout, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, f.Mode())',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\treturn out.Close()',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'archive/unzip.go', 'filepath.Join(dst, f.Name)');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the same join is used without the check, then the entry name reaches the file', () => {
    const src = [
      'package archive',
      '',
      'import (',
      '\t"archive/zip"',
      '\t"os"',
      '\t"path/filepath"',
      ')',
      '',
      'func unzipFile(dst string, f *zip.File) error {',
      '\tpath := filepath.Join(dst, f.Name)',
      '\tout, err := os.Create(path)',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\treturn out.Close()',
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'archive/unzip.go', 'filepath.Join(dst, f.Name)');
    expect(r.outcome).not.toBe('no-source');
    expect(pathText(r)).toMatch(/os\.Create\(path\)/);
  });

  it('when one of two uses is checked and the other is not, then the unchecked one decides', () => {
    const src = [
      "const path = require('path')",
      "const fs = require('fs')",
      '',
      'module.exports = function extract (dest, entry, data) {',
      '  const target = path.join(dest, entry.fileName)',
      '  if (target.startsWith(dest + path.sep)) {',
      '    fs.writeFileSync(target, data)',
      '  }',
      "  fs.appendFileSync(target + '.log', 'done')",
      '}',
    ].join('\n');
    const r = flow(src, 'path-traversal', 'lib/extract.js', 'path.join(dest, entry.fileName)');
    expect(r.outcome).not.toBe('no-source');
  });
});

describe('guards that end in a call that never returns', () => {
  it('when the key check calls a same-file die() that throws, then the write past it is guarded', () => {
    const r = pp(
      [
        'function die(error, ...args) {',
        '\tconst msg = typeof error === "number" ? `[Immer] minified error nr: ${error}` : error',
        '\tthrow new Error(msg)',
        '}',
        '',
        'export function applyPatch(draft, patch) {',
        '\tconst {path, value} = patch',
        '\tconst key = path[path.length - 1]',
        '\tif (key === "__proto__" || key === "constructor" || key === "prototype")',
        '\t\tdie(24)',
        '\tdraft[key] = value',
        '}',
      ],
      'draft[key] = value',
      'src/patches.ts',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the helper only logs and returns, then the write past it is not guarded', () => {
    const r = pp(
      [
        'function warn(msg) {',
        '\tconsole.warn(msg)',
        '}',
        '',
        'export function applyPatch(draft, patch) {',
        '\tconst {path, value} = patch',
        '\tconst key = path[path.length - 1]',
        '\tif (key === "__proto__" || key === "constructor" || key === "prototype")',
        '\t\twarn("unsafe key")',
        '\tdraft[key] = value',
        '}',
      ],
      'draft[key] = value',
      'src/patches.ts',
    );
    expect(r.outcome).toBe('input');
  });

  it('when a Go handler panics on a path outside the root, then the read past it is contained', () => {
    const src = [
      'package files',
      '',
      'import (',
      '\t"net/http"',
      '\t"os"',
      '\t"path/filepath"',
      '\t"strings"',
      ')',
      '',
      'const root = "/srv/files"',
      '',
      'func Serve(w http.ResponseWriter, r *http.Request) {',
      '\ttarget := filepath.Join(root, r.URL.Query().Get("name"))',
      '\tif !strings.HasPrefix(target, root+"/") {',
      '\t\tpanic("outside the root")',
      '\t}',
      '\tdata, _ := os.ReadFile(target)',
      '\tw.Write(data)',
      '}',
    ].join('\n');
    expect(flow(src, 'path-traversal', 'files/serve.go', 'os.ReadFile(').outcome).toBe('no-source');
  });
});

describe('prototype pollution: a constructor refused only when it is a function', () => {
  const setKey = (guard: string) => [
    'function isConstructorOrProto (obj, key) {',
    guard,
    '}',
    '',
    'module.exports = function setKey (obj, keys, value) {',
    '  var o = obj',
    '  for (var i = 0; i < keys.length - 1; i++) {',
    '    var key = keys[i]',
    '    if (isConstructorOrProto(o, key)) return',
    '    if (o[key] === undefined) o[key] = {}',
    '    o = o[key]',
    '  }',
    '  var last = keys[keys.length - 1]',
    '  if (isConstructorOrProto(o, last)) return',
    '  o[last] = value',
    '}',
  ];

  it('when the helper refuses __proto__ and a constructor that is a function, then the walk is guarded', () => {
    const r = pp(
      setKey(
        "  return (key === 'constructor' && typeof obj[key] === 'function') || key === '__proto__'",
      ),
      'o[last] = value',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when it refuses a constructor only when it is an object, then the Object function passes', () => {
    const r = pp(
      setKey(
        "  return (key === 'constructor' && typeof obj[key] === 'object') || key === '__proto__'",
      ),
      'o[last] = value',
    );
    expect(r.outcome).not.toBe('no-source');
  });
});
