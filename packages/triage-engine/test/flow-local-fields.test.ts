import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A field of a local (`f.Name = clean(f.Name)`, `opts.path = req.query.p`) holds what was last
// assigned to it, until the local is bound again (the next element of a loop). Beside each: the
// field read before it is cleaned in the loop, the local bound to another object.
const zip = (body: string[]) => [
  'package zip',
  '',
  'import (',
  '\t"os"',
  '\t"path"',
  '\t"strings"',
  ')',
  '',
  '// Clean keeps a name under any base: rooted, cleaned, the root trimmed again.',
  'func Clean(p string) string {',
  '\treturn strings.Trim(path.Clean("/"+p), "/")',
  '}',
  '',
  'func (z *ZipArchive) ExtractTo(destPath string) error {',
  '\tfor _, f := range z.File {',
  ...body,
  '\t}',
  '\treturn nil',
  '}',
];
const clean = '\t\tf.Name = Clean(strings.ReplaceAll(f.Name, "\\\\", "/"))';
const mkdir = '\t\tos.MkdirAll(path.Join(destPath, f.Name), os.ModePerm)';

describe('fields of locals', () => {
  it('when each zip entry’s name is cleaned in place before the join (Go, tabs), then the join is sanitized', () => {
    const r = flowAt('path-traversal', zip([clean, mkdir]), 'os.MkdirAll(', 'zip/write.go');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the name is used before it is cleaned, then the join still reads the raw entry name (the last element’s cleaned name is not this one’s)', () => {
    const r = flowAt('path-traversal', zip([mkdir, clean]), 'os.MkdirAll(', 'zip/write.go');
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a request value is put into a field of a local options object (JS), then reading the field gives the request value', () => {
    const r = flowAt(
      'path-traversal',
      [
        "const fs = require('fs');",
        '',
        'module.exports = function download(req, res) {',
        "  const opts = { path: 'public/index.html', encoding: 'utf8' };",
        '  if (req.query.file) opts.path = req.query.file;',
        '  fs.readFile(opts.path, opts.encoding, (err, data) => res.send(data));',
        '};',
      ],
      'fs.readFile(',
      'lib/download.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the local is bound to a new object after its field was set, then the old field value is forgotten', () => {
    const r = flowAt(
      'path-traversal',
      [
        "const fs = require('fs');",
        '',
        'module.exports = function download(req, res) {',
        '  let opts = {};',
        '  opts.path = req.query.file;',
        "  opts = { path: 'public/index.html' };",
        '  fs.readFile(opts.path, (err, data) => res.send(data));',
        '};',
      ],
      'fs.readFile(',
      'lib/download.js',
    );
    expect(r.outcome).toBe('no-source');
  });
});

// A field of a range variable checked before it is used (`strings.Contains(file.Name, "..")`,
// goutil's Unzip after CVE-2023-27475): the field is the checked value from there on; a check of
// another field says nothing of it.
describe('Go: a field of a range variable checked for ..', () => {
  const unzip = (checked: string) => [
    'package fsutil',
    '',
    'import (',
    '\t"archive/zip"',
    '\t"os"',
    '\t"path/filepath"',
    '\t"strings"',
    ')',
    '',
    'func Unzip(archive, targetDir string) error {',
    '\treader, err := zip.OpenReader(archive)',
    '\tif err != nil {',
    '\t\treturn err',
    '\t}',
    '\tfor _, file := range reader.File {',
    `\t\tif strings.Contains(${checked}, "..") {`,
    '\t\t\treturn nil',
    '\t\t}',
    '\t\tfullPath := filepath.Join(targetDir, file.Name)',
    '\t\tf, err := os.OpenFile(fullPath, os.O_WRONLY|os.O_CREATE, file.Mode())',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tf.Close()',
    '\t}',
    '\treturn nil',
    '}',
  ];
  const at = (checked: string) =>
    flowAt('path-traversal', unzip(checked), 'os.OpenFile(', 'fsutil/operate.go');

  it('when the entry name itself is refused with .., then the joined path stays under the target; another field checked, it is not decided safe', () => {
    const r = at('file.Name');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/file\.Name holds no \.\./);
    expect(at('file.Comment').outcome).not.toBe('no-source');
  });
});
