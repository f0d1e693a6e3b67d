import { describe, expect, it } from 'vitest';
import { handlerFor, normalizeLog, parseSarif, type SarifLog } from '../src/index.js';
import { corpusFile } from '../../../test/e2e/corpus.js';
import { at, log, result } from './build.js';

const corpusLog = (file: string): SarifLog => {
  const parsed = parseSarif(corpusFile(file));
  if (!parsed.ok) throw new Error(file);
  return parsed.value as SarifLog;
};

describe('handler routing', () => {
  it.each([
    ['CodeQL', 'codeql'],
    ['LGTM.com', 'codeql'],
    ['Semgrep OSS', 'semgrep'],
    ['ESLint', 'eslint'],
    ['Bandit', 'bandit'],
    ['gosec', 'gosec'],
    ['Trivy', 'trivy'],
    ['Checkov', 'checkov'],
    ['SnykCode', 'snyk'],
    ['SonarQube', 'sonarqube'],
    ['gitleaks', 'gitleaks'],
    ['PMD', 'generic'],
  ])('%s → %s', (name, id) => {
    expect(handlerFor({ tool: { driver: { name } } }).id).toBe(id);
  });
  it('recognizes CodeQL by its query-pack extensions', () => {
    expect(
      handlerFor({
        tool: { driver: { name: 'custom' }, extensions: [{ name: 'codeql/java-queries' }] },
      }).id,
    ).toBe('codeql');
  });
});

describe('CodeQL', () => {
  it('reads rules from query packs: security-severity, precision, CWE tags (real CodeQL output)', () => {
    const out = normalizeLog(corpusLog('codeql__roller_java_large.sarif'));
    expect(out.runs[0]).toMatchObject({ tool: 'CodeQL', handler: 'codeql' });
    const xss = out.findings.find((f) => f.ruleId === 'java/xss');
    expect(xss).toBeDefined();
    expect(xss!.rule).toMatchObject({
      id: 'java/xss',
      precision: 'high',
      security_severity: '6.1',
      // The rule comes from the query pack the result points at, not the driver.
      tool_component: 'codeql/java-queries',
    });
    expect(xss!.rule.cwe).toEqual(expect.arrayContaining(['CWE-79']));
    expect(xss!.severity).toBe('medium');
    expect(xss!.dataflowTier).toMatch(/^STRONG_/);
  });
  it('takes rules from tool.extensions through rule.toolComponent', () => {
    const out = normalizeLog(
      log(
        'CodeQL',
        [
          result({
            ruleId: 'js/xss',
            rule: { id: 'js/xss', index: 0, toolComponent: { index: 0 } },
          }),
        ],
        {
          tool: {
            driver: { name: 'CodeQL' },
            extensions: [
              {
                name: 'codeql/javascript-queries',
                rules: [
                  {
                    id: 'js/xss',
                    shortDescription: { text: 'XSS' },
                    properties: {
                      'security-severity': '7.8',
                      precision: 'low',
                      tags: ['external/cwe/cwe-079'],
                    },
                  },
                ],
              },
            ],
          },
        },
      ),
    ).findings[0]!;
    expect(out.rule).toMatchObject({
      tool_component: 'codeql/javascript-queries',
      short_description: 'XSS',
      cwe: ['CWE-79'],
    });
    expect(out.severity).toBe('high');
  });
});

describe('Semgrep', () => {
  it('maps a severity word and CWE tags (real Semgrep output)', () => {
    const out = normalizeLog(corpusLog('semgrep__dd_issue_10191.sarif'));
    const cors = out.findings.find((f) => f.ruleId?.endsWith('rule-generic-cors'));
    expect(cors).toMatchObject({ severity: 'medium' });
    expect(cors!.rule).toMatchObject({ precision: 'very-high', security_severity: 'MEDIUM' });
    expect(cors!.rule.cwe).toContain('CWE-346');
  });
  it('treats a low-confidence rule’s code flow as WEAK', () => {
    const flow = {
      threadFlows: [{ locations: [{ location: at('a.py', 1) }, { location: at('a.py', 5) }] }],
    };
    const rules = [{ id: 'r1', properties: { confidence: 'LOW' } }];
    const f = normalizeLog(
      log('Semgrep OSS', [result({ codeFlows: [flow] })], {
        tool: { driver: { name: 'Semgrep OSS', rules } },
      }),
    ).findings[0]!;
    expect(f.dataflowTier).toBe('WEAK');
  });
});

describe('ESLint', () => {
  it('keeps the rule category as a tag and helpUri (real formatter output)', () => {
    const out = normalizeLog(corpusLog('eslint__tut_simple-example.sarif'), {
      checkoutUri: 'file:///C:/dev/sarif/sarif-tutorials',
    });
    expect(out.findings[0]).toMatchObject({
      ruleId: 'no-unused-vars',
      problems: [],
      location: { uri: 'samples/Introduction/simple-example.js', startLine: 1 },
    });
    expect(out.findings[0]!.rule).toMatchObject({
      tags: ['Variables'],
      help_uri: 'https://eslint.org/docs/rules/no-unused-vars',
    });
  });
});

describe('Trivy', () => {
  it('uses security-severity, else the severity tag', () => {
    const out = normalizeLog(corpusLog('trivy__alpine_310_golden.sarif'));
    expect(out.findings.every((f) => f.severity === 'medium')).toBe(true);
    const tagged = normalizeLog(
      log('Trivy', [result()], {
        tool: {
          driver: {
            name: 'Trivy',
            rules: [{ id: 'r1', properties: { tags: ['vulnerability', 'CRITICAL'] } }],
          },
        },
      }),
    ).findings[0]!;
    expect(tagged.severity).toBe('critical');
  });
});

describe('Snyk', () => {
  it('reads CWE from the cwe property and multi-file code flows (real Snyk Code output)', () => {
    const out = normalizeLog(corpusLog('snykcode__dd_issue_9270.sarif'));
    const xss = out.findings.find((f) => f.ruleId === 'javascript/XSS');
    expect(xss!.rule.cwe).toEqual(['CWE-79']);
    expect(out.findings.some((f) => f.dataflowTier === 'STRONG_MULTI_FILE')).toBe(true);
    expect(xss!.message).toContain('bypassSecurityTrustHtml');
  });
});

describe('Bandit, gosec, Checkov, SonarQube', () => {
  it('Bandit: issue_severity and issue_confidence', () => {
    const f = normalizeLog(
      log('Bandit', [
        result({
          properties: { issue_severity: 'HIGH', issue_confidence: 'LOW' },
          codeFlows: [
            {
              threadFlows: [
                { locations: [{ location: at('a.py', 1) }, { location: at('a.py', 2) }] },
              ],
            },
          ],
        }),
      ]),
    ).findings[0]!;
    expect(f).toMatchObject({ severity: 'high', dataflowTier: 'WEAK' });
  });
  it('gosec: CWE through relationships to the CWE taxonomy, severity tag', () => {
    const rules = [
      {
        id: 'G101',
        properties: { tags: ['security', 'HIGH'], precision: 'low' },
        relationships: [{ target: { id: '798', toolComponent: { name: 'CWE' } } }],
      },
    ];
    const f = normalizeLog(
      log('gosec', [result({ ruleId: 'G101' })], { tool: { driver: { name: 'gosec', rules } } }),
    ).findings[0]!;
    expect(f.rule.cwe).toEqual(['CWE-798']);
    expect(f.severity).toBe('high');
  });
  it('Checkov: a severity property', () => {
    const f = normalizeLog(
      log('Checkov', [result({ ruleId: 'CKV_AWS_20', properties: { severity: 'LOW' } })]),
    ).findings[0]!;
    expect(f.severity).toBe('low');
  });
  it('SonarQube: BLOCKER..INFO', () => {
    const f = normalizeLog(log('SonarQube', [result({ properties: { severity: 'BLOCKER' } })]))
      .findings[0]!;
    expect(f.severity).toBe('critical');
  });
});
