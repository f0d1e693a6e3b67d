import { describe, expect, it } from 'vitest';
import { checklist, failureText } from './fix-checks.js';

describe("a fix's evaluation as a checklist", () => {
  it('when the fixer kept the fix, then the five checks read in order as passed', () => {
    const c = checklist({
      ok: true,
      checks: {
        parses: true,
        pattern_gone: true,
        idempotent: true,
        diff_local: true,
        git_apply: true,
      },
      findings: [],
      rejected: [],
    });
    expect(c.ok).toBe(true);
    expect(c.checks.map((x) => [x.key, x.passed])).toEqual([
      ['parses', true],
      ['pattern_gone', true],
      ['idempotent', true],
      ['diff_local', true],
      ['git_apply', true],
    ]);
    expect(c.checks[4]!.label).toBe('The diff applies to the scanned commit');
  });

  it('when a candidate was rejected, then the failed checks say so, git apply is not run, and each failure reads as a sentence', () => {
    const c = checklist({
      ok: false,
      checks: { parses: false, pattern_gone: true, idempotent: true, diff_local: false },
      rejected: [
        {
          finding_id: 'f1',
          codemod: 'remediate:js/weak-hash',
          failures: [
            { check: 'parses', path: 'a.js', errors: [{ kind: 'MISSING', line: 3, column: 7 }] },
            { check: 'diff_local', path: 'a.js', outside: [{ startLine: 10, endLine: 12 }] },
          ],
        },
      ],
    });
    expect(c.checks.find((x) => x.key === 'git_apply')!.passed).toBeUndefined();
    expect(c.checks.find((x) => x.key === 'parses')!.passed).toBe(false);
    expect(c.rejected).toEqual([
      {
        findingId: 'f1',
        codemod: 'remediate:js/weak-hash',
        failures: [
          'a.js: does not parse (missing at line 3:7)',
          'a.js: changes outside the site (lines 10–12)',
        ],
      },
    ]);
  });

  it('when the diff did not apply, then its git error is kept', () => {
    expect(
      checklist({
        ok: false,
        checks: { git_apply: false },
        git_apply_error: 'patch does not apply',
      }).gitApplyError,
    ).toBe('patch does not apply');
  });

  it('when an older record has its checks at the top level, then only those checks are listed', () => {
    const c = checklist({ reparses: true, pattern_gone: false, note: 'x' });
    expect(c.ok).toBeUndefined();
    expect(c.checks).toEqual([
      {
        key: 'pattern_gone',
        label: 'The vulnerable pattern is gone at each finding',
        passed: false,
      },
      { key: 'reparses', label: 'Reparses', passed: true },
    ]);
  });

  it('when a failure is of a kind not known here, then its check name is shown', () => {
    expect(failureText({ check: 'compiles', path: 'B.java' })).toBe('B.java: compiles');
  });
});
