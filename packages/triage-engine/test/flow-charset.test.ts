import { describe, expect, it } from 'vitest';
import {
  anchoredPatternFits,
  keptByAnchoredPattern,
  keptByNegatedClass,
} from '../src/flow/charset.js';
import { flowAt, pathText } from './build.js';

// A value stripped of every character outside a set holds only that set: safe when the set
// fits the sink. Beside each: a set that keeps a metacharacter, blanks, or both dots and slashes.
describe('values stripped to a set of characters', () => {
  it('reads the characters a negated class keeps besides letters and digits', () => {
    expect([...keptByNegatedClass('[^\\w.\\-/]')!].sort()).toEqual(['-', '.', '/', '_']);
    expect([...keptByNegatedClass('[^a-zA-Z0-9]+')!]).toEqual([]);
    expect(keptByNegatedClass('[^\\p{L}]')).toBeNull();
    expect(keptByNegatedClass('[a-z]')).toBeNull();
  });

  const js = (strip: string) => [
    "const { exec } = require('child_process');",
    '',
    'module.exports = function log(req, res) {',
    `  const branch = req.query.branch${strip};`,
    "  exec('git log --oneline ' + branch, (err, out) => res.send(out));",
    '};',
  ];

  it('when a request value is stripped to word characters, dots, dashes and slashes before a shell command (JS), then it is sanitized', () => {
    const r = flowAt(
      'command-injection',
      js(".replace(/[^\\w.\\-\\/]/g, '')"),
      'exec(',
      'lib/log.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/only characters harmless here are left/);
  });

  it('when the kept set holds a semicolon or blanks, or the replace is not global, then it reaches the shell as input', () => {
    for (const strip of [
      ".replace(/[^\\w;]/g, '')",
      ".replace(/[^\\w\\s]/g, '')",
      ".replace(/[^\\w.\\-]/, '')",
      ".replace(/[^\\w.\\-]/g, '_x;')",
    ])
      expect(flowAt('command-injection', js(strip), 'exec(', 'lib/log.js').outcome).toBe('input');
  });

  it('when a Python value is stripped with re.sub to letters, digits and dots, then a path joined from it cannot climb; with dots and slashes kept it can', () => {
    const py = (cls: string) => [
      'import os',
      'import re',
      'from flask import request, send_file',
      '',
      'BASE = "/srv/reports"',
      '',
      '',
      'def report():',
      '    name = request.args["name"]',
      `    name = re.sub(r"${cls}", "", name)`,
      '    return send_file(os.path.join(BASE, name))',
    ];
    expect(
      flowAt('path-traversal', py('[^A-Za-z0-9.]'), 'send_file(', 'app/reports.py').outcome,
    ).toBe('no-source');
    expect(
      flowAt('path-traversal', py('[^A-Za-z0-9./]'), 'send_file(', 'app/reports.py').outcome,
    ).toBe('input');
  });
});

// A value that matched an anchored pattern holds what the pattern lets through: read like a
// stripped set, so an allow-list that keeps `;`, a blank, a backtick (`[A-z]`) or any character
// (`.`, `\\D`, `[^…]`, `^a|b$`) does not sanitize a shell command.
describe('values checked against an anchored pattern', () => {
  it('reads the characters an anchored pattern lets through besides letters and digits', () => {
    const kept = (p: string, full = false) => {
      const k = keptByAnchoredPattern(p, full);
      return k && [...k].sort().join('');
    };
    expect(kept('^[\\w.-]+$')).toBe('-._');
    expect(kept('^(?:[a-z0-9]+-)*[a-z0-9]+$')).toBe('-');
    expect(kept('^[0-9]{1,5}$')).toBe('');
    expect(kept('[a-f0-9]{40}', true)).toBe('');
    expect(kept('^[A-z]+$')).toBe('[\\]^_`');
    expect(kept('^[\\w\\s]+$')).toContain('\n');
    // Look-arounds narrow the match and add nothing; named groups are groups.
    expect(kept('^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\\.[A-Za-z]{2,})+$')).toBe('-.');
    expect(kept('^(?=.{1,64}$)(?!.*\\.\\.)[\\w.]+$')).toBe('._');
    expect(kept('^(?<user>[a-z]+)@(?P<host>[a-z.]+)$')).toBe('.@');
    for (const wild of ['^.{1,64}$', '^\\D+$', '^[^;]+$', '^a|b$', '^(?i)[a-z]+$', '[a-z]+$'])
      expect(keptByAnchoredPattern(wild, false), wild).toBeNull();
    expect(keptByAnchoredPattern('a|b', true)).not.toBeNull();
  });

  it('fits the sink by the same character rule as a stripped value', () => {
    expect(anchoredPatternFits('command-injection', '^[\\w.-]+$', false)).toBe(true);
    expect(anchoredPatternFits('command-injection', '^[\\w;]+$', false)).toBe(false);
    expect(anchoredPatternFits('path-traversal', '^[\\w.-]+$', false)).toBe(true);
    expect(anchoredPatternFits('path-traversal', '^[\\w./-]+$', false)).toBe(false);
    expect(anchoredPatternFits('sql-injection', "^[\\w' ]+$", false)).toBe(false);
    // A redirect or a fetched URL: a slug fits, anything holding a host or a path does not.
    expect(anchoredPatternFits('open-redirect', '^[a-z0-9-]+$', false)).toBe(true);
    expect(anchoredPatternFits('open-redirect', '^/[a-z/]+$', false)).toBe(false);
    expect(anchoredPatternFits('ssrf', '^https?://[\\w.-]+/?$', false)).toBe(false);
    // A class without a character rule takes any pattern that is read.
    expect(anchoredPatternFits('weak-hash', '^/[a-z/]+$', false)).toBe(true);
  });

  // mysql_mcp_server 0.3.0: table names from a resource URI checked by a helper that raises.
  const identifier = (pattern: string) => [
    'import re',
    'from mysql.connector import connect',
    '',
    'def validate_identifier(name: str) -> str:',
    `    if not re.match(r'${pattern}', name):`,
    '        raise ValueError(f"Invalid identifier {name!r}")',
    '    return name',
    '',
    'def read_resource(uri):',
    '    parts = str(uri)[8:].split("/")',
    '    table = validate_identifier(parts[0])',
    '    with connect(**CONFIG) as conn:',
    '        with conn.cursor() as cursor:',
    '            cursor.execute(f"SELECT * FROM `{table}` LIMIT 100")  # sink',
    '            return cursor.fetchall()',
  ];

  it('when a helper refuses SQL identifiers outside letters, digits, _ and $, then the query is sanitized', () => {
    const r = flowAt('sql-injection', identifier('^[a-zA-Z0-9_$]+$'), '# sink', 'server.py');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/validate_identifier/);
  });

  it('when the identifier pattern lets a blank, a backtick or any character through, then it is not', () => {
    for (const pattern of ['^[a-zA-Z0-9_$ ]+$', '^[\\w$`]+$', '^[\\w$].*$'])
      expect(flowAt('sql-injection', identifier(pattern), '# sink', 'server.py').outcome).not.toBe(
        'no-source',
      );
  });
});

describe('values single-quoted for a shell', () => {
  const lib = (quote: string) => [
    "const { exec } = require('child_process');",
    '',
    'function escapeShellArg(arg) {',
    `  return ${quote};`,
    '}',
    '',
    'module.exports = function log(branch, cb) {',
    "  exec('git log --oneline ' + escapeShellArg(branch), cb);",
    '};',
  ];
  const at = (quote: string) => flowAt('command-injection', lib(quote), 'exec(', 'index.js');

  it("when a helper wraps the value in single quotes with each of its quotes made '\\'' (or '\"'\"'), then the command is sanitized", () => {
    expect(at(`"'" + arg.replace(/'/g, "'\\\\''") + "'"`).outcome).toBe('no-source');
    expect(at(`"'" + arg.replaceAll("'", "'\\"'\\"'") + "'"`).outcome).toBe('no-source');
  });

  it('when the quotes are not all escaped, the value is put in double quotes, or the quote is never closed, then it is not', () => {
    for (const quote of [
      `"'" + arg.replace(/'/, "'\\\\''") + "'"`,
      `'"' + arg.replace(/"/g, '\\\\"') + '"'`,
      `"'" + arg.replace(/'/g, "'\\\\''")`,
      `"'" + arg + "'"`,
    ])
      expect(at(quote).outcome).not.toBe('no-source');
  });
});
