import { describe, expect, it } from 'vitest';
import { acceptSarif, normalizeLog, type Acceptance } from '../src/index.js';

type Json = Record<string, unknown>;

/** A valid two-result gosec-like log; each test breaks one part of it. */
const baseLog = (): Json => ({
  version: '2.1.0',
  runs: [
    {
      tool: {
        driver: {
          name: 'gosec',
          rules: [
            { id: 'G304', helpUri: 'https://securego.io/docs/rules/g304.html' },
            {
              id: 'G401',
              relationships: [{ target: { id: '327', toolComponent: { name: 'CWE' } } }],
            },
          ],
        },
      },
      taxonomies: [{ name: 'CWE', taxa: [{ id: '327' }] }],
      results: [
        {
          ruleId: 'G304',
          ruleIndex: 0,
          level: 'warning',
          message: { text: 'Potential file inclusion via variable' },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'cmd/main.go' },
                region: { startLine: 12, startColumn: 3 },
              },
            },
          ],
        },
        {
          ruleId: 'G401',
          ruleIndex: 1,
          level: 'error',
          message: { text: 'Use of weak cryptographic primitive' },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'pkg/hash.go' },
                region: { startLine: 40 },
              },
            },
          ],
        },
      ],
    },
  ],
});

const run = (log: Json) => (log['runs'] as Json[])[0]!;
const result = (log: Json, i: number) => (run(log)['results'] as Json[])[i]!;
const rule = (log: Json, i: number) =>
  ((run(log)['tool'] as Json)['driver'] as { rules: Json[] }).rules[i]!;

const accepted = (a: Acceptance) => {
  if (!a.ok) throw new Error(`refused: ${JSON.stringify(a.problems)}`);
  return a;
};

interface RepairCase {
  name: string;
  break: (log: Json) => void;
  warning: { path: string; action: 'dropped' | 'marked' | 'ignored'; message: RegExp };
  /** Repairs that follow from the first (a parent left invalid by the drop), in order. */
  then?: string[];
  /** Checks on the repaired document and its findings. */
  after?: (log: Json, findings: ReturnType<typeof normalizeLog>['findings']) => void;
}

const CASES: RepairCase[] = [
  {
    name: 'a fixes[] entry without artifactChanges (gosec 2.22 on G304)',
    break: (log) => {
      result(log, 0)['fixes'] = [
        { artifactChanges: null, description: { markdown: 'Use filepath.Clean' } },
      ];
    },
    warning: {
      path: '/runs/0/results/0/fixes/0',
      action: 'dropped',
      message: /^\/description must have `text` or `id`; dropped$/,
    },
    after: (log) => expect(result(log, 0)['fixes']).toEqual([]),
  },
  {
    name: 'a relationship without a target',
    break: (log) => {
      rule(log, 1)['relationships'] = [{ kinds: ['superset'] }];
    },
    warning: {
      path: '/runs/0/tool/driver/rules/1/relationships/0',
      action: 'dropped',
      message: /`target` is required/,
    },
    after: (log) => expect(rule(log, 1)['relationships']).toEqual([]),
  },
  {
    name: 'a taxonomy without a name (indexed: replaced by an empty entry)',
    break: (log) => {
      run(log)['taxonomies'] = [{ taxa: [{ id: '327' }] }, { name: 'OWASP' }];
    },
    warning: { path: '/runs/0/taxonomies/0', action: 'dropped', message: /`name` is required/ },
    after: (log) => expect((run(log)['taxonomies'] as Json[])[1]).toEqual({ name: 'OWASP' }),
  },
  {
    name: 'a fingerprint value that is not a string (Black Duck)',
    break: (log) => {
      result(log, 1)['fingerprints'] = { csvRowSha256: { value: 'abc' }, 'stable/v1': 'f00d' };
    },
    warning: {
      path: '/runs/0/results/1/fingerprints/csvRowSha256',
      action: 'dropped',
      message: /must be string/,
    },
    after: (log) => expect(result(log, 1)['fingerprints']).toEqual({ 'stable/v1': 'f00d' }),
  },
  {
    name: 'a malformed guid',
    break: (log) => {
      result(log, 0)['guid'] = 'not-a-guid';
    },
    warning: { path: '/runs/0/results/0/guid', action: 'dropped', message: /pattern/ },
    after: (log) => expect(result(log, 0)).not.toHaveProperty('guid'),
  },
  {
    name: 'an unknown property',
    break: (log) => {
      result(log, 1)['cvss'] = 7.5;
    },
    warning: {
      path: '/runs/0/results/1/cvss',
      action: 'dropped',
      message: /not a SARIF 2.1.0 property/,
    },
    after: (log) => expect(result(log, 1)).not.toHaveProperty('cvss'),
  },
  {
    name: 'a bad helpUri',
    break: (log) => {
      rule(log, 0)['helpUri'] = 'see the docs';
    },
    warning: {
      path: '/runs/0/tool/driver/rules/0/helpUri',
      action: 'dropped',
      message: /not a valid uri/,
    },
    after: (log, findings) => {
      expect(rule(log, 0)).not.toHaveProperty('helpUri');
      expect(findings.find((f) => f.ruleId === 'G304')?.rule.help_uri).toBeNull();
    },
  },
  {
    name: 'a result without a message',
    break: (log) => {
      delete result(log, 0)['message'];
    },
    warning: { path: '/runs/0/results/0/message', action: 'marked', message: /missing_message/ },
    after: (_log, findings) => {
      const f = findings.find((x) => x.ruleId === 'G304')!;
      expect(f.problems).toContain('missing_message');
      expect(f.fixable).toBe(false);
    },
  },
  {
    name: 'a message with neither text nor id',
    break: (log) => {
      result(log, 1)['message'] = { arguments: ['x'] };
    },
    warning: { path: '/runs/0/results/1/message', action: 'marked', message: /missing_message/ },
    after: (_log, findings) =>
      expect(findings.find((x) => x.ruleId === 'G401')?.problems).toContain('missing_message'),
  },
  {
    name: 'a region starting at line 0 (the location loses its line)',
    break: (log) => {
      const loc = (result(log, 1)['locations'] as Json[])[0]!['physicalLocation'] as Json;
      loc['region'] = { startLine: 0 };
    },
    warning: {
      path: '/runs/0/results/1/locations/0/physicalLocation/region/startLine',
      action: 'dropped',
      message: /must be >= 1/,
    },
    then: ['/runs/0/results/1/locations/0/physicalLocation/region'],
    after: (_log, findings) => {
      const f = findings.find((x) => x.ruleId === 'G401')!;
      expect(f.location?.uri).toBe('pkg/hash.go');
      expect(f.problems).toContain('missing_location');
      expect(f.fixable).toBe(false);
    },
  },
  {
    name: 'a level outside the enumeration',
    break: (log) => {
      result(log, 0)['level'] = 'info';
    },
    warning: { path: '/runs/0/results/0/level', action: 'dropped', message: /must be one of/ },
  },
  {
    name: 'a ruleId that is not a string',
    break: (log) => {
      result(log, 1)['ruleId'] = 401;
      delete result(log, 1)['ruleIndex'];
    },
    warning: { path: '/runs/0/results/1/ruleId', action: 'dropped', message: /must be string/ },
    after: (_log, findings) =>
      expect(findings.find((f) => f.location?.uri === 'pkg/hash.go')?.problems).toContain(
        'missing_rule_id',
      ),
  },
  {
    name: 'a rule without an id (indexed: later rules keep their index)',
    break: (log) => {
      delete rule(log, 0)['id'];
    },
    warning: {
      path: '/runs/0/tool/driver/rules/0',
      action: 'dropped',
      message: /`id` is required/,
    },
    after: (_log, findings) =>
      expect(findings.find((f) => f.ruleId === 'G401')?.rule.id).toBe('G401'),
  },
  {
    name: 'repeated newlineSequences',
    break: (log) => {
      run(log)['newlineSequences'] = ['\r\n', '\n', '\n'];
    },
    warning: { path: '/runs/0/newlineSequences', action: 'dropped', message: /duplicate/ },
    after: (log) => expect(run(log)['newlineSequences']).toEqual(['\r\n', '\n']),
  },
  {
    name: 'an artifact URI that is not a URI reference',
    break: (log) => {
      const loc = (result(log, 0)['locations'] as Json[])[0]!['physicalLocation'] as Json;
      loc['artifactLocation'] = { uri: 'src\\main.go' };
    },
    warning: {
      path: '/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri',
      action: 'ignored',
      message: /uri-reference/,
    },
    after: (_log, findings) =>
      expect(findings.find((f) => f.ruleId === 'G304')?.problems).toContain('invalid_uri'),
  },
];

describe('tolerant acceptance repairs what it can and says so', () => {
  for (const c of CASES) {
    it(`when a document has ${c.name}, then it is accepted with the warning and no finding is lost`, () => {
      const log = baseLog();
      c.break(log);
      const a = accepted(acceptSarif(log));
      expect(a.warnings.map((w) => w.path)).toEqual([c.warning.path, ...(c.then ?? [])]);
      expect(a.warnings[0]).toMatchObject({ path: c.warning.path, action: c.warning.action });
      expect(a.warnings[0]!.message).toMatch(c.warning.message);
      expect(a.warningsCount).toBe(a.warnings.length);
      const findings = normalizeLog(a.log).findings;
      expect(findings).toHaveLength(2);
      c.after?.(log, findings);
    });

    it(`when the repository is strict and a document has ${c.name}, then it is refused`, () => {
      const log = baseLog();
      c.break(log);
      const a = acceptSarif(log, 'strict');
      expect(a.ok).toBe(false);
      if (a.ok) return;
      expect(a.problems.length).toBeGreaterThan(0);
      expect(
        a.problems.some((p) => p.path.startsWith(c.warning.path.split('/').slice(0, 4).join('/'))),
      ).toBe(true);
    });
  }

  it('when a result is not an object, then it is dropped and the others are kept', () => {
    const log = baseLog();
    (run(log)['results'] as unknown[]).splice(1, 0, 'oops');
    const a = accepted(acceptSarif(log));
    expect(a.warnings).toEqual([
      { path: '/runs/0/results/1', message: 'must be object; dropped', action: 'dropped' },
    ]);
    expect(normalizeLog(a.log).findings.map((f) => f.ruleId)).toEqual(['G304', 'G401']);
  });

  it('when one dropped node leaves its parent invalid, then the parent is dropped next and both are recorded', () => {
    const log = baseLog();
    const loc = (result(log, 0)['locations'] as Json[])[0]!['physicalLocation'] as Json;
    loc['region'] = { startLine: -4 };
    const a = accepted(acceptSarif(log));
    expect(a.warnings.map((w) => [w.path, w.action])).toEqual([
      ['/runs/0/results/0/locations/0/physicalLocation/region/startLine', 'dropped'],
      ['/runs/0/results/0/locations/0/physicalLocation/region', 'dropped'],
    ]);
    expect(loc).not.toHaveProperty('region');
  });

  it('when a valid document is accepted, then it is returned untouched with no warning', () => {
    const log = baseLog();
    const before = JSON.stringify(log);
    const a = accepted(acceptSarif(log));
    expect(a).toMatchObject({ warnings: [], warningsCount: 0 });
    expect(JSON.stringify(a.log)).toBe(before);
  });
});

describe('documents that cannot be processed are refused in every mode', () => {
  const refused = (log: unknown) => {
    for (const mode of ['tolerant', 'strict'] as const) {
      const a = acceptSarif(log, mode);
      expect(a.ok).toBe(false);
      if (!a.ok) return a.problems;
    }
    throw new Error('unreachable');
  };

  it('when the version is 2.0.0, then the message names sarif-multitool transform', () => {
    const log = { ...baseLog(), version: '2.0.0' };
    expect(refused(log)).toEqual([
      { path: '/version', message: expect.stringContaining('sarif-multitool transform') as string },
    ]);
  });

  it('when runs is missing, not an array or empty, then the path is /runs', () => {
    for (const runs of [undefined, {}, []]) {
      expect(refused({ version: '2.1.0', runs })[0]!.path).toBe('/runs');
    }
  });

  it('when a run has no string tool.driver.name, then that run is named', () => {
    const log = baseLog();
    ((run(log)['tool'] as Json)['driver'] as Json)['name'] = 7;
    expect(refused(log)).toEqual([
      { path: '/runs/0/tool/driver/name', message: 'must be a string (the scanner name)' },
    ]);
  });

  it('when a run has results that are not an array, then the path is that run’s results', () => {
    const log = baseLog();
    run(log)['results'] = { 0: {} };
    expect(refused(log)).toEqual([{ path: '/runs/0/results', message: 'must be an array' }]);
  });
});

describe('a document with 10,000 violations', () => {
  it('when every result carries a broken fix and an unknown property, then all are repaired, the findings kept and the warning list capped', () => {
    const results = Array.from({ length: 5_000 }, (_, i) => ({
      ruleId: 'G304',
      message: { text: `file inclusion ${i}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: `pkg/f${i}.go` },
            region: { startLine: i + 1 },
          },
        },
      ],
      fixes: [{ artifactChanges: null }],
      vendorScore: i,
    }));
    const log = { version: '2.1.0', runs: [{ tool: { driver: { name: 'gosec' } }, results }] };
    const a = accepted(acceptSarif(log));
    expect(a.warningsCount).toBe(10_000);
    expect(a.warnings).toHaveLength(100);
    expect(normalizeLog(a.log).findings).toHaveLength(5_000);
  });
});
