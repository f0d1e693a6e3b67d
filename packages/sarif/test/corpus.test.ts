import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  inspectSarif,
  normalizeLog,
  parseSarif,
  type SarifLog,
} from '../src/index.js';
import {
  corpusFile,
  corpusJson,
  expectedFindings,
  expectedVerdict,
  manifest,
} from '../../../test/e2e/corpus.js';

describe('the shared SARIF corpus', () => {
  for (const entry of manifest()) {
    const verdict = expectedVerdict(entry);
    it(`${entry.file}: ${verdict}`, () => {
      const body = corpusFile(entry.file);
      const inspection = inspectSarif(body, DEFAULT_LIMITS);
      if (verdict === 'reject') {
        expect(inspection.kind).toBe('invalid');
        if (inspection.kind !== 'invalid') return;
        expect(inspection.problems.length).toBeGreaterThan(0);
        expect(inspection.problems.length).toBeLessThanOrEqual(51);
        // The manifest's reason starts with the offending path ("/runs/0/tool must ..."), or
        // says the file is not JSON.
        const reason = entry.expect_reason ?? 'must hold at least one run';
        const path = reason.startsWith('/') ? reason.split(' ')[0] : '/';
        if (entry.file === 'none__dd_no_runs.sarif') {
          expect(inspection.problems).toEqual([
            { path: '/runs', message: 'must hold at least one run' },
          ]);
        } else {
          // A missing property is reported at its own path, under the manifest's parent path.
          expect(
            inspection.problems.some((p) => p.path === path || p.path.startsWith(`${path}/`)),
            JSON.stringify(inspection.problems),
          ).toBe(true);
        }
        return;
      }
      expect(inspection.kind).toBe('valid');
      if (inspection.kind !== 'valid') return;
      if (verdict === 'accept-with-warnings') {
        expect(inspection.warnings).toEqual([
          expect.stringMatching(/^\/runs\/0\/newlineSequences: duplicate entries/),
        ]);
      } else expect(inspection.warnings).toEqual([]);
      const parsed = parseSarif(body);
      if (!parsed.ok) throw new Error('unreachable');
      const log = parsed.value as SarifLog;
      const normalized = normalizeLog(log);
      expect(normalized.results).toBe(entry.stats.results);
      expect(normalized.findings).toHaveLength(expectedFindings(corpusJson(entry.file)));
      expect(new Set(normalized.findings.map((f) => f.fingerprint)).size).toBe(
        normalized.findings.length,
      );
      expect(normalized.runs.map((r) => r.tool)).toEqual(log.runs.map((r) => r.tool.driver.name));
    });
  }
});
