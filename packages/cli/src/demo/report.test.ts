import type { Finding, Fix } from '@remediation/contracts';
import { describe, expect, it } from 'vitest';
import { branchOfFix, checkSummary, demoReport, type DemoFacts } from './report.js';

const FIX_ID = '0193b1c2-7d4e-7a8b-9c0d-1234567890ab';

const finding = (over: Partial<Finding>): Finding =>
  ({
    id: '0193b1c2-0000-7000-8000-000000000001',
    tool: 'ESLint',
    rule_id: 'sonarjs/pseudo-random',
    severity: 'high',
    location: { uri: 'src/sessions.js', start_line: 9 },
    triage: null,
    fix_id: null,
    fix_note: null,
    ...over,
  }) as Finding;

const facts = (over: Partial<DemoFacts> = {}): DemoFacts => ({
  repository: 'demo/app',
  repositoryId: 'repo-1',
  remote: '/srv/git/demo-app.git',
  commit: 'a'.repeat(40),
  scanners: ['ESLint', 'Bandit'],
  skipped: [],
  scan: {
    scan_id: 'scan-1',
    state: 'completed',
    findings_count: 2,
    fixes_generated: 1,
    error: null,
    warnings: [],
    warnings_count: 0,
    tools: ['ESLint', 'Bandit'],
  },
  findings: [],
  fixes: [],
  autoPr: true,
  branches: new Map(),
  shownFix: undefined,
  shownBranch: undefined,
  log: undefined,
  code: new Map(),
  dashboard: 'http://localhost:8080',
  scannedMs: 1200,
  totalMs: 9000,
  ...over,
});

describe('branchOfFix', () => {
  it("when a branch ends with the fix id's last 12 hex digits, then it is that fix's branch", () => {
    const branches = new Map([
      ['remediate/js-insecure-randomness-1234567890ab', 'sha1'],
      ['remediate/js-weak-hash-999999999999', 'sha2'],
    ]);
    expect(branchOfFix({ id: FIX_ID }, branches)).toBe(
      'remediate/js-insecure-randomness-1234567890ab',
    );
    expect(branchOfFix({ id: '0193b1c2-7d4e-7a8b-9c0d-000000000000' }, branches)).toBeUndefined();
  });
});

describe('checkSummary', () => {
  it('when checks passed and failed, then each is named with its outcome', () => {
    expect(checkSummary({ ok: false, checks: { parses: true, diff_local: false } })).toBe(
      'parses passed, diff_local FAILED',
    );
    expect(checkSummary({})).toBe('no checks recorded');
  });
});

describe('demoReport', () => {
  it('when findings have verdicts, a fix and a pushed branch, then the report groups them by verdict, quotes the code evidence, names the branch and links the scan and the fix', () => {
    const tp = finding({
      fix_id: FIX_ID,
      triage: {
        classification: 'TRUE_POSITIVE',
        severity: 'high',
        confidence: 0.93,
        justification: 'Math.random() makes a session id.',
        evidence: [
          {
            signal: 'security_use',
            effect: 'true_positive',
            detail: 'The random value is used for a security purpose (the code names "session").',
            weight: 1.2,
          },
          { signal: 'base_severity', effect: 'severity', detail: 'Severity medium.' },
        ],
        provider: 'deterministic',
        ai_generated: false,
        scan_id: 'scan-1',
        overridden_by: null,
        overridden_at: null,
      },
    });
    const fp = finding({
      id: '0193b1c2-0000-7000-8000-000000000002',
      location: {
        uri: 'test/sessions.test.js',
        start_line: 8,
        start_column: null,
        end_line: null,
        end_column: null,
      },
      triage: { ...tp.triage!, classification: 'FALSE_POSITIVE', justification: 'test code' },
      fix_id: null,
    });
    const fix = {
      id: FIX_ID,
      status: 'pr_open',
      codemod: 'remediate:js/insecure-randomness',
    } as Fix;
    const branch = 'remediate/js-insecure-randomness-1234567890ab';
    const lines = demoReport(
      facts({
        findings: [tp, fp],
        fixes: [fix],
        branches: new Map([[branch, 'b'.repeat(40)]]),
        shownFix: {
          ...fix,
          summary: 'Secure randomness',
          evaluation: { checks: { parses: true } },
          diff: '',
          rationale: '',
        },
        shownBranch: branch,
        log: 'commit bbbb\n    Secure randomness',
        code: new Map([['src/sessions.js:9', '  const id = Math.random().toString(36).slice(2);']]),
      }),
    );
    const text = lines.join('\n');
    expect(text).toContain('Findings by verdict: 1 true positive, 1 false positive');
    expect(text).toContain('9 | const id = Math.random().toString(36).slice(2);');
    expect(text).toContain(
      'evidence: security_use: The random value is used for a security purpose (the code names "session").',
    );
    expect(text).not.toContain('Severity medium.');
    expect(text).toContain('verdict: true positive, confidence 93%');
    expect(text).toMatch(
      /src\/sessions\.js:9 +fix pr open → remediate\/js-insecure-randomness-1234567890ab/,
    );
    expect(text).toContain('checks: parses passed');
    expect(text).toContain(`git log -1 --stat ${branch}:`);
    expect(text).toContain(
      'scan:  http://localhost:8080/findings?repository=repo-1&scan_id=scan-1',
    );
    expect(text).toContain(`fix:   http://localhost:8080/fixes/${FIX_ID}`);
    // Verdict groups in a fixed order: true positives first.
    expect(text.indexOf('true positive:')).toBeLessThan(text.indexOf('false positive:'));
  });

  it('when auto_pr is off, then the report says why no branch was pushed', () => {
    expect(demoReport(facts({ autoPr: false })).join('\n')).toContain(
      '0 (auto_pr is off for this repository)',
    );
  });
});
