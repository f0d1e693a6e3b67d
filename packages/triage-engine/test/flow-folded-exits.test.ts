import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A condition that folds to a constant and sends every path out of the function (a throw, a
// return) before the sink: the sink never runs. node-windows' fix wrote `if (typeof isNaN(pid))`,
// a string that is always true, so its kill() throws before the taskkill exec for every pid.
const killJs = (check: string) => [
  "var exec = require('child_process').exec;",
  '',
  'module.exports.kill = function (pid, force, callback) {',
  '\tif (!pid) {',
  "\t\tthrow new Error('PID is required');",
  '\t}',
  `\t${check}`,
  '\t\t\tthrow new Error(',
  "\t\t\t\t'PID must be a number.'",
  '\t\t\t);',
  '\t}',
  '\tcallback = callback || function () {};',
  "\tif (typeof force == 'function') {",
  '\t\tcallback = force;',
  '\t\tforce = false;',
  '\t}',
  '\texec(',
  '\t\t"taskkill /PID " + pid + (force == true ? " /f" : ""),',
  '\t\tfunction (err) {',
  '\t\t\tif (callback) callback(err);',
  '\t\t}',
  '\t);',
  '};',
];

describe('a folded condition that leaves before the sink', () => {
  it('typeof of a predicate is always a non-empty string: the exec is never reached', () => {
    const r = flowAt(
      'command-injection',
      killJs('if (typeof isNaN(pid)) {'),
      '"taskkill /PID "',
      'lib/cmd.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/typeof isNaN\(pid\)\) is always true: no path goes past it/);
  });

  it('Array.isArray and Number.isInteger are booleans too; typeof of them is true', () => {
    for (const check of [
      'if (typeof Array.isArray(pid) && true) {',
      'if (typeof Number.isInteger(pid) === "boolean") {',
    ]) {
      const r = flowAt('command-injection', killJs(check), '"taskkill /PID "', 'lib/cmd.js');
      expect(r.outcome, check).toBe('no-source');
    }
  });

  it('near misses: checks of the value itself do not fold (and these do not check it is a number)', () => {
    for (const check of [
      'if (isNaN(pid)) {',
      'if (typeof Array.isArray(pid) === "string") {',
      'if (Array.isArray(pid)) {',
    ]) {
      const r = flowAt('command-injection', killJs(check), '"taskkill /PID "', 'lib/cmd.js');
      expect(r.outcome, check).not.toBe('no-source');
    }
  });

  it('near miss: a local isNaN of the file may return anything', () => {
    const lines = killJs('if (typeof isNaN(pid) === "boolean") {');
    lines.push('function isNaN(x) {', '\treturn x.length ? undefined : false;', '}');
    const r = flowAt('command-injection', lines, '"taskkill /PID "', 'lib/cmd.js');
    expect(r.outcome).not.toBe('no-source');
  });

  it('near miss: only one branch leaves; the other reaches the exec', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { exec } = require('child_process');",
        'exports.kill = (pid, force) => {',
        '  if (force) {',
        '    if (typeof isNaN(pid)) return;',
        '  }',
        "  exec('taskkill /PID ' + pid);",
        '};',
      ],
      "exec('taskkill",
      'kill.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('near miss: a function declared after the exit is hoisted and may still be called', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { exec } = require('child_process');",
        'exports.kill = (pid) => {',
        '  if (true) return run;',
        '  function run() {',
        "    exec('taskkill /PID ' + pid);",
        '  }',
        '};',
      ],
      "exec('taskkill",
      'kill.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('a loop whose constant check breaks before the sink never runs it', () => {
    const r = flowAt(
      'command-injection',
      [
        "const { execSync } = require('child_process');",
        'module.exports = function (names) {',
        '  for (const name of names) {',
        '    if (typeof Number.isNaN(name)) break;',
        '    execSync(`git branch -D ${name}`);',
        '  }',
        '};',
      ],
      'execSync(`git',
      'branches.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('Python: a constant `if` that raises before the call', () => {
    const r = flowAt(
      'command-injection',
      [
        'import os',
        'import subprocess',
        '',
        'DEBUG = False',
        '',
        '',
        'def run(cmd):',
        '    if not DEBUG:',
        '        raise RuntimeError(',
        '            "disabled"',
        '        )',
        '    subprocess.call(cmd, shell=True)',
      ],
      'subprocess.call',
      'tools/run.py',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/not DEBUG is always true: no path goes past it/);
  });

  it('Python near miss: the module constant is rebound elsewhere, so it is not folded', () => {
    const r = flowAt(
      'command-injection',
      [
        'import subprocess',
        '',
        'DEBUG = False',
        '',
        '',
        'def enable():',
        '    global DEBUG',
        '    DEBUG = True',
        '',
        '',
        'def run(cmd):',
        '    if not DEBUG:',
        '        raise RuntimeError("disabled")',
        '    subprocess.call(cmd, shell=True)',
      ],
      'subprocess.call',
      'tools/run.py',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('Go: a constant that returns before the exec', () => {
    const r = flowAt(
      'command-injection',
      [
        'package tools',
        '',
        'import (',
        '\t"net/http"',
        '\t"os/exec"',
        ')',
        '',
        'const enabled = false',
        '',
        'func Run(w http.ResponseWriter, r *http.Request) {',
        '\tif !enabled {',
        '\t\thttp.Error(w, "disabled", http.StatusForbidden)',
        '\t\treturn',
        '\t}',
        '\tout, _ := exec.Command("sh", "-c", r.URL.Query().Get("cmd")).Output()',
        '\tw.Write(out)',
        '}',
      ],
      'exec.Command',
      'tools/run.go',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('Java: `if (true) throw` before the exec', () => {
    const r = flowAt(
      'command-injection',
      [
        'package org.example;',
        '',
        'import javax.servlet.http.HttpServletRequest;',
        '',
        'public class Runner {',
        '    private static final boolean ENABLED = false;',
        '',
        '    public void run(HttpServletRequest req) throws Exception {',
        '        if (!ENABLED) {',
        '            throw new IllegalStateException("disabled");',
        '        }',
        '        Runtime.getRuntime().exec(req.getParameter("cmd"));',
        '    }',
        '}',
      ],
      'Runtime.getRuntime().exec',
      'src/main/java/org/example/Runner.java',
    );
    expect(r.outcome).toBe('no-source');
  });
});
