import { describe, expect, it } from 'vitest';
import { evaluate, type CodemodInput, type Edited } from '../src/index.js';
import { goodFix, patternKept } from './test-codemods.js';

const SOURCE = "'use strict';\n\nconst a = Math.random();\nconst b = Math.random();\n";

const input = (startLine: number, startColumn?: number): CodemodInput => ({
  path: 'src/a.js',
  source: SOURCE,
  finding: {
    ruleId: 'test',
    tool: 'ESLint',
    location: { startLine, ...(startColumn ? { startColumn, endColumn: startColumn + 13 } : {}) },
  },
});

const run = (codemod: typeof goodFix, i: CodemodInput): Edited => {
  const result = codemod.transform(i);
  if (result.kind !== 'edited') throw new Error(result.detail);
  return result;
};

describe('evaluation next to another vulnerable line', () => {
  it('when one of two consecutive vulnerable lines is fixed, then the neighbour does not count as the pattern staying', () => {
    const exact = input(3, 11);
    const result = run(goodFix, exact);
    expect(result.files[0]!.after).toContain('const b = Math.random();');
    expect(evaluate(goodFix, exact, result)).toMatchObject({
      ok: true,
      patternGone: true,
      idempotent: true,
    });
    const lineOnly = input(3);
    expect(evaluate(goodFix, lineOnly, run(goodFix, lineOnly)).ok).toBe(true);
  });

  it('when the fix leaves the pattern on its own line, then the neighbour does not hide it', () => {
    const exact = input(3, 11);
    expect(evaluate(patternKept, exact, run(patternKept, exact))).toMatchObject({
      ok: false,
      patternGone: false,
    });
  });
});
