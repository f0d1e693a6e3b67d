import { describe, expect, it } from 'vitest';
import { triageFinding } from '../src/index.js';
import { BALANCED, finding, flowAt, lineOf, source } from './build.js';

// A shell given a constant script is not "only constants" when its standard input carries
// other data: the script can read it (`$(cat)`, `read`, `xargs`) and expand it unquoted. Such a
// finding stays undecided (TRUE_POSITIVE on the rule's reputation, with the reason); stdin from
// DEVNULL, none at all, or a constant keeps the constant verdict.
const ci = (lines: string[], marker: string, uri: string) =>
  flowAt('command-injection', lines, marker, uri);

const PY_VIEWER = (stdin: string) => [
  'import os',
  'import subprocess',
  'import tempfile',
  '',
  '',
  'class Viewer:',
  '    def show_file(self, file, **options):',
  '        fd, path = tempfile.mkstemp()',
  '        with os.fdopen(fd, "w") as f:',
  '            f.write(file)',
  '        with open(path) as f:',
  '            subprocess.Popen(',
  '                ["im=$(cat); xdg-open $im; rm -f $im"],',
  '                shell=True,',
  `                ${stdin}`,
  '            )',
  '        os.remove(path)',
  '        return 1',
];

describe('a shell reading data on its standard input: Python', () => {
  it('when a constant script reads a file passed as stdin, then the flow is undecided, not constant', () => {
    const r = ci(PY_VIEWER('stdin=f,'), 'subprocess.Popen(', 'PIL/viewer.py');
    expect(r.outcome).toBe('undecided');
    expect(r.notConstant).toBe(true);
    expect(r.reason).toMatch(/standard input \(stdin=f: f is not a constant\)/);
  });

  it('when stdin is DEVNULL, then only constants reach the shell', () => {
    const r = ci(PY_VIEWER('stdin=subprocess.DEVNULL,'), 'subprocess.Popen(', 'PIL/viewer.py');
    expect(r.outcome).toBe('no-source');
  });

  it('when there is no stdin at all, then only constants reach the shell', () => {
    const r = ci(PY_VIEWER('close_fds=True,'), 'subprocess.Popen(', 'PIL/viewer.py');
    expect(r.outcome).toBe('no-source');
  });

  it('when run() is given input= from the caller, then it is undecided', () => {
    const r = ci(
      [
        'import subprocess as sp',
        '',
        'def convert(data):',
        '    out = sp.run("read name; convert $name out.png", shell=True,',
        '                 input=data, capture_output=True)',
        '    return out.stdout',
      ],
      'sp.run(',
      'tools/convert.py',
    );
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/input=data/);
  });

  it('when input= is a literal, then only constants reach the shell', () => {
    const r = ci(
      [
        'import subprocess',
        '',
        'def reset():',
        '    subprocess.run("xargs rm -f", shell=True, input=b"/tmp/a.lock\\n", check=True)',
      ],
      'subprocess.run(',
      'tools/reset.py',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when stdin=PIPE is written with communicate(), then what is written decides', () => {
    const lines = (arg: string) => [
      'from subprocess import Popen, PIPE',
      '',
      'def feed(names):',
      "\tproc = Popen('xargs -n1 echo', shell=True, stdin=PIPE)",
      `\tproc.communicate(${arg})`,
      '\treturn proc.returncode',
    ];
    expect(ci(lines("'\\n'.join(names).encode()"), 'Popen(', 'jobs/feed.py').outcome).toBe(
      'undecided',
    );
    expect(ci(lines("b'a\\nb\\n'"), 'Popen(', 'jobs/feed.py').outcome).toBe('no-source');
  });

  it('when the argv is sh -c with a constant script and stdin from a request body, then it is undecided', () => {
    const r = ci(
      [
        'import subprocess',
        'from flask import request',
        '',
        '@app.post("/thumb")',
        'def thumb():',
        '    return subprocess.check_output(["/bin/sh", "-c", "f=$(cat); file $f"],',
        '                                   input=request.get_data())',
      ],
      'subprocess.check_output(',
      'app/views.py',
    );
    expect(r.outcome).toBe('undecided');
  });

  it('when a finding on it is triaged, then it is not called a false positive from the literal', () => {
    const text = PY_VIEWER('stdin=f,').join('\n');
    const line = lineOf(text, 'subprocess.Popen(');
    const v = triageFinding(
      finding({
        uri: 'PIL/viewer.py',
        line,
        ruleId: 'B602',
        tool: 'bandit',
        message: 'subprocess call with shell=True identified, security issue.',
        properties: { issue_confidence: 'HIGH' },
      }),
      source({ 'PIL/viewer.py': text }),
      BALANCED,
    );
    expect(v.classification).toBe('TRUE_POSITIVE');
    expect(v.evidence.some((e) => e.signal === 'literal_argument')).toBe(false);
    expect(v.evidence.find((e) => e.signal === 'flow_reconstructed_undecided')?.detail).toMatch(
      /standard input/,
    );
  });
});

describe('a shell reading data on its standard input: JavaScript', () => {
  it('when execSync runs a constant script with { input } from the caller, then it is undecided', () => {
    const r = ci(
      [
        "'use strict'",
        "var cp = require('child_process')",
        '',
        'module.exports = function notify (message) {',
        "\treturn cp.execSync('read msg; notify-send $msg', {",
        "\t\tencoding: 'utf8',",
        '\t\tinput: message',
        '\t})',
        '}',
      ],
      'cp.execSync(',
      'lib/notify.js',
    );
    expect(r.outcome).toBe('undecided');
    expect(r.notConstant).toBe(true);
  });

  it('when the child of exec is written to through its stdin, then it is undecided', () => {
    const r = ci(
      [
        "import { exec } from 'node:child_process'",
        '',
        'export function open(file) {',
        "  const child = exec('xargs xdg-open')",
        '  child.stdin.end(file)',
        '  return child',
        '}',
      ],
      "exec('xargs",
      'src/open.mjs',
    );
    expect(r.outcome).toBe('undecided');
  });

  it('when a request stream is piped into a shell spawned with sh -c, then it is undecided', () => {
    const r = ci(
      [
        "const { spawn } = require('child_process')",
        '',
        "app.post('/lines', (req, res) => {",
        "  const sh = spawn('sh', ['-c', 'while read l; do echo $l; done'])",
        '  req.pipe(sh.stdin)',
        '  sh.stdout.pipe(res)',
        '})',
      ],
      "spawn('sh'",
      'server.js',
    );
    expect(r.outcome).toBe('undecided');
  });

  it('when exec has no input, or the same spawn runs no shell, then only constants reach it', () => {
    expect(
      ci(
        [
          "const { exec } = require('child_process')",
          '',
          'function cleanup(cb) {',
          "  exec('rm -rf /tmp/build-cache', cb)",
          '}',
          'module.exports = cleanup',
        ],
        'exec(',
        'lib/cleanup.js',
      ).outcome,
    ).toBe('no-source');
    expect(
      ci(
        [
          "const { spawn } = require('child_process')",
          '',
          "app.post('/count', (req, res) => {",
          "  const wc = spawn('wc', ['-l'])",
          '  req.pipe(wc.stdin)',
          '  wc.stdout.pipe(res)',
          '})',
        ],
        "spawn('wc'",
        'server.js',
      ).outcome,
    ).toBe('no-source');
  });
});

describe('a shell reading data on its standard input: Go', () => {
  const handler = (stdin: string) => [
    'package jobs',
    '',
    'import (',
    '\t"net/http"',
    '\t"os/exec"',
    '\t"strings"',
    ')',
    '',
    'func Render(w http.ResponseWriter, r *http.Request) {',
    '\tname := r.URL.Query().Get("name")',
    '\tcmd := exec.Command("sh", "-c", "read n; figlet $n")',
    `\t${stdin}`,
    '\tout, _ := cmd.Output()',
    '\tw.Write(out)',
    '}',
  ];

  it('when cmd.Stdin is a reader over request input, then it is undecided', () => {
    const r = ci(handler('cmd.Stdin = strings.NewReader(name)'), 'exec.Command(', 'jobs/render.go');
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/cmd\.Stdin/);
  });

  it('when cmd.Stdin reads a constant, then only constants reach the shell', () => {
    const r = ci(
      handler('cmd.Stdin = strings.NewReader("hello")'),
      'exec.Command(',
      'jobs/render.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the stdin pipe is written into, then it is undecided', () => {
    const r = ci(
      handler('in, _ := cmd.StdinPipe(); go func() { in.Write([]byte(name)); in.Close() }()'),
      'exec.Command(',
      'jobs/render.go',
    );
    expect(r.outcome).toBe('undecided');
  });
});
