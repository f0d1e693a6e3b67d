import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Shell commands guarded the ways CLI wrappers write it: a search for any character outside a
// set found false (`/[^\w/.-]/.test(x)`, `re.search(r'[^\w.-]', x)`), a pattern kept in a
// `const` or a package-level `regexp.MustCompile`, look-arounds in an anchored pattern, a
// blocklist of every control character (`strings.ContainsAny`), and the shell-escape package
// under whatever name it is imported. Near misses keep a blank or a newline, invert the check,
// or define the escaping function in the file.
const cmd = (lines: string[], marker: string, uri: string) =>
  flowAt('command-injection', lines, marker, uri);

describe('a search for a character outside the allowed set, found false', () => {
  const js = (cls: string, sense = '') => [
    "const { exec } = require('child_process');",
    '',
    'module.exports = function checkout(branch, cb) {',
    `  if (branch.startsWith('-') || ${sense}/${cls}/.test(branch)) {`,
    "    return cb(new Error('invalid branch name'));",
    '  }',
    "  exec('git checkout ' + branch, { cwd: process.cwd() }, cb);",
    '};',
  ];

  it('when the class leaves only word characters, dots, slashes and dashes, then the command is safe', () => {
    const r = cmd(js('[^\\w/.-]'), "  exec('git checkout '", 'lib/git.js');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/\(false: only characters harmless here are left\)/);
  });

  it('when the class lets a blank through, then it is not', () => {
    expect(cmd(js('[^\\w /.-]'), "  exec('git checkout '", 'lib/git.js').outcome).not.toBe(
      'no-source',
    );
  });

  it('when the check is inverted (refusing a name made only of safe characters), then it is not', () => {
    expect(cmd(js('[^\\w/.-]', '!'), "  exec('git checkout '", 'lib/git.js').outcome).not.toBe(
      'no-source',
    );
  });

  it('reads Python re.search of a negated class the same way', () => {
    const py = (pattern: string) => [
      'import re',
      'import subprocess',
      '',
      '',
      'def checkout(branch):',
      `    if re.search(r"${pattern}", branch) or branch.startswith("-"):`,
      '        raise ValueError("invalid branch %r" % branch)',
      '    subprocess.check_call(',
      '        "git checkout " + branch,',
      '        shell=True,',
      '    )',
    ];
    expect(cmd(py('[^\\w/.-]'), '    subprocess.check_call(', 'tools/git.py').outcome).toBe(
      'no-source',
    );
    expect(cmd(py('[^\\w/.;-]'), '    subprocess.check_call(', 'tools/git.py').outcome).not.toBe(
      'no-source',
    );
  });
});

describe('an anchored pattern kept in a constant', () => {
  const ts = (decl: string, pattern: string) => [
    "import { exec } from 'node:child_process';",
    '',
    'export async function lookup(domain: string): Promise<string> {',
    `  ${decl} valid = ${pattern};`,
    '  if (!valid.test(domain)) {',
    '    throw new Error(`Invalid domain: ${domain}`);',
    '  }',
    '  return new Promise((res, rej) =>',
    '    exec(`whois ${domain}`, (e, out) => (e ? rej(e) : res(out))),',
    '  );',
    '}',
  ];
  const DOMAIN = '/^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\\.[A-Za-z]{2,})+$/';

  it('when a const holds the pattern, look-arounds and all, then the command is safe', () => {
    expect(cmd(ts('const', DOMAIN), '    exec(`whois', 'src/whois.ts').outcome).toBe('no-source');
  });

  it('when the pattern is not anchored at the end, then it is not', () => {
    const open = DOMAIN.replace('+$/', '+/');
    expect(cmd(ts('const', open), '    exec(`whois', 'src/whois.ts').outcome).not.toBe('no-source');
  });

  it('when the pattern sits in a let the function may change, then it is not read', () => {
    const lines = ts('let', DOMAIN);
    lines.splice(4, 0, '  if (domain.endsWith(".local")) valid = /./;');
    expect(cmd(lines, '    exec(`whois', 'src/whois.ts').outcome).not.toBe('no-source');
  });

  it('reads a Go package-level regexp.MustCompile checked with MatchString', () => {
    const go = (pattern: string) => [
      'package git',
      '',
      'import (',
      '\t"fmt"',
      '\t"os/exec"',
      '\t"regexp"',
      ')',
      '',
      `var validRef = regexp.MustCompile(\`${pattern}\`)`,
      '',
      'func Checkout(dir, ref string) error {',
      '\tif !validRef.MatchString(ref) {',
      '\t\treturn fmt.Errorf("invalid ref %q", ref)',
      '\t}',
      '\tcmd := exec.Command("sh", "-c", "git checkout "+ref)',
      '\tcmd.Dir = dir',
      '\treturn cmd.Run()',
      '}',
    ];
    expect(cmd(go('^[a-zA-Z0-9._/-]+$'), '\tcmd := exec.Command', 'git/checkout.go').outcome).toBe(
      'no-source',
    );
    expect(
      cmd(go('^[a-zA-Z0-9._/ -]+$'), '\tcmd := exec.Command', 'git/checkout.go').outcome,
    ).not.toBe('no-source');
  });
});

describe('a blocklist of every shell control character', () => {
  const go = (chars: string) => [
    'package git',
    '',
    'import (',
    '\t"errors"',
    '\t"os/exec"',
    '\t"strings"',
    ')',
    '',
    'func Fetch(remote string) error {',
    `\tif strings.HasPrefix(remote, "-") || strings.ContainsAny(remote, "${chars}") {`,
    '\t\treturn errors.New("bad remote")',
    '\t}',
    '\treturn exec.Command("bash", "-c", "git fetch "+remote).Run()',
    '}',
  ];

  it('when strings.ContainsAny refuses control characters, blanks and newlines (escapes read), then the command is safe', () => {
    const r = cmd(go(';&|`$<> \\t\\n(){}'), '\treturn exec.Command', 'git/fetch.go');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/\(false: it holds no shell control character/);
  });

  it('when the blocklist forgets the newline or the brace, then it is not', () => {
    expect(cmd(go(';&|`$<> \\t\\n()'), '\treturn exec.Command', 'git/fetch.go').outcome).not.toBe(
      'no-source',
    );
    expect(cmd(go(';&|`$<> \\t(){}'), '\treturn exec.Command', 'git/fetch.go').outcome).not.toBe(
      'no-source',
    );
  });

  it('when a JavaScript class of the same characters is found false, then the command is safe', () => {
    const lines = [
      "const { execSync } = require('child_process');",
      'exports.fetch = (remote) => {',
      '  if (/^-|[;&|`$<>(){}\\s]/.test(remote)) {',
      "    throw new Error('bad remote');",
      '  }',
      "  return execSync('git fetch ' + remote);",
      '};',
    ];
    // `^-|…` is an alternation, not one class: not read.
    expect(cmd(lines, "  return execSync('git fetch '", 'lib/fetch.js').outcome).not.toBe(
      'no-source',
    );
    lines[2] = "  if (remote.startsWith('-') || /[;&|`$<>(){}\\s]/.test(remote)) {";
    expect(cmd(lines, "  return execSync('git fetch '", 'lib/fetch.js').outcome).toBe('no-source');
    // Without the brace, bash splits {--upload-pack=x,origin} into two arguments.
    lines[2] = "  if (remote.startsWith('-') || /[;&|`$<>()\\s]/.test(remote)) {";
    expect(cmd(lines, "  return execSync('git fetch '", 'lib/fetch.js').outcome).not.toBe(
      'no-source',
    );
  });
});

describe('the shell-escape package under any name', () => {
  const lines = (extra: string[] = []) => [
    "const cp = require('child_process');",
    "const shellEscape = require('shell-escape');",
    ...extra,
    '',
    'module.exports = (dir) =>',
    '  cp.execSync(`ls -la ${shellEscape([dir])}`, { encoding: "utf8" });',
  ];

  it('when a default import of shell-escape quotes the argument, then the command is safe', () => {
    expect(cmd(lines(), '  cp.execSync(', 'lib/ls.js').outcome).toBe('no-source');
  });

  it('when the file defines its own shellEscape that quotes nothing, then its body decides', () => {
    const own = [
      "const cp = require('child_process');",
      'function shellEscape(parts) {',
      "  return parts.join(' ');",
      '}',
      '',
      'module.exports = (dir) =>',
      '  cp.execSync(`ls -la ${shellEscape([dir])}`, { encoding: "utf8" });',
    ];
    expect(cmd(own, '  cp.execSync(', 'lib/ls.js').outcome).not.toBe('no-source');
  });
});

// Group 6, opened: a quoting helper that doubles single quotes, the same value put back inside a
// quote the command opened (command-exists 1.2.3), and a blocklist on a destructured option
// (get-npm-package-version).
describe('single-quoted values and where they are put', () => {
  const file = (sink: string) => [
    "var exec = require('child_process').exec;",
    '',
    'var cleanInput = function(input) {',
    "  return '\\''  + input.replace(/'/g, '\\'\\'') + '\\'';",
    '}',
    '',
    'var existsUnix = function(cleaned, callback) {',
    `  var child = exec(${sink},`,
    '    function (error, stdout) {',
    '      callback(null, !!stdout);',
    '    });',
    '};',
    '',
    'module.exports = function commandExists(commandName, callback) {',
    '  var cleaned = cleanInput(commandName);',
    '  existsUnix(cleaned, callback);',
    '};',
  ];

  it('when each quote is doubled inside single quotes, then the value is one word', () => {
    const r = cmd(
      file(
        "'command -v ' + cleaned + ' 2>/dev/null' + ' && { echo >&1 ' + cleaned + '; exit 0; }'",
      ),
      '  var child = exec(',
      'lib/command-exists.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the quoted value is put inside a quote the command opened, then its quotes close it', () => {
    const r = cmd(
      file(
        "'command -v ' + cleaned + ' 2>/dev/null' + ' && { echo >&1 \\'' + cleaned + ' found\\'; exit 0; }'",
      ),
      '  var child = exec(',
      'lib/command-exists.js',
    );
    expect(r.outcome).not.toBe('no-source');
    expect(r.reason).toMatch(/put inside a quote already open/);
  });

  it('reads the same in a template literal', () => {
    const ok = cmd(file('`command -v ${cleaned} 2>/dev/null`'), '  var child = exec(', 'lib/ce.js');
    expect(ok.outcome).toBe('no-source');
    const bad = cmd(file("`echo '${cleaned} found'`"), '  var child = exec(', 'lib/ce.js');
    expect(bad.outcome).not.toBe('no-source');
  });
});

describe('a blocklist on a destructured option', () => {
  const lines = (flags: string, chars = '`$&{}[;|<>#\\n \\t()') => [
    "'use strict';",
    '',
    "const getVersion = function (packageName, { registry = '', timeout = null } = {}) {",
    '  try {',
    `    if (/[${chars}]/${flags}.test(packageName) || /[${chars}]/${flags}.test(registry)) {`,
    '      return null;',
    '    }',
    "    return require('child_process').execSync(`npm view ${packageName} version --registry ${registry}`, { timeout });",
    '  } catch (err) {',
    '    return null;',
    '  }',
    '};',
    '',
    'module.exports = getVersion;',
  ];

  it('when both the parameter and the option are refused every control character (\\n, \\t read), then the command is safe', () => {
    expect(cmd(lines('g'), "    return require('child_process')", 'index.js').outcome).toBe(
      'no-source',
    );
  });

  it('when the option is not checked, then it is not', () => {
    const l = lines('g');
    l[4] = '    if (/[`$&{}[;|<>#\\n \\t()]/g.test(packageName)) {';
    expect(cmd(l, "    return require('child_process')", 'index.js').outcome).not.toBe('no-source');
  });

  it('when the inline regex is sticky, then a failed search says nothing past the first character', () => {
    expect(cmd(lines('y'), "    return require('child_process')", 'index.js').outcome).not.toBe(
      'no-source',
    );
  });
});
