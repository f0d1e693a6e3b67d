import { describe, expect, it } from 'vitest';
import { normalizeLog, REDACTED, type Result } from '../src/index.js';
import { at, log, result } from './build.js';

const one = (tool: string, r: Result, extra = {}) => {
  const out = normalizeLog(log(tool, [r], extra));
  expect(out.findings).toHaveLength(1);
  return out.findings[0]!;
};

describe('the spec rules for incomplete results', () => {
  it('keeps a result without ruleId as missing_rule_id, not fixable', () => {
    const f = one('x', result({ ruleId: undefined }));
    expect(f).toMatchObject({ ruleId: null, problems: ['missing_rule_id'], fixable: false });
  });
  it('takes the rule id from ruleIndex or rule.id', () => {
    expect(
      one('x', result({ ruleId: undefined, ruleIndex: 0 }), {
        tool: { driver: { name: 'x', rules: [{ id: 'from-index' }] } },
      }).ruleId,
    ).toBe('from-index');
    expect(one('x', result({ ruleId: undefined, rule: { id: 'from-ref' } })).ruleId).toBe(
      'from-ref',
    );
  });
  it('keeps a result without locations as missing_location', () => {
    const f = one('x', result({ locations: undefined }));
    expect(f).toMatchObject({ location: null, problems: ['missing_location'], fixable: false });
  });
  it('keeps a backslash or absolute uri as invalid_uri with the raw value', () => {
    const f = one('x', result({ locations: [at('C:\\src\\a.js', 3)] }));
    expect(f).toMatchObject({ problems: ['invalid_uri'], fixable: false });
    expect(f.location).toMatchObject({ uri: 'C:\\src\\a.js', startLine: 3 });
  });
  it('makes file URIs under checkout_uri repository-relative (ESLint writes them)', () => {
    const r = result({ locations: [at('file:///home/runner/work/app/src/x.js', 7)] });
    const withCheckout = normalizeLog(log('ESLint', [r]), {
      checkoutUri: 'file:///home/runner/work/app',
    }).findings[0]!;
    expect(withCheckout).toMatchObject({ problems: [], fixable: true });
    expect(withCheckout.location).toMatchObject({ uri: 'src/x.js', startLine: 7 });
    expect(one('ESLint', r).problems).toEqual(['invalid_uri']);
  });
});

describe('level and severity', () => {
  it('prefers security-severity (score or word), then the handler, then the level', () => {
    const rules = [
      { id: 'a', properties: { 'security-severity': '9.8' } },
      { id: 'b', properties: { 'security-severity': 'MEDIUM' } },
      { id: 'c', defaultConfiguration: { level: 'error' as const } },
      { id: 'd' },
    ];
    const out = normalizeLog(
      log(
        'x',
        ['a', 'b', 'c', 'd'].map((id, i) => result({ ruleId: id, locations: [at('a.js', i + 1)] })),
        { tool: { driver: { name: 'x', rules } } },
      ),
    ).findings;
    expect(out.map((f) => [f.ruleId, f.level, f.severity])).toEqual([
      ['a', 'warning', 'critical'],
      ['b', 'warning', 'medium'],
      ['c', 'error', 'high'],
      ['d', 'warning', 'medium'],
    ]);
  });
});

describe('messages', () => {
  it('resolves message.id and arguments from the rule, then globalMessageStrings', () => {
    const driver = {
      name: 'BinSkim',
      rules: [{ id: 'BA1', messageStrings: { Fail: { text: "'{0}' lacks {1} ({{literal}})" } } }],
      globalMessageStrings: { Global: { text: 'global {0}' } },
    };
    const out = normalizeLog(
      log(
        'BinSkim',
        [
          result({ ruleId: 'BA1', message: { id: 'Fail', arguments: ['app.exe', '/GS'] } }),
          result({
            ruleId: 'BA1',
            message: { id: 'Global', arguments: ['x'] },
            locations: [at('b', 2)],
          }),
        ],
        { tool: { driver } },
      ),
    ).findings;
    expect(out.map((f) => f.message)).toEqual(["'app.exe' lacks /GS ({literal})", 'global x']);
  });
});

describe('suppressions', () => {
  it('suppresses on status absent or accepted only', () => {
    const statuses = [undefined, 'accepted', 'underReview', 'rejected'] as const;
    const out = normalizeLog(
      log(
        'x',
        statuses.map((status, i) =>
          result({
            locations: [at('a.js', i + 1)],
            suppressions: [{ kind: 'external', ...(status ? { status } : {}) }],
          }),
        ),
      ),
    ).findings;
    expect(out.map((f) => [f.suppressed, f.fixable])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [false, true],
    ]);
  });
});

describe('properties and results that are not problems', () => {
  it('preserves properties and skips pass/notApplicable/informational and absent baselines', () => {
    const out = normalizeLog(
      log('x', [
        result({ properties: { team: 'web', score: 3 } }),
        result({ kind: 'pass', locations: [at('a.js', 2)] }),
        result({ kind: 'notApplicable', locations: [at('a.js', 3)] }),
        result({ baselineState: 'absent', locations: [at('a.js', 4)] }),
        result({ kind: 'review', locations: [at('a.js', 5)] }),
      ]),
    );
    expect(out).toMatchObject({ results: 5, skipped: 3 });
    expect(out.findings.map((f) => f.level)).toEqual(['warning', 'none']);
    expect(out.findings[0]!.properties).toEqual({ team: 'web', score: 3 });
  });
});

describe('gitleaks', () => {
  it('redacts the secret from properties and snippets before anything is kept', () => {
    const f = one(
      'Gitleaks',
      result({
        properties: { offender: 'AKIAIOSFODNN7EXAMPLE', commit: 'abc' },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'config.py' },
              region: { startLine: 4, snippet: { text: 'key = "AKIAIOSFODNN7EXAMPLE"' } },
            },
          },
        ],
      }),
    );
    expect(JSON.stringify(f)).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(f.properties).toEqual({ offender: REDACTED, commit: 'abc' });
    expect(f.severity).toBe('high');
  });
});
