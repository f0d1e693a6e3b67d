import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { normalizeLog } from '@remediation/sarif';
import { describe, expect, it } from 'vitest';
import { CURVE, FITTED_ON, REPUTATION_RATES } from '../src/scoring/calibration.js';
import {
  ENGINE_VERSION,
  evidenceHash,
  lookupRule,
  mergeSecondOpinion,
  RULE_CATALOG,
  summarizeEvidence,
  triageFinding,
} from '../src/index.js';
import { BALANCED, finding, lineOf, source } from './build.js';

const code =
  "router.get('/x', (req, res) => {\n  res.send('<h1>' + escapeHtml(req.query.n) + '</h1>');\n});\n";
const at = (text: string) =>
  triageFinding(
    finding({
      uri: 'src/x.js',
      line: lineOf(text, 'res.send'),
      ruleId: 'js/reflected-xss',
      id: String(text.length),
    }),
    source({ 'src/x.js': text }),
    BALANCED,
  );

describe('evidenceHash', () => {
  it('when the same code moves down the file and the finding id changes, then the hash is the same', () => {
    expect(evidenceHash(at(code))).toBe(evidenceHash(at(`// header\n\n\n${code}`)));
  });

  it('when the evidence changes (the escaper is removed), then the hash changes', () => {
    expect(evidenceHash(at(code))).not.toBe(
      evidenceHash(at(code.replace('escapeHtml(req.query.n)', 'req.query.n'))),
    );
  });

  it('when the settings change, then the hash changes', () => {
    const f = finding();
    expect(
      evidenceHash(triageFinding(f, { status: 'unavailable', reason: 'x' }, BALANCED)),
    ).not.toBe(
      evidenceHash(
        triageFinding(
          f,
          { status: 'unavailable', reason: 'x' },
          { ...BALANCED, sensitivity: 'aggressive' },
        ),
      ),
    );
  });

  it('when a second opinion is merged, then the hash is that of the deterministic evidence', () => {
    const v = at(code);
    const merged = mergeSecondOpinion(
      { ...v, uncertain: true },
      { classification: 'TRUE_POSITIVE', confidence: 0.9, reasoning: 'r', model: 'm' },
    );
    expect(evidenceHash(merged)).toBe(evidenceHash(v));
  });

  it('is the SHA-256 of the canonical JSON stored hashes were made of (so upgrades keep reusing verdicts)', () => {
    const v = at(code);
    const canonical = JSON.stringify({
      v: ENGINE_VERSION,
      c: [CURVE, REPUTATION_RATES, FITTED_ON],
      e: v.evidence.map((e) => [e.signal, e.effect, e.detail, e.weight ?? null]),
    });
    expect(evidenceHash(v)).toBe(createHash('sha256').update(canonical).digest('hex'));
  });

  it('when summarized, then the text names the classification, confidence and top signals', () => {
    expect(summarizeEvidence(at(code))).toMatch(
      /^FALSE_POSITIVE \d+%: (flow_reconstructed_)?sanitized? \(-\)/,
    );
  });
});

describe('rule catalog', () => {
  it.each([
    ['CodeQL', 'com.lgtm/javascript-queries:js/sql-injection', 'sql-injection'],
    [
      'Semgrep OSS',
      'python.lang.security.audit.formatted-sql-query.formatted-sql-query',
      'sql-injection',
    ],
    ['ESLint', 'security/detect-child-process', 'command-injection'],
    ['Bandit', 'B324', 'weak-hash'],
    ['gosec', 'G404', 'insecure-randomness'],
    ['SonarQube', 'javascript:S2245', 'insecure-randomness'],
    ['SnykCode', 'javascript/HardcodedSecret/test', 'hardcoded-secret'],
    ['gosec', 'G701', 'sql-injection'],
    ['SpotBugs', 'SQL_INJECTION_JDBC', 'sql-injection'],
    ['SpotBugs', 'PT_RELATIVE_PATH_TRAVERSAL', 'path-traversal'],
    ['checkov', 'CKV_AZURE_17', 'iac-misconfiguration'],
    ['Trivy', 'CVE-2019-1549', 'vulnerable-dependency'],
  ])('when %s reports %s, then the class is %s', (tool, id, cls) => {
    expect(lookupRule(tool, id)?.vulnerabilityClass).toBe(cls);
  });

  it('when a tool is unknown, then the catalog has no entry and the class comes from the CWE tags', () => {
    expect(lookupRule('SomeScanner', 'X1')).toBeUndefined();
    const v = triageFinding(
      finding({
        tool: 'SomeScanner',
        ruleId: 'X1',
        rule: {
          id: 'X1',
          name: null,
          tool_component: 't',
          short_description: null,
          help_uri: null,
          tags: [],
          cwe: ['CWE-89'],
          precision: null,
          security_severity: null,
          kind: null,
        },
      }),
      { status: 'unavailable', reason: 'x' },
      BALANCED,
    );
    expect(v.vulnerabilityClass).toBe('sql-injection');
  });

  it('when every catalog row is listed, then each names a known class and CWE', () => {
    expect(RULE_CATALOG.length).toBeGreaterThan(300);
    for (const e of RULE_CATALOG) expect(e.cwe.every((c) => /^CWE-\d+$/.test(c))).toBe(true);
  });

  it('when a rule has a codemod for the file language, then codemodAvailable is true', () => {
    const yes = triageFinding(
      finding({ tool: 'Bandit', ruleId: 'B506', uri: 'app/load.py' }),
      { status: 'unavailable', reason: 'x' },
      BALANCED,
    );
    const no = triageFinding(
      finding({ tool: 'Bandit', ruleId: 'B506', uri: 'app/load.go' }),
      { status: 'unavailable', reason: 'x' },
      BALANCED,
    );
    expect(yes.codemodAvailable).toBe(true);
    expect(no.codemodAvailable).toBe(false);
  });
});

describe('the shared SARIF corpus', () => {
  it('when every finding of every corpus document is triaged, then each has a justification and evidence', () => {
    const dir = new URL('../../../../shared/sarif-corpus/', import.meta.url);
    let count = 0;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.sarif'))) {
      let log;
      try {
        log = JSON.parse(readFileSync(new URL(name, dir), 'utf8').replace(/^\uFEFF/, ''));
        normalizeLog(log);
      } catch {
        continue; // not JSON or not processable: ingestion refuses these documents
      }
      for (const f of normalizeLog(log).findings) {
        const v = triageFinding(
          { ...f, id: f.fingerprint },
          { status: 'unavailable', reason: 'corpus' },
          BALANCED,
        );
        expect(v.justification.trim().length).toBeGreaterThan(10);
        expect(v.evidence.length).toBeGreaterThan(0);
        expect(v.confidence).toBeGreaterThanOrEqual(0);
        expect(v.confidence).toBeLessThanOrEqual(1);
        count++;
      }
    }
    expect(count).toBeGreaterThan(4000);
  });
});
