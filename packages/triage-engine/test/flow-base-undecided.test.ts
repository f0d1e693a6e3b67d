import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A path joined under a base that the caller or the object's configuration supplies (a library's
// destination parameter, `this.path`, `this.root`): the base stays undecided, but when the piece
// joined to it is checked to stay under it, nothing the piece holds can climb out, so the join is
// sanitized whatever the base. Near misses: no check, a check the base itself decides (a base
// from the request), and a write into the object that may have changed the checked field.
const pt = (lines: string[], marker: string, uri: string) =>
  flowAt('path-traversal', lines, marker, uri);

describe('a piece checked to stay under a base the caller supplies', () => {
  const project = (check: string[], between: string[] = []) => [
    "const fspath = require('path')",
    "const fs = require('fs')",
    '',
    'Project.prototype.getFile = function (filePath) {',
    '    let fullPath = fspath.join(this.path, filePath);',
    ...check,
    ...between,
    '    return fs.readFile(fspath.join(this.path, filePath), "utf8");',
    '};',
  ];
  const refuse = [
    '    if (/^\\.\\./.test(fspath.relative(this.path, fullPath))) {',
    '        throw new Error("Invalid file name")',
    '    }',
  ];

  it('when /^\\.\\./.test(path.relative(this.path, full)) refuses, then the same join of the piece under this.path is sanitized', () => {
    const r = pt(project(refuse), 'fs.readFile(', 'lib/projects/Project.js');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/does not climb out with \.\./);
  });

  it('when nothing checks the piece, then the base and the piece stay undecided', () => {
    const r = pt(project([]), 'fs.readFile(', 'lib/projects/Project.js');
    expect(r.outcome).toBe('undecided');
  });

  const update = (between: string) => [
    "const fspath = require('path')",
    "const fs = require('fs')",
    '',
    'function update(data, key) {',
    '\tif (/^\\.\\./.test(fspath.relative(this.path, fspath.join(this.path, data.file)))) {',
    '\t\treturn Promise.reject("Invalid file: " + data.file)',
    '\t}',
    `\t${between}`,
    '\tfs.writeFileSync(fspath.join(this.path, data.file), "{}")',
    '}',
  ];

  it('when the check is written inline on a field of the data (relative(root, join(root, data.file))), then the field is sanitized', () => {
    const r = pt(update(''), 'writeFileSync(', 'lib/update.js');
    expect(r.outcome).toBe('no-source');
  });

  it('when a write to a property of another name comes between (settings.rootPath = …), then the check still holds; a computed write drops it', () => {
    const kept = pt(update('settings[this.name].rootPath = root'), 'writeFileSync(', 'a.js');
    expect(kept.outcome).toBe('no-source');
    const named = pt(update('other.file = root'), 'writeFileSync(', 'a.js');
    expect(named.outcome).toBe('undecided');
    const computed = pt(update('settings[key] = root'), 'writeFileSync(', 'a.js');
    expect(computed.outcome).toBe('undecided');
    expect(computed.reason).toMatch(/may have been set again after it was checked/);
  });

  it('when the path checked was joined on another base (dir = join(base, sub)), then the name is not known to stay under that one', () => {
    const r = pt(
      [
        "const path = require('path')",
        "const fs = require('fs')",
        '',
        'function read(base, sub, name) {',
        '  const dir = path.join(base, sub)',
        '  const full = path.join(dir, name)',
        "  if (path.relative(base, full).startsWith('..')) throw new Error('bad')",
        '  return fs.readFileSync(path.join(dir, name))',
        '}',
      ],
      'readFileSync(',
      'lib/read.js',
    );
    expect(r.outcome).toBe('undecided');
  });

  it('when the base of the relative check comes from the request, then the check contains nothing', () => {
    const r = pt(
      [
        "const path = require('path')",
        "const fs = require('fs')",
        '',
        'app.get("/f", (req, res) => {',
        '  const base = req.query.dir',
        '  if (path.relative(base, path.join(base, req.query.name)).startsWith("..")) return res.end()',
        '  res.send(fs.readFileSync(path.join(base, req.query.name)))',
        '})',
      ],
      'readFileSync(',
      'server.js',
    );
    expect(r.outcome).toBe('input');
  });
});

describe('a path normalised from the root and joined under a base', () => {
  const ftp = (cwdJoin: string) => [
    "const nodePath = require('path');",
    'const WIN_SEP_REGEX = /\\\\/g;',
    'const UNIX_SEP_REGEX = /\\//g;',
    '',
    'class FileSystem {',
    "  _resolvePath(path = '.') {",
    "    const resolvedPath = path.replace(WIN_SEP_REGEX, '/');",
    '    const joinedPath = nodePath.isAbsolute(resolvedPath)',
    '      ? nodePath.normalize(resolvedPath)',
    `      : ${cwdJoin};`,
    '    const fsPath = nodePath.resolve(nodePath.join(this.root, joinedPath)',
    '      .replace(UNIX_SEP_REGEX, nodePath.sep)',
    '      .replace(WIN_SEP_REGEX, nodePath.sep));',
    '    const clientPath = joinedPath.replace(WIN_SEP_REGEX, "/");',
    '    return {',
    '      clientPath,',
    '      fsPath',
    '    };',
    '  }',
    '}',
  ];

  it("when JavaScript joins the client path under '/' first (join('/', this.cwd, p)), then the path built under this.root is sanitized, where it is returned", () => {
    const lines = ftp("nodePath.join('/', this.cwd, resolvedPath)");
    for (const marker of ["nodePath.join('/'", 'nodePath.resolve(']) {
      const r = pt(lines, marker, 'src/fs.js');
      expect(r.outcome, marker).toBe('no-source');
      expect(pathText(r), marker).toMatch(/hold no \.\. to climb out with/);
    }
  });

  it('when the client path is joined to the working directory as given, then it is not', () => {
    const r = pt(ftp('nodePath.join(this.cwd, resolvedPath)'), 'nodePath.resolve(', 'src/fs.js');
    expect(r.outcome).toBe('undecided');
  });

  const go = (check: string, rooted: string) => [
    'package fileutil',
    '',
    'import (',
    '\t"archive/zip"',
    '\t"fmt"',
    '\t"os"',
    '\t"path/filepath"',
    '\t"strings"',
    ')',
    '',
    'func UnZip(zipFile string, destPath string) error {',
    '\tzipReader, err := zip.OpenReader(zipFile)',
    '\tif err != nil {',
    '\t\treturn err',
    '\t}',
    '\tdefer zipReader.Close()',
    '\tfor _, f := range zipReader.File {',
    '\t\tpath, err := safeJoin(destPath, f.Name)',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tout, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, f.Mode())',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tout.Close()',
    '\t}',
    '\treturn nil',
    '}',
    '',
    'func safeJoin(path1, path2 string) (string, error) {',
    '\trelPath, err := filepath.Rel(".", path2)',
    `\tif err != nil || ${check} {`,
    '\t\treturn "", fmt.Errorf("unsafe %q", path2)',
    '\t}',
    `\treturn filepath.Join(path1, ${rooted}), nil`,
    '}',
  ];

  it('when Go joins the checked name under "/" before the destination a caller passes, then the write is sanitized', () => {
    const r = pt(
      go('strings.HasPrefix(relPath, "..")', 'filepath.Join("/", relPath)'),
      'os.OpenFile(',
      'fileutil/file.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when Go joins the name unchecked, then the write stays undecided (the archive and the destination both come from the caller)', () => {
    const r = pt(
      go('strings.Contains(relPath, "\\x00")', 'path2'),
      'os.OpenFile(',
      'fileutil/file.go',
    );
    expect(r.outcome).toBe('undecided');
  });
});

describe('a generator handler (co, koa 1) whose path is checked after it is parsed', () => {
  const serve = (check: string) => [
    "const path = require('path')",
    "const { parse } = require('url')",
    "const fs = require('mz/fs')",
    "const isPathInside = require('path-is-inside')",
    "const { coroutine } = require('bluebird')",
    '',
    'module.exports = coroutine(function*(req, res, flags, current) {',
    '  const { pathname } = parse(req.url)',
    '  let related = path.parse(path.join(current, pathname))',
    '  related = decodeURIComponent(path.format(related))',
    '  const relatedResolved = path.resolve(related)',
    '  const relatedCurrent = path.resolve(current)',
    '  const isSame = relatedResolved === relatedCurrent',
    `  if (${check}) {`,
    "    return micro.send(res, 400, 'Bad Request')",
    '  }',
    '  const relatedExists = yield fs.exists(related)',
    '  return relatedExists',
    '})',
  ];
  const inside = '!isSame && !isPathInside(relatedResolved, relatedCurrent)';

  it('when the resolved path is the served directory or inside it, then the probe and the join it came from are sanitized', () => {
    for (const marker of ['yield fs.exists(', 'path.parse(path.join(']) {
      const r = pt(serve(inside), marker, 'lib/server.js');
      expect(r.outcome, marker).toBe('no-source');
      expect(r.sanitized, marker).toBe(true);
    }
  });

  it('when the path is only compared with a directory the request names, or not checked, then the request path reaches the probe', () => {
    for (const check of [
      'false',
      '!isSame && relatedCurrent !== req.query.root',
      'relatedResolved !== path.resolve(req.query.root)',
    ]) {
      const r = pt(serve(check), 'yield fs.exists(', 'lib/server.js');
      expect(r.outcome, check).toBe('input');
    }
  });
});

describe('a joined path handed to code not in view', () => {
  const remove = (check: string) => [
    "var fspath = require('path');",
    'var projectsDir;',
    '',
    'function init(_settings) {',
    '    projectsDir = fspath.resolve(fspath.join(_settings.userDir, "projects"));',
    '}',
    '',
    'function deleteProject(user, name) {',
    '    var projectPath = fspath.join(projectsDir,name);',
    '    let relativePath = fspath.relative(projectsDir,projectPath);',
    `    if (${check}) {`,
    '        throw new Error("Invalid project name")',
    '    }',
    '    return Projects.delete(user, projectPath);',
    '}',
  ];

  it('when the call it is handed to comes after a check that it stays under the base, then the join is sanitized', () => {
    const r = pt(
      remove('/^\\.\\./.test(relativePath)'),
      'fspath.join(projectsDir,name)',
      'projects/index.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when nothing checks it first, then the join stays undecided (the base is configuration, the name the caller’s)', () => {
    const r = pt(remove('!name'), 'fspath.join(projectsDir,name)', 'projects/index.js');
    expect(r.outcome).toBe('undecided');
  });
});
