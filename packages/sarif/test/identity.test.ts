import { describe, expect, it } from 'vitest';
import { dataflowTier, normalizeLog, type Result } from '../src/index.js';
import { at, log, result } from './build.js';

const fingerprints = (results: Result[], tool = 'x') =>
  normalizeLog(log(tool, results)).findings.map((f) => f.fingerprint);

describe('finding identity', () => {
  it('keeps identities when lines shift (no tool fingerprints)', () => {
    const scan1 = [
      result({ locations: [at('a.js', 10)] }),
      result({ locations: [at('a.js', 20)] }),
      result({ ruleId: 'r2', locations: [at('b.js', 5)] }),
    ];
    const scan2 = [
      result({ ruleId: 'r2', locations: [at('b.js', 9)] }),
      result({ locations: [at('a.js', 14)] }),
      result({ locations: [at('a.js', 24)] }),
    ];
    const [a10, a20, b5] = fingerprints(scan1);
    expect(fingerprints(scan2)).toEqual([b5, a10, a20]);
    expect(new Set([a10, a20, b5]).size).toBe(3);
  });
  it('uses the tool’s fingerprints when present, whatever the location', () => {
    const fp = { 'matchBasedId/v1': 'abc' };
    expect(fingerprints([result({ fingerprints: fp })])).toEqual(
      fingerprints([result({ fingerprints: fp, locations: [at('moved.js', 99)] })]),
    );
  });
  it('when a tool gives one fingerprint to results at the same line of two files, then they stay two findings', () => {
    const fp = { 'matchBasedId/v1': 'same-for-all' };
    const found = fingerprints([
      result({ fingerprints: fp, locations: [at('a.py', 13)] }),
      result({ fingerprints: fp, locations: [at('b.py', 13)] }),
    ]);
    expect(new Set(found).size).toBe(2);
  });
  it('collapses exact repeats inside one document', () => {
    const out = normalizeLog(
      log('x', [result(), result(), result({ locations: [at('src/a.js', 11)] })]),
    );
    expect(out.findings).toHaveLength(2);
    expect(out.duplicates).toBe(1);
  });
  it('tells apart two messages of one rule at one place', () => {
    expect(
      new Set(
        fingerprints([result({ message: { text: 'a' } }), result({ message: { text: 'b' } })]),
      ).size,
    ).toBe(2);
  });
  it('namespaces identities by tool', () => {
    expect(fingerprints([result()], 'one')).not.toEqual(fingerprints([result()], 'two'));
  });
});

describe('dataflow tier', () => {
  const run = { tool: { driver: { name: 'x' } } };
  const step = (uri: string, line?: number) => ({
    location: {
      physicalLocation: {
        artifactLocation: { uri },
        ...(line ? { region: { startLine: line } } : {}),
      },
    },
  });
  const flows = (...steps: ReturnType<typeof step>[][]) => [
    { threadFlows: steps.map((locations) => ({ locations })) },
  ];
  it.each([
    ['no code flows', undefined, false, 'SINGLE_LOCATION'],
    ['two files', flows([step('a.js', 1), step('b.js', 2)]), false, 'STRONG_MULTI_FILE'],
    ['one file', flows([step('a.js', 1), step('a.js', 9)]), false, 'STRONG_SINGLE_FILE'],
    ['a single step', flows([step('a.js', 1)]), false, 'WEAK'],
    ['a step without a line', flows([step('a.js', 1), step('b.js')]), false, 'WEAK'],
    [
      'a step outside the repository',
      flows([step('a.js', 1), step('/usr/lib/x.h', 3)]),
      false,
      'WEAK',
    ],
    ['low confidence', flows([step('a.js', 1), step('b.js', 2)]), true, 'WEAK'],
    [
      'one complete flow among partial ones',
      flows([step('a.js', 1)], [step('a.js', 1), step('b.js', 4)]),
      false,
      'STRONG_MULTI_FILE',
    ],
  ] as const)('%s → %s', (_name, codeFlows, low, tier) => {
    expect(dataflowTier(run, codeFlows as never, undefined, low)).toBe(tier);
  });
});
