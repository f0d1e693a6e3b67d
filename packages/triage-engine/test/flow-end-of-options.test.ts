import { describe, expect, it } from 'vitest';
import { flowAt } from './build.js';

// A command run from an argument vector without a shell, its outside values all after a literal
// `--`: they are operands, never options, so the argument injection (`--upload-pack=…`) it is
// reported for cannot happen. Each form sits beside its near misses: the value before the `--`,
// no `--` at all, a shell, a program chosen at run time.
const py = (call: string[], marker = 'subprocess.run(') =>
  flowAt(
    'command-injection',
    [
      'import subprocess',
      'from flask import request',
      '',
      '',
      'def branches():',
      "    url = request.args['repo']",
      '    try:',
      ...call,
      '    except subprocess.CalledProcessError:',
      '        raise',
    ],
    marker,
    'app/vcs.py',
  );

const goHandler = (body: string[], marker: string) =>
  flowAt(
    'command-injection',
    [
      'package getter',
      '',
      'import (',
      '\t"net/http"',
      '\t"os/exec"',
      ')',
      '',
      'func clone(w http.ResponseWriter, r *http.Request) {',
      ...body,
      '}',
    ],
    marker,
    'getter/hg.go',
  );

describe('command arguments after "--"', () => {
  it('when a request value comes after "--" in a subprocess list (multi-line call), then no option can be injected', () => {
    const r = py([
      '        out = subprocess.run(',
      '            ["git", "ls-remote", "--heads", "--", url],',
      '            capture_output=True,',
      '            check=True,',
      '        )',
    ]);
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(r.reason).toMatch(/git is run without a shell .* after "--"/);
    expect(r.path[0]).toMatchObject({ kind: 'sanitizer', code: '--' });
  });

  it('when the request value comes before the "--", then it still reaches the sink as input', () => {
    const r = py([
      '        out = subprocess.run(["git", "ls-remote", url, "--", "HEAD"], check=True)',
    ]);
    expect(r.outcome).toBe('input');
  });

  it('when the list has no "--", then the request value reaches the sink as input', () => {
    const r = py([
      '        out = subprocess.run(["git", "ls-remote", "--heads", url], check=True)',
    ]);
    expect(r.outcome).toBe('input');
  });

  it('when shell=True runs the list, then "--" protects nothing', () => {
    const r = py([
      '        out = subprocess.run(["git", "ls-remote", "--", url], shell=True, check=True)',
    ]);
    expect(r.outcome).toBe('input');
  });

  it('when the program runs its operands (a shell given a script file, ssh, env, python), then "--" keeps nothing safe', () => {
    for (const argv of [
      '"bash", "--", url',
      '"ssh", "build-host", "--", url',
      '"/usr/bin/env", "--", url',
      '"python3", "--", url',
    ])
      expect(py([`        out = subprocess.run([${argv}], check=True)`]).outcome, argv).toBe(
        'input',
      );
  });

  it('when the program is sh -c, then the words after "--" are still a script’s arguments and the flow decides', () => {
    const r = py(['        out = subprocess.run(["sh", "-c", "--", url], check=True)']);
    expect(r.outcome).toBe('input');
  });

  it('when exec.Command puts the URL after "--" (Go, tabs), then no option can be injected', () => {
    const r = goHandler(
      [
        '\tsrc := r.URL.Query().Get("src")',
        '\tcmd := exec.CommandContext(r.Context(), "hg", "clone", "-U", "--", src, "/tmp/dst")',
        '\t_ = cmd.Run()',
      ],
      'exec.CommandContext(',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/^hg is run without a shell/);
  });

  it('when the Go program itself comes from the request, then "--" does not help', () => {
    const r = goHandler(
      [
        '\ttool := r.URL.Query().Get("tool")',
        '\t_ = exec.Command(tool, "clone", "--", "https://example.org/x").Run()',
      ],
      'exec.Command(',
    );
    expect(r.outcome).toBe('input');
  });

  it('when spawn is given an array with the value after "--" (JS), then no option can be injected; with shell: true it can', () => {
    const lines = (opts: string) => [
      "const { spawn } = require('child_process');",
      '',
      'module.exports = function fetchRepo(req, res) {',
      '  const remote = req.query.remote;',
      `  const child = spawn('git', ['fetch', '--', remote]${opts});`,
      "  child.on('close', (code) => res.sendStatus(code ? 500 : 204));",
      '};',
    ];
    const safe = flowAt('command-injection', lines(''), 'spawn(', 'lib/fetch.js');
    expect(safe.outcome).toBe('no-source');
    const shell = flowAt('command-injection', lines(', { shell: true }'), 'spawn(', 'lib/fetch.js');
    expect(shell.outcome).toBe('input');
  });

  it('when ProcessBuilder gets the value after "--" (Java, varargs or List.of), then no option can be injected', () => {
    const lines = (args: string) => [
      'import javax.servlet.http.HttpServletRequest;',
      '',
      'public class Fetcher {',
      '    public Process fetch(HttpServletRequest request) throws java.io.IOException {',
      '        String remote = request.getParameter("remote");',
      `        return new ProcessBuilder(${args}).start();`,
      '    }',
      '}',
    ];
    const safe = flowAt(
      'command-injection',
      lines('"git", "fetch", "--", remote'),
      'new ProcessBuilder(',
      'src/main/java/Fetcher.java',
    );
    expect(safe.outcome).toBe('no-source');
    const before = flowAt(
      'command-injection',
      lines('"git", "fetch", remote, "--"'),
      'new ProcessBuilder(',
      'src/main/java/Fetcher.java',
    );
    expect(before.outcome).not.toBe('no-source');
    const listed = flowAt(
      'command-injection',
      lines('List.of("git", "fetch", "--", remote)'),
      'new ProcessBuilder(',
      'src/main/java/Fetcher.java',
    );
    expect(listed.outcome).toBe('no-source');
  });
});

describe('command arguments after "--" in a Go slice', () => {
  const withArgs = (slice: string, more: string[] = []) =>
    goHandler(
      [
        '\tsrc := r.URL.Query().Get("src")',
        `\targs := []string{${slice}}`,
        ...more,
        '\tcmd := exec.Command("git", args...)',
        '\t_ = cmd.Run()',
      ],
      'exec.Command(',
    );

  it('when the slice spread into exec.Command puts the URL after "--", then no option can be injected', () => {
    expect(withArgs('"clone", "--", src, "/tmp/dst"').outcome).toBe('no-source');
  });

  it('when the slice has no "--", or something is appended to it later, then the request value reaches the command', () => {
    expect(withArgs('"clone", src, "/tmp/dst"').outcome).toBe('input');
    expect(withArgs('"clone", "--", "/tmp/dst"', ['\targs = append(args, src)']).outcome).toBe(
      'input',
    );
  });
});
