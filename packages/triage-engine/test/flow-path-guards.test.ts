import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Path traversal guards in the forms npm packages write them. Each sits beside a near miss: a
// check of the start only, a base from the request, a strip that is not anchored.
const read = (lines: string[]) =>
  flowAt(
    'path-traversal',
    [
      "const fs = require('fs');",
      "const path = require('path');",
      "const isPathInside = require('is-path-inside');",
      "const ROOT = path.join(__dirname, 'public');",
      '',
      'module.exports = function read(req, res) {',
      '  const name = req.query.file;',
      ...lines,
      '};',
    ],
    'fs.createReadStream(',
    'lib/static.js',
  );
const stream = '  fs.createReadStream(path.join(ROOT, name)).pipe(res);';

describe('path guards that refuse a .. segment', () => {
  it('when the name is refused if it holds .., by indexOf, a regex or its split segments, then the join under the root is sanitized', () => {
    for (const check of [
      "if (name.indexOf('..') !== -1) return res.sendStatus(400);",
      'if (/\\.\\./.test(name)) return res.sendStatus(400);',
      "if (name.split('/').includes('..')) {\n    return res.sendStatus(400);\n  }",
    ]) {
      const r = read([`  ${check}`, stream]);
      expect(r.outcome).toBe('no-source');
      expect(pathText(r)).toMatch(/name holds no \.\./);
    }
  });

  it('when the guard only limits the length or the extension, or refuses ../ but not .. alone, then it is no .. check', () => {
    for (const check of [
      'if (name.length > 64) return res.sendStatus(400);',
      "if (!name.endsWith('.pdf')) return res.sendStatus(400);",
      "if (name.includes('../')) return res.sendStatus(400);",
    ])
      expect(read([`  ${check}`, stream]).outcome, check).toBe('input');
  });

  it('when only the start is checked, then a name like a/../../etc climbs out and it stays input', () => {
    for (const check of [
      "if (name.startsWith('..')) return res.sendStatus(400);",
      'if (/^\\.\\./.test(name)) return res.sendStatus(400);',
    ])
      expect(read([`  ${check}`, stream]).outcome).toBe('input');
  });

  it('when is-path-inside says the resolved file is inside the root, then it is sanitized; inside a root from the request, it is not', () => {
    const inside = (base: string) => [
      `  const file = path.resolve(${base}, name);`,
      `  if (!isPathInside(file, ${base})) return res.sendStatus(403);`,
      '  fs.createReadStream(file).pipe(res);',
    ];
    expect(read(inside('ROOT')).outcome).toBe('no-source');
    expect(read(inside('req.query.root')).outcome).toBe('input');
  });

  it('when the name is normalised and its leading ../ cut, then joined under the root it is sanitized; cut without normalising, it is not', () => {
    const strip = (expr: string) => [
      `  const safe = ${expr}.replace(/^(\\.\\.(\\/|\\\\|$))+/, '');`,
      '  fs.createReadStream(path.join(ROOT, safe)).pipe(res);',
    ];
    expect(read(strip('path.normalize(name)')).outcome).toBe('no-source');
    expect(read(strip('name')).outcome).toBe('input');
  });
});

describe('path guards in Python', () => {
  const py = (check: string[]) =>
    flowAt(
      'path-traversal',
      [
        'import os',
        'from flask import abort, request, send_file',
        '',
        'BASE = os.path.join(os.path.dirname(__file__), "reports")',
        '',
        '',
        'def report():',
        '    name = request.args["name"]',
        ...check,
        '    return send_file(os.path.join(BASE, name))',
      ],
      'send_file(',
      'app/reports.py',
    );

  it('when a name holding .. or starting with / is refused, then os.path.join keeps it under the base', () => {
    const r = py(['    if ".." in name or name.startswith("/"):', '        abort(400)']);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/name holds no \.\./);
  });

  it('when only .. is refused, then an absolute name replaces the base in os.path.join and it stays input', () => {
    expect(py(['    if ".." in name:', '        abort(400)']).outcome).toBe('input');
  });
});
