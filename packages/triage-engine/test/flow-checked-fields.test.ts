import { describe, expect, it } from 'vitest';
import { flowAt } from './build.js';

// A check on a field read in place (`opts.branch`, `self.branch`, `req.params.name`, `f.Name`)
// holds for later reads of the same field on the path the check lets through: the field is not
// copied into a local first. Beside each: the check that does not exit, a call handed the object
// (or a method of the object itself) between the check and the sink, another field read at the
// sink, the field set again after the check.

describe('checks on fields read in place', () => {
  it('when a request parameter is checked against a strict pattern and the handler returns early, then the shell command built from it is sanitized (JS, Express)', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { exec } = require('child_process');",
        '',
        'module.exports = (req, res) => {',
        '  if (!/^[\\w.-]+$/.test(req.params.name)) {',
        '    return res.status(400).end();',
        '  }',
        "  exec('git log ' + req.params.name, (err, out) => res.end(out));",
        '};',
      ],
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
  });

  it('when the check only logs and does not exit, then the field still carries the request value', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { exec } = require('child_process');",
        '',
        'module.exports = (req, res) => {',
        "  if (/^[\\w.-]+$/.test(req.params.name)) console.log('ok');",
        "  exec('git log ' + req.params.name, (err, out) => res.end(out));",
        '};',
      ],
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when another field of the request is checked, then the field at the sink is not', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { exec } = require('child_process');",
        '',
        'module.exports = (req, res) => {',
        '  if (!/^[\\w.-]+$/.test(req.params.name)) return res.status(400).end();',
        "  exec('git log ' + req.params.other, (err, out) => res.end(out));",
        '};',
      ],
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the field is set again from the request after the check, then the new value reaches the sink', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { exec } = require('child_process');",
        '',
        'module.exports = (req, res) => {',
        '  const p = req.params;',
        '  if (!/^[\\w.-]+$/.test(p.name)) return res.status(400).end();',
        '  p.name = req.query.x;',
        "  exec('git log ' + p.name, (err, out) => res.end(out));",
        '};',
      ],
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when an options field is checked and the function throws otherwise, then the command is sanitized (JS, multi-line call)', () => {
    const r = flowAt(
      'command-injection',
      [
        "const cp = require('child_process');",
        '',
        'module.exports = function checkout(opts, cb) {',
        '\tif (!/^[\\w.-]+$/.test(opts.branch)) {',
        "\t\tthrow new Error('invalid branch: ' + opts.branch);",
        '\t}',
        '\tcp.exec(',
        "\t\t'git checkout ' + opts.branch,",
        '\t\t{ cwd: opts.dir },',
        '\t\tcb',
        '\t);',
        '};',
      ],
      'cp.exec(',
      'lib/checkout.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the options object is handed to another function between the check and the sink, then what the check knew is dropped', () => {
    const r = flowAt(
      'command-injection',
      [
        "const cp = require('child_process');",
        '',
        'module.exports = function checkout(opts, cb) {',
        "\tif (!/^[\\w.-]+$/.test(opts.branch)) throw new Error('invalid branch');",
        '\tapplyDefaults(opts);',
        "\tcp.exec('git checkout ' + opts.branch, cb);",
        '};',
      ],
      'cp.exec(',
      'lib/checkout.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a field of self is checked with re.fullmatch before a shell command (Python, class method), then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      [
        'import re',
        'import subprocess',
        '',
        '',
        'class Repo(object):',
        '    def checkout(self):',
        '        if not re.fullmatch(r"[\\w.-]+", self.branch):',
        '            raise ValueError("bad branch %s" % self.branch)',
        '        subprocess.call(',
        '            "git checkout " + self.branch,',
        '            shell=True,',
        '            cwd=self.path,',
        '        )',
      ],
      'subprocess.call(',
      'repo/vcs.py',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when a method of self runs between the check and the sink, then the field is unknown again', () => {
    const r = flowAt(
      'command-injection',
      [
        'import re',
        'import subprocess',
        '',
        '',
        'class Repo(object):',
        '    def checkout(self):',
        '        if not re.fullmatch(r"[\\w.-]+", self.branch):',
        '            raise ValueError("bad branch")',
        '        self.reload()',
        '        subprocess.call("git checkout " + self.branch, shell=True)',
      ],
      'subprocess.call(',
      'repo/vcs.py',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a struct field is checked with a package-level regexp before sh -c (Go, tabs), then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      [
        'package git',
        '',
        'import (',
        '\t"errors"',
        '\t"os/exec"',
        '\t"regexp"',
        ')',
        '',
        'var validRef = regexp.MustCompile(`^[\\w.-]+$`)',
        '',
        'func Checkout(o Options) error {',
        '\tif !validRef.MatchString(o.Branch) {',
        '\t\treturn errors.New("invalid ref")',
        '\t}',
        '\treturn exec.Command("sh", "-c", "git checkout "+o.Branch).Run()',
        '}',
      ],
      'exec.Command(',
      'git/checkout.go',
    );
    expect(r.outcome).toBe('no-source');
  });
});

describe('equality checks on fields read in place', () => {
  const query = (check: string) => [
    'module.exports = (conn) => (req, res) => {',
    `  ${check}`,
    "  conn.query('SELECT ' + req.query.col + ' FROM users', (err, rows) => res.json(rows));",
    '};',
  ];

  it('when the sort column must be one of two names or the handler answers 400, then the query is built from constants only', () => {
    const r = flowAt(
      'sql-injection',
      query(
        "if (req.query.col !== 'name' && req.query.col !== 'email') return res.status(400).end();",
      ),
      'conn.query(',
      'routes/users.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the same comparison only logs, then the request value reaches the query', () => {
    const r = flowAt(
      'sql-injection',
      query("if (req.query.col !== 'name' && req.query.col !== 'email') console.log('odd');"),
      'conn.query(',
      'routes/users.js',
    );
    expect(r.outcome).toBe('input');
  });
});

describe('Go path idioms', () => {
  const unzip = (check: string[]) => [
    'package archive',
    '',
    'import (',
    '\t"archive/zip"',
    '\t"errors"',
    '\t"os"',
    '\t"path/filepath"',
    ')',
    '',
    'func Unzip(r *zip.Reader, dest string) error {',
    '\tfor _, f := range r.File {',
    ...check,
    '\t\tout, err := os.Create(filepath.Join(dest, f.Name))',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tout.Close()',
    '\t}',
    '\treturn nil',
    '}',
  ];

  it('when each entry name is checked with filepath.IsLocal and refused otherwise, then the file created under the destination is sanitized', () => {
    const r = flowAt(
      'path-traversal',
      unzip(['\t\tif !filepath.IsLocal(f.Name) {', '\t\t\treturn errors.New("bad path")', '\t\t}']),
      'os.Create(',
      'archive/unzip.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when IsLocal is tested the other way round (refusing local names), then the entry name is not sanitized', () => {
    const r = flowAt(
      'path-traversal',
      unzip(['\t\tif filepath.IsLocal(f.Name) {', '\t\t\treturn errors.New("local")', '\t\t}']),
      'os.Create(',
      'archive/unzip.go',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  const serve = (expr: string) => [
    'package web',
    '',
    'import (',
    '\t"net/http"',
    '\t"os"',
    '\t"path"',
    '\t"path/filepath"',
    ')',
    '',
    'func Serve(w http.ResponseWriter, r *http.Request) {',
    '\tname := r.URL.Query().Get("f")',
    `\tfull := filepath.Join("/srv/www", ${expr})`,
    '\tdata, _ := os.ReadFile(full)',
    '\tw.Write(data)',
    '}',
  ];

  it('when the name is cleaned as a rooted path and given to filepath.FromSlash before the join (net/http.Dir’s idiom), then the read is sanitized', () => {
    const r = flowAt(
      'path-traversal',
      serve('filepath.FromSlash(path.Clean("/"+name))'),
      'os.ReadFile(',
      'web/serve.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the name only goes through filepath.FromSlash, then it still climbs out of the base', () => {
    const r = flowAt(
      'path-traversal',
      serve('filepath.FromSlash(name)'),
      'os.ReadFile(',
      'web/serve.go',
    );
    expect(r.outcome).toBe('input');
  });
});

describe('Java NIO file sinks', () => {
  const servlet = (check: string[]) => [
    'import java.io.*;',
    'import java.nio.file.*;',
    'import javax.servlet.http.*;',
    '',
    'public class Upload extends HttpServlet {',
    '    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {',
    '        Path base = Paths.get("/srv/uploads");',
    '        Path target = base.resolve(req.getParameter("name")).normalize();',
    ...check,
    '        try (OutputStream os = Files.newOutputStream(target)) {',
    '            req.getInputStream().transferTo(os);',
    '        }',
    '    }',
    '}',
  ];

  it('when the normalised path is checked to start with the base before Files.newOutputStream, then the write is sanitized', () => {
    const r = flowAt(
      'path-traversal',
      servlet([
        '        if (!target.startsWith(base)) {',
        '            throw new IOException("outside the upload directory");',
        '        }',
      ]),
      'Files.newOutputStream(',
      'web/Upload.java',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when nothing checks the resolved path, then the request parameter reaches Files.newOutputStream', () => {
    const r = flowAt('path-traversal', servlet([]), 'Files.newOutputStream(', 'web/Upload.java');
    expect(r.outcome).toBe('input');
  });
});

describe('Go comma-ok lookups in an allow-list', () => {
  const git = (check: string[], map = 'map[string]struct{}{"status": {}, "log": {}}') => [
    'package git',
    '',
    'import (',
    '\t"fmt"',
    '\t"net/http"',
    '\t"os/exec"',
    ')',
    '',
    `var allowed = ${map}`,
    '',
    'func Run(w http.ResponseWriter, r *http.Request) error {',
    '\tsub := r.FormValue("sub")',
    ...check,
    '\treturn exec.Command("sh", "-c", "git "+sub).Run()',
    '}',
  ];

  it('when the subcommand must be a key of a package-level set (`if _, ok := allowed[sub]; !ok`), then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      git([
        '\tif _, ok := allowed[sub]; !ok {',
        '\t\treturn fmt.Errorf("not allowed: %s", sub)',
        '\t}',
      ]),
      'exec.Command(',
      'git/run.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the lookup and the test are separate statements, then the command is sanitized too', () => {
    const r = flowAt(
      'command-injection',
      git(['\t_, ok := allowed[sub]', '\tif !ok {', '\t\treturn fmt.Errorf("no")', '\t}']),
      'exec.Command(',
      'git/run.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when ok is set again before it is tested, then the lookup no longer decides', () => {
    const r = flowAt(
      'command-injection',
      git([
        '\t_, ok := allowed[sub]',
        '\tok = true',
        '\tif !ok {',
        '\t\treturn fmt.Errorf("no")',
        '\t}',
      ]),
      'exec.Command(',
      'git/run.go',
    );
    expect(r.outcome).toBe('input');
  });

  it('when a found key only prints, then the subcommand reaches the shell', () => {
    const r = flowAt(
      'command-injection',
      git(['\tif _, ok := allowed[sub]; ok {', '\t\tfmt.Println("known")', '\t}']),
      'exec.Command(',
      'git/run.go',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the map is one the caller passes, then its keys are not a list this code fixed', () => {
    const lines = git(['\tif _, ok := seen[sub]; !ok {', '\t\treturn fmt.Errorf("no")', '\t}']).map(
      (l) => l.replace('r *http.Request)', 'r *http.Request, seen map[string]bool)'),
    );
    const r = flowAt('command-injection', lines, 'exec.Command(', 'git/run.go');
    expect(r.outcome).toBe('input');
  });
});

// A test kept in a name (`const isSafe = …`, `valid := re.MatchString(b)`) is the test where the
// name is tested, while neither the name nor what the test reads is bound again.
describe('tests kept in a name', () => {
  const js = (body: string[]) => [
    "const { exec } = require('child_process');",
    '',
    'module.exports = (req, res) => {',
    ...body,
    "  exec('git log ' + name, (err, out) => res.end(out));",
    '};',
  ];

  it('when the check is kept in a const and the handler returns when it is false, then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      js([
        '  const name = req.query.a;',
        '  const isValid = /^[\\w.-]+$/.test(name);',
        '  if (!isValid) {',
        '    return res.status(400).end();',
        '  }',
      ]),
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the checked variable is bound again between the check and the test, then the test says nothing of the new value', () => {
    const r = flowAt(
      'command-injection',
      js([
        '  let name = req.query.a;',
        '  const isValid = /^[\\w.-]+$/.test(name);',
        '  name = req.query.b;',
        '  if (!isValid) return res.status(400).end();',
      ]),
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the name is set on one path only, then it is not kept as the test', () => {
    const r = flowAt(
      'command-injection',
      js([
        '  const name = req.query.a;',
        '  let isValid = true;',
        '  if (req.query.strict) isValid = /^[\\w.-]+$/.test(name);',
        '  if (!isValid) return res.status(400).end();',
      ]),
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('input');
  });

  const py = (test: string[]) => [
    'import re',
    'import subprocess',
    '',
    'from flask import request',
    '',
    '',
    'def run():',
    '    branch = request.args["b"]',
    ...test,
    '    return subprocess.check_output("git checkout " + branch, shell=True)',
  ];

  it('when a Python match is kept as `is not None` and refused when false, then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      py([
        '    valid = re.fullmatch(r"[\\w.-]+", branch) is not None',
        '    if not valid:',
        '        return "bad branch", 400',
      ]),
      'subprocess.check_output(',
      'app/run.py',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the match is tested `is None` in place and refused, then the command is sanitized; when it only prints, it is not', () => {
    const refused = flowAt(
      'command-injection',
      py(['    if re.fullmatch(r"[\\w.-]+", branch) is None:', '        return "bad branch", 400']),
      'subprocess.check_output(',
      'app/run.py',
    );
    expect(refused.outcome).toBe('no-source');
    const printed = flowAt(
      'command-injection',
      py(['    if re.fullmatch(r"[\\w.-]+", branch) is not None:', '        print("ok")']),
      'subprocess.check_output(',
      'app/run.py',
    );
    expect(printed.outcome).toBe('input');
  });

  it('when a Go check is kept with := and refused when false, then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      [
        'package git',
        '',
        'import (',
        '\t"errors"',
        '\t"net/http"',
        '\t"os/exec"',
        '\t"regexp"',
        ')',
        '',
        'var ref = regexp.MustCompile(`^[\\w.-]+$`)',
        '',
        'func Checkout(w http.ResponseWriter, r *http.Request) error {',
        '\tb := r.FormValue("b")',
        '\tvalid := ref.MatchString(b)',
        '\tif !valid {',
        '\t\treturn errors.New("bad ref")',
        '\t}',
        '\treturn exec.Command("sh", "-c", "git checkout "+b).Run()',
        '}',
      ],
      'exec.Command(',
      'git/checkout.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when a TypeScript guard keeps path.relative checks in a const, then the read under the root is sanitized', () => {
    const r = flowAt(
      'path-traversal',
      [
        "import * as fs from 'fs';",
        "import * as path from 'path';",
        '',
        'export function read(root: string, name: string): Buffer {',
        '  const target = path.join(root, name);',
        '  const relative = path.relative(root, target);',
        "  const isSafe = relative && !relative.startsWith('..') && !path.isAbsolute(relative);",
        '  if (!isSafe) {',
        '    throw new Error(`Refusing to read outside ${root}`);',
        '  }',
        '  return fs.readFileSync(target);',
        '}',
      ],
      'fs.readFileSync(',
      'src/read.ts',
    );
    expect(r.outcome).toBe('no-source');
  });
});

// A normalised path found not to start with `..` holds no `..` at all; Node's and Go's joins keep
// it under the base.
describe('normalised paths that do not start with ..', () => {
  const handler = (read: string) => [
    "import { readFile } from 'node:fs/promises';",
    "import { join, normalize } from 'node:path';",
    '',
    'export async function handler(req, res) {',
    '  const rel = normalize(req.query.p);',
    "  if (rel.startsWith('..')) return res.status(400).end();",
    `  res.send(await readFile(${read}));`,
    '}',
  ];

  it('when the normalised path is joined under a base, then the read is sanitized', () => {
    const r = flowAt(
      'path-traversal',
      handler("join('/srv/docs', rel)"),
      'readFile(',
      'api/docs.mjs',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when it is read as it is (it may be absolute), or the path was not normalised, then it is not', () => {
    expect(flowAt('path-traversal', handler('rel'), 'readFile(', 'api/docs.mjs').outcome).toBe(
      'input',
    );
    const raw = handler("join('/srv/docs', rel)").map((l) =>
      l.replace('normalize(req.query.p)', 'req.query.p'),
    );
    expect(flowAt('path-traversal', raw, 'readFile(', 'api/docs.mjs').outcome).toBe('input');
  });

  it('when Go cleans the path and refuses a `..` prefix before joining it under a base, then the read is sanitized', () => {
    const r = flowAt(
      'path-traversal',
      [
        'package docs',
        '',
        'import (',
        '\t"net/http"',
        '\t"os"',
        '\t"path/filepath"',
        '\t"strings"',
        ')',
        '',
        'func Serve(w http.ResponseWriter, r *http.Request) {',
        '\tp := filepath.Clean(r.URL.Query().Get("p"))',
        '\tif strings.HasPrefix(p, "..") {',
        '\t\thttp.Error(w, "bad path", http.StatusBadRequest)',
        '\t\treturn',
        '\t}',
        '\tdata, _ := os.ReadFile(filepath.Join("/srv/docs", p))',
        '\tw.Write(data)',
        '}',
      ],
      'os.ReadFile(',
      'docs/serve.go',
    );
    expect(r.outcome).toBe('no-source');
  });
});

// Java's compiled patterns: `P.matcher(s).matches()` matches all of s; `.find()` only when the
// pattern is anchored; P a static final field, or compiled inline.
describe('Java Pattern.matcher checks', () => {
  const servlet = (field: string, test: string) => [
    'import java.io.IOException;',
    'import java.util.regex.Pattern;',
    'import javax.servlet.http.*;',
    '',
    'public class Ping extends HttpServlet {',
    `    ${field}`,
    '',
    '    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {',
    '        String host = req.getParameter("host");',
    `        if (!${test}) {`,
    '            resp.sendError(400);',
    '            return;',
    '        }',
    '        Runtime.getRuntime().exec("sh -c ping " + host);',
    '    }',
    '}',
  ];
  const at = (lines: string[]) =>
    flowAt('command-injection', lines, 'Runtime.getRuntime().exec(', 'src/main/java/Ping.java')
      .outcome;

  it('when the host must match a static final pattern in full, or an inline one, then the command is sanitized', () => {
    const field = 'private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.-]+");';
    expect(at(servlet(field, 'HOST.matcher(host).matches()'))).toBe('no-source');
    expect(at(servlet('', 'Pattern.compile("[A-Za-z0-9.-]+").matcher(host).matches()'))).toBe(
      'no-source',
    );
  });

  it('when find() looks for an unanchored pattern, or the field is set again elsewhere, then the host is not checked', () => {
    const field = 'private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.-]+");';
    expect(at(servlet(field, 'HOST.matcher(host).find()'))).toBe('input');
    const settable = [
      'private static Pattern HOST = Pattern.compile("^[A-Za-z0-9.-]+$");',
      '    public static void relax() { HOST = Pattern.compile(".*"); }',
    ].join('\n');
    expect(at(servlet(settable, 'HOST.matcher(host).matches()'))).toBe('input');
  });
});

// A value checked not to start with `-`, given as one word of an argument vector to a program
// that runs no shell, is an operand, never an option (`--upload-pack=…`, `--config=…`).
describe('argument vectors whose values cannot be options', () => {
  const py = (check: string[], run: string) => [
    'import subprocess',
    '',
    '',
    'def checkout(repo_dir, ref):',
    ...check,
    `    ${run}`,
  ];
  const refuse = [
    '    if ref.startswith("-"):',
    '        raise ValueError("invalid ref: %r" % ref)',
  ];
  const at = (lines: string[]) =>
    flowAt('command-injection', lines, 'subprocess.check_call(', 'vcs/git.py');

  it('when the ref is refused if it starts with "-" before git runs without a shell, then the command is sanitized', () => {
    const r = at(py(refuse, 'subprocess.check_call(["git", "checkout", ref], cwd=repo_dir)'));
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/operands/);
  });

  it('when a shell runs the command, the program runs its operands, or part of the value is used, then the check does not decide', () => {
    for (const run of [
      'subprocess.check_call("git checkout " + ref, shell=True)',
      'subprocess.check_call(["bash", ref])',
      'subprocess.check_call(["git", "checkout", ref[1:]])',
    ])
      expect(at(py(refuse, run)).outcome, run).not.toBe('no-source');
  });

  it('when the check only prints, then the ref is not checked', () => {
    const r = at(
      py(
        ['    if ref.startswith("-"):', '        print("odd ref")'],
        'subprocess.check_call(["git", "checkout", ref])',
      ),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when Go refuses a leading "-" with strings.HasPrefix before exec.Command, then the command is sanitized', () => {
    const r = flowAt(
      'command-injection',
      [
        'package vcs',
        '',
        'import (',
        '\t"errors"',
        '\t"os/exec"',
        '\t"strings"',
        ')',
        '',
        'func Checkout(dir, ref string) error {',
        '\tif strings.HasPrefix(ref, "-") {',
        '\t\treturn errors.New("invalid ref")',
        '\t}',
        '\tcmd := exec.Command("git", "checkout", ref)',
        '\tcmd.Dir = dir',
        '\treturn cmd.Run()',
        '}',
      ],
      'exec.Command(',
      'vcs/git.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when JS checks one of two values given to spawn, then the other keeps the finding', () => {
    const lines = (args: string) => [
      "const { spawn } = require('child_process');",
      '',
      'module.exports = function open(file, other) {',
      "  if (file.startsWith('-')) throw new Error('invalid file');",
      `  return spawn('xdg-open', ${args});`,
      '};',
    ];
    expect(flowAt('command-injection', lines('[file]'), 'spawn(', 'lib/open.js').outcome).toBe(
      'no-source',
    );
    expect(
      flowAt('command-injection', lines('[file, other]'), 'spawn(', 'lib/open.js').outcome,
    ).not.toBe('no-source');
  });
});

// A guard tried with paths in place reads `os.path.isabs` / `path.isAbsolute` / `filepath.IsAbs`
// of a constant, and `".." in name.split("/")` (membership in a list of constants).
describe('absolute-path and segment guards (Python)', () => {
  const view = (check: string) => [
    'import os',
    'from flask import abort, request, send_file',
    '',
    '',
    'def download():',
    '    name = request.args["f"]',
    `    if ${check}:`,
    '        abort(400)',
    '    return send_file(os.path.join("/srv/files", name))',
  ];
  const at = (check: string) =>
    flowAt('path-traversal', view(check), 'send_file(', 'app/files.py').outcome;

  it('when an absolute name and a .. segment are both refused, then the file sent stays under the base', () => {
    expect(at('os.path.isabs(name) or ".." in name.split("/")')).toBe('no-source');
    expect(at('os.path.isabs(name) or ".." in name')).toBe('no-source');
  });

  it('when only one of them is refused, or the membership is the wrong way round, then the name still climbs out', () => {
    expect(at('".." in name.split("/")')).toBe('input');
    expect(at('os.path.isabs(name)')).toBe('input');
    expect(at('os.path.isabs(name) or ".." not in name.split("/")')).toBe('input');
  });
});

// A list this code builds and grows (`args = []` … `args.append(p)`) is not the command line's
// `args.x` (argparse) a source pattern names: what it appends reaches the command.
describe('a list named args grown by append', () => {
  it('when a request value is appended to a list named args given to a shell, then it reaches the sink', () => {
    const r = flowAt(
      'command-injection',
      [
        'import subprocess',
        '',
        'from flask import request',
        '',
        '',
        'def launch():',
        '    args = ["convert"]',
        '    args.append(request.args["src"])',
        '    return subprocess.Popen(" ".join(args), shell=True)',
      ],
      'subprocess.Popen(',
      'app/launch.py',
    );
    expect(r.outcome).toBe('input');
  });

  it('when only constants are appended, then only constants reach it', () => {
    const r = flowAt(
      'command-injection',
      [
        'import subprocess',
        '',
        '',
        'def launch():',
        '    args = ["convert"]',
        '    args.append("--version")',
        '    return subprocess.Popen(" ".join(args), shell=True)',
      ],
      'subprocess.Popen(',
      'app/launch.py',
    );
    expect(r.outcome).toBe('no-source');
  });
});
