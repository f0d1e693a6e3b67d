import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, unifiedDiff, type CodemodInput, type Edited } from '../src/index.js';
import { allowedRanges, diffStaysLocal } from '../src/evaluate/locality.js';
import { brokenSyntax, farEdit, goodFix, patternKept, withDependency } from './test-codemods.js';

const input = (source: string, files?: Record<string, string>): CodemodInput => ({
  path: 'src/a.js',
  source,
  finding: { ruleId: 'test', tool: 'ESLint', location: { startLine: 3, startColumn: 11 } },
  ...(files ? { files } : {}),
});
const SOURCE = "'use strict';\n\nconst t = Math.random();\nmodule.exports = t;\n";

const run = (codemod: typeof goodFix, i: CodemodInput): Edited => {
  const result = codemod.transform(i);
  if (result.kind !== 'edited') throw new Error(result.detail);
  return result;
};

describe('evaluate', () => {
  it('when a fix is sound, then every check passes', () => {
    const result = run(goodFix, input(SOURCE));
    expect(evaluate(goodFix, input(SOURCE), result)).toMatchObject({ ok: true, failures: [] });
  });

  it('when the fix breaks the syntax, then the parse check fails with the error position', () => {
    const evaluation = evaluate(brokenSyntax, input(SOURCE), run(brokenSyntax, input(SOURCE)));
    expect(evaluation.parses).toBe(false);
    expect(evaluation.failures[0]).toMatchObject({ check: 'parses', path: 'src/a.js' });
  });

  it('when the pattern is still there after the fix, then pattern_gone and idempotent fail', () => {
    const evaluation = evaluate(patternKept, input(SOURCE), run(patternKept, input(SOURCE)));
    expect(evaluation).toMatchObject({ ok: false, patternGone: false, idempotent: false });
  });

  it('when the fix edits far from the finding, then diff_local fails naming the lines', () => {
    const evaluation = evaluate(farEdit, input(SOURCE), run(farEdit, input(SOURCE)));
    expect(evaluation.diffLocal).toBe(false);
    expect(evaluation.failures).toContainEqual({
      check: 'diff_local',
      path: 'src/a.js',
      outside: [{ startLine: 1, endLine: 1 }],
    });
  });

  it('when a fix declares a dependency and package.json is loaded, then the manifest change is allowed', () => {
    const files = { 'package.json': '{\n  "name": "a"\n}\n' };
    const result = run(withDependency, input(SOURCE, files));
    expect(result.files.map((f) => [f.path, f.changes[0]!.purpose])).toEqual([
      ['src/a.js', 'fix'],
      ['package.json', 'manifest'],
    ]);
    expect(result.files[1]!.after).toContain('"random-js": "^2.1.0"');
    expect(evaluate(withDependency, input(SOURCE, files), result).ok).toBe(true);
  });

  it('when no manifest is loaded, then the fix notes the dependency for the reviewer', () => {
    expect(run(withDependency, input(SOURCE)).notes).toEqual([
      "Add the dependency `random-js@^2.1.0` to the project's manifest.",
    ]);
  });
});

describe('diff locality', () => {
  it('when a helper inserted after an import is shown by the line diff below the blank line, then it still counts as the helper', () => {
    const before = "import x from 'x';\n\nexport const a = x(1);\n";
    const helper = '\n\nfunction h(v) {\n  return v;\n}';
    const at = before.indexOf('\n');
    const after = before.slice(0, at) + helper + before.slice(at);
    const result = {
      kind: 'edited',
      notes: [],
      site: { path: 'a.js', start: 0, end: 0, startLine: 9, endLine: 9 },
      files: [],
    } as unknown as Edited;
    const file = {
      path: 'a.js',
      before,
      after,
      changes: [{ purpose: 'helper' as const, start: at, end: at, text: helper }],
    };
    expect(diffStaysLocal(before, after, allowedRanges(result, file)).ok).toBe(true);
  });
});

describe('unifiedDiff', () => {
  const cases: [string, string][] = [
    ['LF', SOURCE],
    ['CRLF', SOURCE.replace(/\n/g, '\r\n')],
    ['a BOM', `\uFEFF${SOURCE}`],
    ['no final newline', SOURCE.trimEnd()],
  ];

  it.each(cases)(
    'when the file has %s, then git apply --check accepts the diff and applying it gives the fix',
    (_label, source) => {
      const result = run(goodFix, input(source));
      const dir = mkdtempSync(join(tmpdir(), 'codemods-diff-'));
      try {
        execFileSync('git', ['init', '-q', dir]);
        execFileSync('mkdir', ['-p', join(dir, 'src')]);
        writeFileSync(join(dir, 'src/a.js'), source);
        writeFileSync(join(dir, 'fix.patch'), unifiedDiff(result.files));
        execFileSync('git', ['-C', dir, 'apply', '--check', 'fix.patch']);
        execFileSync('git', ['-C', dir, 'apply', 'fix.patch']);
        expect(readFileSync(join(dir, 'src/a.js'), 'utf8')).toBe(result.files[0]!.after);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
