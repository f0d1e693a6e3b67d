import { describe, expect, it } from 'vitest';
import { handlerFor, normalizeLog, type ReportingDescriptor, type Result } from '../src/index.js';
import { existsInScannedTree, localScan, localScans, type LocalScan } from './local-corpus.js';

// What ingestion makes of the real output of the scanners scripts/lib.sh installs, generated on
// this repository's bench projects by test/corpus/generate.sh. Every file is normalized with the
// upload's checkout_uri, as `remediate upload` sends it.

/** The rule by id: gosec omits `ruleIndex` 0 (Go's omitempty), Semgrep writes no index. */
const ruleOf = (scan: LocalScan, r: Result): ReportingDescriptor =>
  scan.run.tool.driver.rules!.find((rule) => rule.id === r.ruleId)!;

/** Each result beside its finding: these files have no repeats, so the order is kept. */
const pairs = (scan: LocalScan) => {
  expect(scan.normalized.findings).toHaveLength(scan.results.length);
  return scan.results.map((r, i) => ({ result: r, finding: scan.normalized.findings[i]! }));
};

const cweOfRelationships = (rule: ReportingDescriptor): string[] =>
  (rule.relationships ?? [])
    .filter((rel) => rel.target?.toolComponent?.name === 'CWE')
    .map((rel) => `CWE-${Number(rel.target!.id)}`);

const expectRepositoryFiles = (scan: LocalScan) => {
  for (const f of scan.normalized.findings) {
    expect(f.problems, `${f.ruleId} ${f.location?.uri}`).toEqual([]);
    expect(existsInScannedTree(scan, f.location!.uri), f.location!.uri).toBe(true);
    expect(f.location!.startLine).toBeGreaterThan(0);
  }
};

describe('real Bandit 1.9.4 SARIF (native formatter)', () => {
  const scan = localScan('bandit');
  it('when it is ingested, then every finding has the B-code rule id, a repository file, the severity from issue_severity, the snippet and the rule’s CWE', () => {
    expect(scan.normalized.runs).toEqual([expect.objectContaining({ handler: 'bandit' })]);
    expectRepositoryFiles(scan);
    for (const { result, finding } of pairs(scan)) {
      expect(finding.ruleId).toMatch(/^B\d{3}$/);
      const issueSeverity = result.properties!['issue_severity'] as string;
      expect(finding.severity).toBe(issueSeverity.toLowerCase());
      const snippet = result.locations![0]!.physicalLocation!.region!.snippet!.text!;
      expect(finding.snippet).toBe(snippet.trim() ? snippet : null);
      expect(finding.rule.cwe).toHaveLength(1);
      expect(finding.rule.help_uri).toMatch(/^https:\/\/bandit\.readthedocs\.io\//);
    }
    // Bandit writes "\n" as the snippet of a call spanning lines (B501 on `requests.post(`,
    // `verify=False` two lines below): that finding has no snippet, and its identity comes from
    // its message, not from an empty text every such finding of the rule would share.
    const blank = pairs(scan).filter(
      ({ result }) => !result.locations![0]!.physicalLocation!.region!.snippet!.text!.trim(),
    );
    expect(blank.length).toBeGreaterThan(0);
    for (const { finding } of blank) expect(finding.snippet).toBeNull();
    // The file has every severity Bandit writes, so the mapping is exercised in full.
    expect(new Set(scan.normalized.findings.map((f) => f.severity))).toEqual(
      new Set(['high', 'medium', 'low']),
    );
  });
});

describe('real gosec v2.30.0 SARIF', () => {
  const scan = localScan('gosec');
  it('when it is ingested, then rule ids are G-codes, paths are relative to the module it ran in, the severity is the rule’s severity tag and the CWE comes from the taxonomy', () => {
    expect(scan.normalized.runs).toEqual([expect.objectContaining({ handler: 'gosec' })]);
    expectRepositoryFiles(scan);
    for (const { result, finding } of pairs(scan)) {
      expect(finding.ruleId).toMatch(/^G\d{3}$/);
      const rule = ruleOf(scan, result);
      const tag = (rule.properties!['tags'] as string[]).find((t) => /^[A-Z]+$/.test(t))!;
      expect(finding.severity).toBe(tag.toLowerCase());
      expect(finding.rule.cwe).toEqual(cweOfRelationships(rule));
      expect(finding.snippet).toBe(result.locations![0]!.physicalLocation!.region!.snippet!.text);
    }
  });
});

describe('real SpotBugs 4.10.4 + Find Security Bugs 1.14.0 SARIF', () => {
  const scan = localScan('spotbugs');
  it('when it is ingested with its checkout, then the source-path base makes every path repository-relative, the severity follows the priority level and the CWE comes from the taxonomy', () => {
    // No SpotBugs handler: the generic extraction reads everything SpotBugs writes.
    expect(scan.normalized.runs).toEqual([expect.objectContaining({ handler: 'generic' })]);
    expectRepositoryFiles(scan);
    const levels = { error: 'high', warning: 'medium', note: 'low' } as const;
    for (const { result, finding } of pairs(scan)) {
      expect(finding.location!.uri).toMatch(/^src\/main\/java\/com\/acme\//);
      expect(finding.severity).toBe(levels[result.level as keyof typeof levels]);
      expect(finding.rule.cwe).toEqual(cweOfRelationships(ruleOf(scan, result)));
      expect(finding.message.length).toBeGreaterThan(0);
    }
    expect(scan.normalized.findings.some((f) => f.ruleId === 'SQL_INJECTION_JDBC')).toBe(true);
  });
  it('when it is ingested without a checkout, then its absolute source base is an invalid location and nothing is routed to a fix', () => {
    const bare = normalizeLog(scan.log);
    expect(bare.findings.every((f) => f.problems.includes('invalid_uri') && !f.fixable)).toBe(true);
  });
});

describe('real Checkov 3.3.30 SARIF', () => {
  const scan = localScan('checkov');
  it('when it is ingested, then rule ids are CKV checks on repository files with their snippets, and a failed check without a Prisma severity is high (level error)', () => {
    expect(scan.normalized.runs).toEqual([expect.objectContaining({ handler: 'checkov' })]);
    expectRepositoryFiles(scan);
    for (const { result, finding } of pairs(scan)) {
      expect(finding.ruleId).toMatch(/^CKV2?_[A-Z0-9_]+$/);
      expect(finding.snippet).toBe(result.locations![0]!.physicalLocation!.region!.snippet!.text);
      expect(result.level).toBe('error');
      expect(finding.severity).toBe('high');
    }
  });
});

describe('real ESLint 9 SARIF (@microsoft/eslint-formatter-sarif)', () => {
  const scan = localScan('eslint');
  it('when it is ingested with its checkout, then the absolute file URIs become repository paths and the rule category is a tag', () => {
    expect(scan.normalized.runs).toEqual([expect.objectContaining({ handler: 'eslint' })]);
    expectRepositoryFiles(scan);
    for (const { result, finding } of pairs(scan)) {
      expect(result.locations![0]!.physicalLocation!.artifactLocation!.uri).toMatch(/^file:\/\//);
      const category = ruleOf(scan, result).properties?.['category'];
      if (typeof category === 'string') expect(finding.rule.tags).toContain(category);
      expect(finding.severity).toBe(result.level === 'error' ? 'high' : 'medium');
    }
  });
  it('when it is ingested without a checkout, then every location is invalid (absolute)', () => {
    const bare = normalizeLog(scan.log);
    expect(bare.findings.every((f) => f.problems.includes('invalid_uri'))).toBe(true);
  });
});

describe.each(localScans('semgrep').map((scan) => [scan.entry.file, scan] as const))(
  'real Semgrep 1.185.0 SARIF (local rules, no login): %s',
  (_, scan) => {
    it('when it is ingested, then the rules’ config path prefixes the ids, files and snippets are kept and the severity follows the level', () => {
      expect(scan.normalized.runs).toEqual([expect.objectContaining({ handler: 'semgrep' })]);
      expectRepositoryFiles(scan);
      for (const { result, finding } of pairs(scan)) {
        expect(finding.ruleId).toMatch(/^bench\.rules\.semgrep\./);
        expect(finding.snippet).toBe(result.locations![0]!.physicalLocation!.region!.snippet!.text);
        // Semgrep writes the level on the rule only (defaultConfiguration: ERROR/WARNING).
        expect(result.level).toBeUndefined();
        const level = ruleOf(scan, result).defaultConfiguration!.level;
        expect(finding.severity).toBe(level === 'error' ? 'high' : 'medium');
        expect(finding.rule.cwe.length).toBeGreaterThan(0);
        // Its `Semgrep Finding: <id>` short description says nothing: the full one is kept.
        expect(finding.rule.short_description).not.toMatch(/^Semgrep Finding/);
      }
    });
    it('when every result carries the "requires login" fingerprint, then identities come from the content and survive another finding disappearing', () => {
      expect(
        scan.results.every((r) => r.fingerprints?.['matchBasedId/v1'] === 'requires login'),
      ).toBe(true);
      const before = scan.normalized.findings;
      const [gone, ...kept] = scan.results;
      const after = normalizeLog(
        { ...scan.log, runs: [{ ...scan.run, results: kept }] },
        {
          checkoutUri: scan.entry.generated.checkout_uri,
        },
      ).findings;
      const goneFile = gone!.locations![0]!.physicalLocation!.artifactLocation!.uri!;
      const elsewhere = (fs: typeof before) =>
        fs.filter((f) => !goneFile.endsWith(f.location!.uri.split('/').pop()!));
      expect(elsewhere(after).map((f) => f.fingerprint)).toEqual(
        elsewhere(before).map((f) => f.fingerprint),
      );
      expect(elsewhere(before).length).toBeGreaterThan(10);
    });
  },
);

describe('real Semgrep 1.185.0 SARIF rules', () => {
  const scan = localScan('semgrep');
  it('when a rule’s confidence is LOW (a "LOW CONFIDENCE" tag), then the handler calls it low confidence', () => {
    const handler = handlerFor(scan.run);
    const rules = scan.run.tool.driver.rules!;
    const low = rules.filter((r) => (r.properties!['tags'] as string[]).includes('LOW CONFIDENCE'));
    expect(low.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const ctx = {
        run: scan.run,
        result: scan.results[0]!,
        rule,
        component: scan.run.tool.driver,
      };
      expect(handler.lowConfidence!(ctx)).toBe(low.includes(rule));
    }
  });
});
