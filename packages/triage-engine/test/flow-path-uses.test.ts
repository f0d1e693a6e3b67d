import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Path traversal: a path built on the reported line and checked inside the callback that
// builds it, then handed to a writer or stream as an option; and `path.normalize` of a path
// known to start with `/`, joined under a root. Each contained case sits beside the near miss
// that keeps the finding.
const pt = (lines: string[], marker: string, uri = 'lib/extract.js') =>
  flowAt('path-traversal', lines, marker, uri);

const extractor = (check: string[]) => [
  'module.exports = Extract;',
  '',
  "var Writer = require('fstream').Writer;",
  "var path = require('path');",
  '',
  'function Extract (opts) {',
  '  var self = this;',
  "  self.on('entry', function(entry) {",
  "    if (entry.type == 'Directory') return;",
  '    var extractPath = path.join(opts.path, entry.path);',
  ...check,
  '    entry.pipe(Writer({',
  '      path: extractPath',
  '    }))',
  "    .on('error', function(e) {",
  "      self.emit('error', e);",
  '    });',
  '  });',
  '}',
];

describe('path traversal: the check and early exit inside the callback that builds the path', () => {
  it('when the joined path is checked against the destination before a writer gets it as { path }, then it is contained', () => {
    const r = pt(
      extractor([
        '    if (extractPath.indexOf(opts.path + path.sep) != 0) {',
        '      return;',
        '    }',
      ]),
      'path.join(opts.path, entry.path)',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/Writer\(\{/);
  });

  it('when the writer gets the path without the check, then the entry name reaches the file', () => {
    const r = pt(extractor([]), 'path.join(opts.path, entry.path)');
    expect(r.outcome).not.toBe('no-source');
    expect(pathText(r)).toMatch(/Writer\(\{/);
  });

  it('when the check only logs and goes on, then it protects nothing', () => {
    const r = pt(
      extractor([
        '    if (extractPath.indexOf(opts.path) != 0) {',
        "      console.warn('outside: ' + extractPath);",
        '    }',
      ]),
      'path.join(opts.path, entry.path)',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when an ESM stream takes { file } after a startsWith check in an arrow handler, then it is contained', () => {
    const r = pt(
      [
        "import { resolve, sep } from 'node:path'",
        "import { FileSink } from './sink.js'",
        '',
        'export function unpack(archive, root) {',
        "  archive.on('entry', (entry) => {",
        '    const file = resolve(root, entry.name)',
        '    if (!file.startsWith(root + sep)) return entry.skip()',
        '    entry.pipe(new FileSink({ file, mode: entry.mode }))',
        '  })',
        '}',
      ],
      'resolve(root, entry.name)',
      'src/unpack.mjs',
    );
    expect(r.outcome).toBe('no-source');
  });
});

describe('path traversal: normalising a path that starts with / before joining it under a root', () => {
  const server = (prep: string[], join = 'path.join(root, p)') => [
    "var path = require('path')",
    "var fs = require('fs')",
    '',
    'module.exports = function serve (root) {',
    '\treturn function (req, res) {',
    '\t\tvar u = decodeURIComponent(req.url.split("?")[0])',
    ...prep,
    `\t\tvar file = ${join}`,
    '\t\tfs.createReadStream(file).pipe(res)',
    '\t}',
    '}',
  ];

  it('when a leading slash is added if missing and the path is normalised, then the join stays under the root', () => {
    const r = pt(
      server(["\t\tif (u.charAt(0) !== '/') u = '/' + u", '\t\tvar p = path.normalize(u)']),
      'fs.createReadStream(file)',
      'lib/serve.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/hold no \.\. to climb out with/);
  });

  it('when the slash is concatenated in the normalize call (ESM, posix), then it stays under the root too', () => {
    const r = pt(
      [
        "import { posix } from 'node:path'",
        "import { readFile } from 'node:fs/promises'",
        '',
        'export async function load(root, name) {',
        "  const rel = posix.normalize('/' + name)",
        '  return readFile(posix.join(root, rel))',
        '}',
      ],
      'readFile(',
      'src/load.mjs',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when x[0] is checked for a slash with an early return, then the normalised path is contained', () => {
    const r = pt(
      server(["\t\tif (u[0] !== '/') return res.end()", '\t\tvar p = path.normalize(u)']),
      'fs.createReadStream(file)',
      'lib/serve.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the path normalised is not known to start with /, then .. survives and the finding stays', () => {
    const r = pt(
      server(['\t\tvar p = path.normalize(u)']),
      'fs.createReadStream(file)',
      'lib/serve.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the slash check is on another variable, then the normalised path is not contained', () => {
    const r = pt(
      server([
        '\t\tvar v = req.query.v',
        "\t\tif (v.charAt(0) !== '/') v = '/' + v",
        '\t\tvar p = path.normalize(u)',
      ]),
      'fs.createReadStream(file)',
      'lib/serve.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the normalised path is rewritten afterwards, then it is not contained any more', () => {
    const r = pt(
      server([
        "\t\tif (u.charAt(0) !== '/') u = '/' + u",
        "\t\tvar p = path.normalize(u).replace(/\\\\/g, '/')",
      ]),
      'fs.createReadStream(file)',
      'lib/serve.js',
    );
    expect(r.outcome).toBe('input');
  });
});
