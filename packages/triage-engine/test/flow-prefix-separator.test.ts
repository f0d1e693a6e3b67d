import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A string-prefix check keeps a normalised path under its base only when the base ends with a
// separator: `/srv/www-evil/x` starts with `/srv/www` (CVE-2025-0377 in go-slug, u-root's tar
// extraction). The base may end with one as written (`root + path.sep`, `dst+string(os.PathSeparator)`,
// `${root}/`, `"/srv/www/"`), or be made to (`if !strings.HasSuffix(dst, "/") { dst += "/" }`);
// comparisons of whole components (Python's `is_relative_to`, Java's `Path.startsWith`,
// `path.relative`) need none. Near misses: the same checks against the bare base.
const pt = (lines: string[], marker: string, uri: string) =>
  flowAt('path-traversal', lines, marker, uri);

describe('prefix checks against a base that ends with a separator', () => {
  const js = (check: string) => [
    "const fs = require('fs')",
    "const path = require('path')",
    '',
    'module.exports = function read(root, req, res) {',
    '\tconst base = path.resolve(root)',
    '\tconst file = path.resolve(base, req.query.name)',
    `\tif (${check}) return res.sendStatus(403)`,
    '\tfs.createReadStream(file).pipe(res)',
    '}',
  ];

  it('when JavaScript checks startsWith(base + path.sep) or indexOf(`${base}/`) !== 0, then the read is sanitized', () => {
    for (const check of ['!file.startsWith(base + path.sep)', 'file.indexOf(`${base}/`) !== 0']) {
      const r = pt(js(check), 'createReadStream(', 'lib/read.js');
      expect(r.outcome, check).toBe('no-source');
    }
  });

  it('when JavaScript checks startsWith(base) or indexOf(base) !== 0, then a sibling directory passes and the input reaches the read', () => {
    for (const check of ['!file.startsWith(base)', 'file.indexOf(base) !== 0']) {
      const r = pt(js(check), 'createReadStream(', 'lib/read.js');
      expect(r.outcome, check).toBe('input');
      expect(pathText(r), check).toMatch(/no separator after the base: a sibling directory/);
    }
  });

  const go = (guard: string[]) => [
    'package unpack',
    '',
    'import (',
    '\t"archive/tar"',
    '\t"fmt"',
    '\t"net/http"',
    '\t"os"',
    '\t"path/filepath"',
    '\t"strings"',
    ')',
    '',
    'func Unpack(w http.ResponseWriter, r *http.Request, tr *tar.Reader) error {',
    '\tdst := filepath.Clean(r.URL.Query().Get("dir"))',
    '\tdst = "/srv/data"',
    '\tfor {',
    '\t\thdr, err := tr.Next()',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\ttarget := filepath.Join(dst, hdr.Name)',
    ...guard,
    '\t\tf, err := os.Create(target)',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tf.Close()',
    '\t}',
    '}',
  ];

  it('when Go checks HasPrefix against dst+string(os.PathSeparator), or after making dst end with "/", then the file is sanitized', () => {
    for (const guard of [
      [
        '\t\tif !strings.HasPrefix(target, dst+string(os.PathSeparator)) {',
        '\t\t\treturn fmt.Errorf("illegal path %s", hdr.Name)',
        '\t\t}',
      ],
      [
        '\t\tbase := dst',
        '\t\tif len(base) > 0 && !strings.HasSuffix(base, "/") {',
        '\t\t\tbase += "/"',
        '\t\t}',
        '\t\tif !strings.HasPrefix(target, base) {',
        '\t\t\treturn fmt.Errorf("illegal path %s", hdr.Name)',
        '\t\t}',
      ],
    ]) {
      const r = pt(go(guard), 'os.Create(', 'internal/unpack/unpack.go');
      expect(r.outcome, guard.join('\n')).toBe('no-source');
    }
  });

  it('when Go checks HasPrefix(target, filepath.Clean(dst)) or appends the separator only on one branch, then a sibling passes', () => {
    for (const guard of [
      [
        '\t\tif !strings.HasPrefix(target, filepath.Clean(dst)) {',
        '\t\t\treturn fmt.Errorf("illegal path %s", hdr.Name)',
        '\t\t}',
      ],
      [
        '\t\tbase := dst',
        '\t\tif strings.HasSuffix(base, "x") {',
        '\t\t\tbase += "/"',
        '\t\t}',
        '\t\tif !strings.HasPrefix(target, base) {',
        '\t\t\treturn fmt.Errorf("illegal path %s", hdr.Name)',
        '\t\t}',
      ],
    ]) {
      const r = pt(go(guard), 'os.Create(', 'internal/unpack/unpack.go');
      expect(r.outcome, guard.join('\n')).not.toBe('no-source');
    }
  });

  const py = (check: string) => [
    'import os',
    'from pathlib import Path',
    'from flask import request, abort, send_file',
    '',
    'BASE = "/srv/reports"',
    '',
    '',
    '@app.route("/report")',
    'def report():',
    '    target = os.path.realpath(os.path.join(BASE, request.args["name"]))',
    `    if not ${check}:`,
    '        abort(404)',
    '    return send_file(target)',
  ];

  it('when Python checks startswith(BASE + os.sep) or Path.is_relative_to, then it is sanitized; startswith(BASE) lets a sibling through', () => {
    expect(pt(py('target.startswith(BASE + os.sep)'), 'send_file(', 'app.py').outcome).toBe(
      'no-source',
    );
    expect(pt(py('Path(target).is_relative_to(BASE)'), 'send_file(', 'app.py').outcome).toBe(
      'no-source',
    );
    const r = pt(py('target.startswith(BASE)'), 'send_file(', 'app.py');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/sibling directory/);
  });

  const java = (check: string) => [
    'package org.acme.zip;',
    '',
    'import java.io.File;',
    'import java.io.FileOutputStream;',
    'import java.io.IOException;',
    'import java.nio.file.Path;',
    'import java.util.zip.ZipEntry;',
    '',
    'public class Unzip {',
    '    public static void extract(File destDir, ZipEntry entry) throws IOException {',
    '        File destFile = new File(destDir, entry.getName());',
    '        String destDirPath = destDir.getCanonicalPath();',
    '        String destFilePath = destFile.getCanonicalPath();',
    '        Path destPath = destDir.toPath().normalize();',
    `        if (!${check}) {`,
    '            throw new IOException("Entry is outside of the target dir: " + entry.getName());',
    '        }',
    '        try (FileOutputStream out = new FileOutputStream(destFile)) {',
    '            out.flush();',
    '        }',
    '    }',
    '}',
  ];

  it('when Java checks the canonical path against destDirPath + File.separator, or compares Paths, then it is sanitized; against the bare canonical base a sibling passes', () => {
    const at = (check: string) =>
      pt(java(check), 'new FileOutputStream(', 'src/main/java/org/acme/zip/Unzip.java');
    expect(at('destFilePath.startsWith(destDirPath + File.separator)').outcome).toBe('no-source');
    expect(at('destFile.toPath().normalize().startsWith(destPath)').outcome).toBe('no-source');
    expect(at('destFilePath.startsWith(destDirPath)').outcome).not.toBe('no-source');
  });
});

describe('a base joined with a trailing separator', () => {
  const dashboard = (dist: string) => [
    "var path = require('path');",
    '',
    'module.exports = function (RED) {',
    `    var dname = path.normalize(path.join(__dirname , '${dist}'));`,
    "    RED.httpAdmin.get('/ui_base/js/*', function (req, res) {",
    "        var filename = path.join(__dirname , '../dist/js', req.params[0]);",
    '        if (filename.indexOf(dname) !== 0) { return res.sendStatus(404); }',
    '        res.sendFile(filename);',
    '    });',
    '};',
  ];

  it("when Node's join or normalize keeps the base's trailing / ('../dist/'), then the prefix check contains the path", () => {
    const r = pt(dashboard('../dist/'), 'res.sendFile(', 'nodes/ui_base.js');
    expect(r.outcome).toBe('no-source');
  });

  it("when the base is joined without one ('../dist'), then a sibling directory passes the check", () => {
    const r = pt(dashboard('../dist'), 'res.sendFile(', 'nodes/ui_base.js');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/no separator after the base/);
  });
});
