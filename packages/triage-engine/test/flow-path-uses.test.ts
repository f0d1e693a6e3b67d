import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

// Path traversal: a path built on the reported line and checked inside the callback that
// builds it, then handed to a writer or stream as an option; and `path.normalize` of a path
// known to start with `/`, joined under a root. Each contained case sits beside the near miss
// that keeps the finding.
const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;
const pt = (lines: string[], marker: string, uri = 'lib/extract.js') => {
  const text = lines.join('\n');
  return reconstructFlow({
    uri,
    text,
    line: at(text, marker),
    endLine: null,
    cls: 'path-traversal',
  })!;
};
const pathText = (r: { path: { code: string }[] }) => r.path.map((s) => s.code).join(' | ');

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
      extractor(['    if (extractPath.indexOf(opts.path) != 0) {', '      return;', '    }']),
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
