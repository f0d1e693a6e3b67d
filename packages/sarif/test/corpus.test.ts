import { describe, expect, it } from 'vitest';
import {
  acceptSarif,
  DEFAULT_LIMITS,
  inspectSarif,
  normalizeLog,
  parseSarif,
} from '../src/index.js';
import {
  checkoutUriOf,
  corpusFile,
  corpusJson,
  expectedFindings,
  expectedVerdict,
  manifest,
} from '../../../test/e2e/corpus.js';

const accepted = (file: string) => {
  const parsed = parseSarif(corpusFile(file));
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const result = acceptSarif(parsed.value);
  if (!result.ok) throw new Error(`${file} refused: ${JSON.stringify(result.problems)}`);
  return result;
};

describe('the SARIF corpora (shared, and generated here by test/corpus/generate.sh)', () => {
  for (const entry of manifest()) {
    const verdict = expectedVerdict(entry);
    it(`${entry.file}: ${verdict}`, () => {
      const body = corpusFile(entry.file);
      const inspection = inspectSarif(body, DEFAULT_LIMITS);
      if (verdict === 'reject') {
        expect(inspection.kind).toBe('invalid');
        if (inspection.kind !== 'invalid') return;
        expect(inspection.problems.length).toBeGreaterThan(0);
        expect(inspection.problems.length).toBeLessThanOrEqual(50);
        // The manifest's reason starts with the offending path ("/runs/0/tool must ..."), or
        // says the file is not JSON or has no runs.
        const reason = entry.expect_reason ?? '';
        const path = reason.startsWith('/')
          ? reason.split(' ')[0]!
          : /runs/.test(reason)
            ? '/runs'
            : '/';
        expect(
          inspection.problems.some((p) => p.path === path || p.path.startsWith(`${path}/`)),
          JSON.stringify(inspection.problems),
        ).toBe(true);
        return;
      }
      expect(inspection.kind, JSON.stringify(inspection)).toBe('valid');
      if (inspection.kind !== 'valid') return;
      if (verdict === 'accept-with-warnings') {
        expect(inspection.warnings.length).toBeGreaterThan(0);
        expect(inspection.warningsCount).toBeGreaterThanOrEqual(inspection.warnings.length);
        for (const w of inspection.warnings) {
          expect(w.path).toMatch(/^\/runs\/\d+\//);
          expect(['dropped', 'marked', 'ignored']).toContain(w.action);
          expect(w.message.length).toBeGreaterThan(0);
        }
      } else expect(inspection.warnings).toEqual([]);
      // The document as accepted (repaired where needed) loses no finding.
      const { log } = accepted(entry.file);
      const normalized = normalizeLog(log, { checkoutUri: checkoutUriOf(entry) ?? null });
      expect(normalized.results).toBe(entry.stats.results);
      expect(normalized.findings).toHaveLength(expectedFindings(corpusJson(entry.file)));
      expect(new Set(normalized.findings.map((f) => f.fingerprint)).size).toBe(
        normalized.findings.length,
      );
      expect(normalized.runs.map((r) => r.tool)).toEqual(log.runs.map((r) => r.tool.driver.name));
    });
  }
});

describe('the corpus files the tolerant policy keeps working', () => {
  it('when Black Duck nests objects in fingerprints and writes fixes without artifactChanges, then both are dropped and every finding is kept', () => {
    const { warnings, warningsCount, log } = accepted('blackduck__dd_nested_fingerprints.sarif');
    const results = corpusJson('blackduck__dd_nested_fingerprints.sarif').runs[0]!.results!;
    expect(warningsCount).toBe(2 * results.length);
    expect(warnings).toContainEqual({
      path: '/runs/0/results/0/fingerprints/csvRowSha256',
      message: 'must be string; dropped',
      action: 'dropped',
    });
    expect(warnings).toContainEqual({
      path: '/runs/0/results/0/fixes/0',
      message: '`artifactChanges` is required; dropped',
      action: 'dropped',
    });
    expect(log.runs[0]!.results![0]!).not.toHaveProperty('fixes.0');
    expect(normalizeLog(log).findings).toHaveLength(results.length);
  });

  it('when flawfinder writes a result without a message, then the document is accepted with the result marked', () => {
    const { warnings, log } = accepted('flawfinder__dd_sarif_flawfinder.sarif');
    expect(warnings).toEqual([
      {
        path: '/runs/0/results/52/message',
        message: expect.stringContaining('marked missing_message') as string,
        action: 'marked',
      },
    ]);
    // That result is a `pass` (no problem): it is read and skipped, as every pass is.
    const normalized = normalizeLog(log);
    expect(normalized.skipped).toBe(1);
    expect(normalized.findings).toHaveLength(53);
  });

  it('when flawfinder gives the same contextHash fingerprint to two lines, then they stay two findings', () => {
    const findings = normalizeLog(accepted('flawfinder__dd_sarif_flawfinder.sarif').log).findings;
    const setstate = findings.filter(
      (f) => f.ruleId === 'FF1048' && f.location?.uri === 'src/tree/param.cc',
    );
    expect(setstate.map((f) => f.location?.startLine).sort()).toEqual([29, 75]);
    expect(new Set(setstate.map((f) => f.fingerprint)).size).toBe(2);
  });

  it('when LGTM repeats a newline sequence, then the repeat is dropped with a warning', () => {
    const { warnings } = accepted('lgtm__dd_defectdojo_export.sarif');
    expect(warnings).toEqual([
      {
        path: '/runs/0/newlineSequences',
        message: expect.stringMatching(/duplicate.*dropped/) as string,
        action: 'dropped',
      },
    ]);
  });
});
