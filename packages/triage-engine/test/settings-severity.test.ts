import { describe, expect, it } from 'vitest';
import { CURVE, triageFinding, type Sensitivity } from '../src/index.js';
import { decide, probabilityOf } from '../src/scoring/decide.js';
import { BALANCED, finding, NONE, rule, signals, triageAt } from './build.js';

describe('repository settings', () => {
  it('when the path matches excluded_paths, then WONT_FIX excluded by repository settings', () => {
    const v = triageFinding(finding({ uri: 'legacy/admin/users.js' }), NONE, {
      ...BALANCED,
      excludedPaths: ['legacy/**'],
    });
    expect(v.classification).toBe('WONT_FIX');
    expect(v.justification).toMatch(
      /excluded by repository settings \(excluded_paths legacy\/\*\*\)/i,
    );
  });

  it('when a directory glob or a base-name glob is given, then both match', () => {
    expect(
      triageFinding(finding({ uri: 'tools/gen/a.js' }), NONE, {
        ...BALANCED,
        excludedPaths: ['tools/'],
      }).classification,
    ).toBe('WONT_FIX');
    expect(
      triageFinding(finding({ uri: 'web/static/x.bundle.js' }), NONE, {
        ...BALANCED,
        excludedPaths: ['*.bundle.js'],
      }).classification,
    ).toBe('WONT_FIX');
    expect(
      triageFinding(finding({ uri: 'web/static/x.js' }), NONE, {
        ...BALANCED,
        excludedPaths: ['*.bundle.js'],
      }).classification,
    ).not.toBe('WONT_FIX');
  });

  it('when the severity is below min_severity, then WONT_FIX naming both severities', () => {
    const f = finding({ ruleId: 'B311', tool: 'Bandit', level: 'note', severity: 'low' });
    const v = triageFinding(f, NONE, { ...BALANCED, minSeverity: 'medium' });
    expect(v.classification).toBe('WONT_FIX');
    expect(v.justification).toMatch(/below the repository's min_severity medium/);
  });

  it('when the SARIF suppresses the finding, then WONT_FIX quoting its kind and justification', () => {
    const v = triageFinding(
      finding({
        suppressed: true,
        suppressions: [{ kind: 'inSource', status: 'accepted', justification: 'ETag only' }],
      }),
      NONE,
      BALANCED,
    );
    expect(v.classification).toBe('WONT_FIX');
    expect(v.evidence[0]?.detail).toBe(
      'Suppressed in the SARIF (inSource, accepted): "ETag only".',
    );
  });

  it('when sensitivity goes from conservative to aggressive, then the set of FALSE_POSITIVE calls only grows', () => {
    // A weak signal (a validator call) against a medium-precision rule: dismissed only by the looser settings.
    const code =
      'from flask import request\n\ndef f(cur):\n    n = request.args["n"]\n    if not validate_name(n):\n        return\n    cur.execute("SELECT * FROM t WHERE n = \'" + n + "\'")\n';
    const at = (s: Sensitivity) =>
      triageAt(
        'app/db.py',
        code,
        'cur.execute',
        { tool: 'Bandit', ruleId: 'B608' },
        { ...BALANCED, sensitivity: s },
      );
    const calls = (['conservative', 'balanced', 'aggressive'] as const).map(
      (s) => at(s).classification,
    );
    expect(signals(at('balanced'))).toContain('validator');
    const rank = (c: string) => (c === 'FALSE_POSITIVE' ? 1 : 0);
    expect(rank(calls[0]!)).toBeLessThanOrEqual(rank(calls[1]!));
    expect(rank(calls[1]!)).toBeLessThanOrEqual(rank(calls[2]!));
    expect(calls[2]).toBe('FALSE_POSITIVE');
  });

  it('when only the rule reputation is low, then no sensitivity dismisses the finding', () => {
    for (const sensitivity of ['conservative', 'balanced', 'aggressive'] as const) {
      const v = triageFinding(
        finding({
          tool: 'ESLint',
          ruleId: 'security/detect-non-literal-regexp',
          level: 'warning',
        }),
        NONE,
        { ...BALANCED, sensitivity },
      );
      expect(v.classification).toBe('TRUE_POSITIVE');
      expect(v.uncertain).toBe(true);
      // Kept, but the calibrated confidence says it is probably not real, and the text says so.
      expect(v.confidence).toBeLessThan(0.5);
      expect(v.justification).toMatch(/Not confirmed: most findings with this evidence/);
    }
  });
});

describe('the calibration curve', () => {
  it('when a score lies between knots, then P(real) is interpolated; beyond the ends it is flat', () => {
    const curve = [
      [-2, 0.1],
      [0, 0.5],
      [2, 0.9],
    ] as const;
    expect(probabilityOf(curve, -5)).toBe(0.1);
    expect(probabilityOf(curve, -1)).toBeCloseTo(0.3);
    expect(probabilityOf(curve, 1.5)).toBeCloseTo(0.8);
    expect(probabilityOf(curve, 9)).toBe(0.9);
  });

  it('the shipped curve is non-decreasing and strictly inside (0, 1)', () => {
    for (let i = 0; i < CURVE.length; i++) {
      const [x, p] = CURVE[i]!;
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
      if (i > 0) {
        expect(x).toBeGreaterThanOrEqual(CURVE[i - 1]![0]);
        expect(p).toBeGreaterThanOrEqual(CURVE[i - 1]![1]);
      }
    }
  });
});

describe('the reputation-only rates', () => {
  const precision = {
    signal: 'rule_precision',
    effect: 'true_positive' as const,
    detail: 'very-high precision',
    weight: 2,
  };
  const curve = [
    [-1, 0.05],
    [0, 0.5],
    [2, 0.9],
  ] as const;
  const rates = { 'xss/other': 0.7, 'xss/low': 0.3, other: 0.6, low: 0.2 };

  it('when only the rule speaks for a finding, then its P(real) is its class rate, not the curve', () => {
    const d = decide([precision], 'balanced', curve, rates, 'xss');
    expect(d.probabilityTrue).toBe(0.7);
    expect(d.confidence).toBe(0.7);
    expect(d.falsePositive).toBe(false);
  });

  it('when the class has no rate of its own, then the rate of its tier applies', () => {
    expect(decide([precision], 'balanced', curve, rates, 'sql-injection').probabilityTrue).toBe(
      0.6,
    );
  });

  it('when the reputation leans false, then the low tier applies and still nothing is dismissed', () => {
    const low = { ...precision, effect: 'false_positive' as const, weight: -1 };
    const d = decide([low], 'aggressive', curve, rates, 'sql-injection');
    expect(d.probabilityTrue).toBe(0.2);
    expect(d.falsePositive).toBe(false);
    expect(d.confidence).toBe(0.2);
    expect(decide([low], 'aggressive', curve, rates, 'xss').probabilityTrue).toBe(0.3);
  });

  it('when the finding has evidence of its own, then the curve alone decides', () => {
    const input = {
      signal: 'flow_reconstructed_input',
      effect: 'true_positive' as const,
      detail: 'outside input reaches the sink',
      weight: 1,
    };
    expect(
      decide([{ ...precision, weight: 1 }, input], 'balanced', curve, rates, 'xss').probabilityTrue,
    ).toBe(0.9);
  });

  it('when there are no rates, then reputation-only findings stay on the curve', () => {
    expect(decide([precision], 'balanced', curve, null, 'xss').probabilityTrue).toBe(0.9);
  });
});

describe('severity', () => {
  it.each([
    ['9.8', 'critical'],
    ['9.0', 'critical'],
    ['7.0', 'high'],
    ['4.0', 'medium'],
    ['0.1', 'low'],
    ['HIGH', 'high'],
  ])('when security-severity is %s, then the severity is %s', (score, expected) => {
    const v = triageFinding(finding({ rule: rule({ security_severity: score }) }), NONE, BALANCED);
    expect(v.severity).toBe(expected);
    expect(v.evidence.find((e) => e.signal === 'base_severity')?.detail).toMatch(
      /security-severity/,
    );
  });

  it('when there is no score, then the class severity applies, one band lower for a note', () => {
    const error = triageFinding(
      finding({
        tool: 'ESLint',
        ruleId: 'security/detect-child-process',
        level: 'error',
        severity: 'high',
      }),
      NONE,
      BALANCED,
    );
    const note = triageFinding(
      finding({
        tool: 'ESLint',
        ruleId: 'security/detect-child-process',
        level: 'note',
        severity: 'low',
      }),
      NONE,
      BALANCED,
    );
    expect(error.severity).toBe('critical');
    expect(note.severity).toBe('high');
  });

  it('when the scanner rated the finding itself, then its rating is kept', () => {
    const v = triageFinding(
      finding({ tool: 'Bandit', ruleId: 'B602', level: 'error', severity: 'medium' }),
      NONE,
      BALANCED,
    );
    expect(v.severity).toBe('medium');
  });
});
