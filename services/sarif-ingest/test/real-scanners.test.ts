import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corpusJson,
  expectedFindings,
  localManifest,
  REPO_ROOT,
} from '../../../test/e2e/corpus.js';
import { createHarness, corpus, type Harness } from './harness.js';

// The real output of each scanner scripts/lib.sh installs (test/corpus, written by
// generate.sh), ingested by the real worker with the checkout_uri `remediate upload` sends.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.startIngester();
});
afterAll(async () => h?.close());

/** Scanners whose SARIF carries `region.snippet` (ESLint's formatter and SpotBugs write none). */
const WITH_SNIPPETS = new Set(['bandit', 'gosec', 'checkov', 'semgrep']);

const snippetOf = (result: Record<string, unknown>): string | undefined =>
  (
    result['locations'] as
      { physicalLocation?: { region?: { snippet?: { text?: string } } } }[] | undefined
  )?.[0]?.physicalLocation?.region?.snippet?.text;

const findingsOf = (repoId: string) =>
  h.db
    .selectFrom('findings')
    .select(['id', 'rule_id', 'uri', 'start_line', 'severity', 'snippet', 'problems', 'fixable'])
    .select(['properties', 'fingerprint'])
    .where('repository_id', '=', repoId)
    .orderBy('id')
    .execute();

describe('real scanner output generated here, ingested', () => {
  for (const entry of localManifest()) {
    const generated = entry.generated!;
    it(`when ${entry.file} (${generated.tool_version}) is ingested twice, then every finding is stored on a repository file with a rule id and a severity, and the second scan recognizes each one`, async () => {
      const { repoId } = await h.tenant();
      const document = corpus(entry.file);
      const options = { checkoutUri: generated.checkout_uri };
      const scan = await h.waitForScan(await h.submit(repoId, document, options));
      const expected = expectedFindings(corpusJson(entry.file));
      expect(scan, JSON.stringify(scan)).toMatchObject({ findings_count: expected });
      expect(scan.error).toBeNull();
      expect(scan.tools).toEqual(entry.stats.tool_driver_names);
      // No location warning: every path resolved inside the checkout.
      expect(scan.warnings.map((w) => w.message).join(' ')).not.toMatch(/invalid_uri/);

      const rows = await findingsOf(repoId);
      expect(rows).toHaveLength(expected);
      for (const f of rows) {
        expect(f.problems, JSON.stringify(f)).toEqual([]);
        expect(f.fixable).toBe(true);
        expect(f.rule_id).not.toBeNull();
        expect(existsSync(join(REPO_ROOT, generated.cwd, f.uri!)), f.uri!).toBe(true);
        expect(f.start_line).toBeGreaterThan(0);
        // A snippet is kept as sent, a blank one (Bandit's on calls spanning lines) is none.
        if (f.snippet !== null) expect(f.snippet.trim()).not.toBe('');
        if (entry.tool_family === 'bandit') {
          expect(f.severity).toBe(String(f.properties['issue_severity']).toLowerCase());
        }
      }
      const sentSnippets = corpusJson(entry.file).runs.flatMap((run) =>
        (run.results ?? []).filter((r) => snippetOf(r)?.trim()),
      );
      expect(rows.filter((f) => f.snippet !== null)).toHaveLength(sentSnippets.length);
      if (WITH_SNIPPETS.has(entry.tool_family)) expect(sentSnippets.length).toBeGreaterThan(0);

      const again = await h.waitForScan(await h.submit(repoId, document, options));
      expect(again.findings_count).toBe(expected);
      const after = await findingsOf(repoId);
      expect(after.map((f) => f.id)).toEqual(rows.map((f) => f.id));
    });
  }
});
