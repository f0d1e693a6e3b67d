import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiResponse, type ErrorBody } from './api.js';
import {
  checkoutUriOf,
  corpusFile,
  corpusJson,
  expectedFindings,
  expectedVerdict,
  manifest,
} from './corpus.js';
import { startStack, type Stack } from './stack.js';
import { countRows, createTenant } from './tenant.js';

let database: TestDatabase;
let stack: Stack;
let client: ReturnType<typeof api>;
let repoId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack(database.url);
  await stack.start('api-gateway');
  await stack.start('sarif-ingest');
  await stack.start('triage');
  await stack.start('fixer');
  const tenant = await createTenant(database.db, database.url, 'corpus');
  repoId = tenant.repoId;
  client = api(stack.url, tenant.token);
});
afterAll(async () => {
  await stack?.stop();
  await database?.destroy();
});

const rowsIn = (table: Parameters<typeof countRows>[1]) => countRows(database.db, table);

describe('every corpus file uploaded through the API', () => {
  for (const entry of manifest()) {
    const verdict = expectedVerdict(entry);
    it(`${entry.file}: ${verdict}`, async () => {
      const before = await rowsIn('scans');
      // The files generated here carry the checkout their absolute URIs are under, as
      // `remediate upload` would send it.
      const checkout = checkoutUriOf(entry);
      const query = checkout ? `?checkout_uri=${encodeURIComponent(checkout)}` : '';
      const res = await client.upload(repoId, corpusFile(entry.file), {}, query);
      if (verdict === 'reject') {
        expect(res.status).toBe(400);
        const error = (res.body as unknown as ErrorBody).error;
        expect(error.code).toBe('invalid_sarif');
        expect(error.problems!.length).toBeGreaterThan(0);
        const reason = entry.expect_reason ?? '';
        const path = reason.startsWith('/') ? reason.split(' ')[0]! : '/';
        const at = entry.file === 'none__dd_no_runs.sarif' ? '/runs' : path;
        expect(error.problems!.length).toBeLessThanOrEqual(50);
        expect(
          error.problems!.some((p) => p.path === at || p.path.startsWith(`${at}/`)),
          JSON.stringify(error.problems),
        ).toBe(true);
        expect(await rowsIn('scans')).toBe(before);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const repairs = (res.body as unknown as { warnings_count: number }).warnings_count;
      if (verdict === 'accept-with-warnings') expect(repairs).toBeGreaterThan(0);
      else expect(repairs).toBe(0);
      const scan = await client.waitForScan(repoId, res.body.scan_id);
      const expected = expectedFindings(corpusJson(entry.file));
      expect(scan, JSON.stringify(scan)).toMatchObject({
        state: 'completed',
        findings_count: expected,
        fixes_generated: 0,
      });
      expect(scan.tools).toEqual([...new Set(entry.stats.tool_driver_names)]);
      // The acceptance repairs come first in the scan's warnings, with their paths.
      expect(scan.warnings.slice(0, repairs).every((w) => w.path.startsWith('/runs/'))).toBe(true);
      expect(scan.warnings_count).toBeGreaterThanOrEqual(repairs);
      // The scan's findings, as the API lists them (?scan_id=), page by page.
      let listed = 0;
      let cursor: string | null = null;
      do {
        const page: ApiResponse<{ data: unknown[]; next_cursor: string | null }> =
          await client.call(
            'GET',
            `/repositories/${repoId}/findings?scan_id=${scan.scan_id}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          );
        expect(page.status).toBe(200);
        listed += page.body.data.length;
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(listed).toBe(expected);
      // Every routable finding (no problem, not suppressed) has a verdict with a justification
      // and evidence; suppressed ones are WONT_FIX.
      const triaged = await database.db
        .selectFrom('scan_findings as sf')
        .innerJoin('findings as f', 'f.id', 'sf.finding_id')
        .leftJoin('triage_results as t', (j) =>
          j.onRef('t.finding_id', '=', 'f.id').onRef('t.scan_id', '=', 'sf.scan_id'),
        )
        .select([
          'f.problems',
          'f.suppressed',
          't.classification',
          't.justification',
          't.evidence',
          't.reused_from',
        ])
        .where('sf.scan_id', '=', scan.scan_id)
        .execute();
      for (const t of triaged) {
        if (t.problems.length > 0) continue;
        expect(t.classification, JSON.stringify(t)).not.toBeNull();
        expect(t.justification!.length).toBeGreaterThan(10);
        expect((t.evidence as unknown[]).length).toBeGreaterThan(0);
        if (t.suppressed) expect(t.classification).toBe('WONT_FIX');
      }
    });
  }
});

describe('a finding in detail', () => {
  it('keeps the rule metadata, code flows, related locations and properties the scanner sent', async () => {
    const res = await client.upload(repoId, corpusFile('snykcode__dd_issue_9270.sarif'));
    const scan = await client.waitForScan(repoId, res.body.scan_id);
    const list = await client.call<{
      data: { id: string; rule_id: string; dataflow_tier: string }[];
    }>(
      'GET',
      `/repositories/${repoId}/findings?scan_id=${scan.scan_id}&rule_id=javascript%2FXSS&limit=100`,
    );
    const flowed = list.body.data.find((f) => f.dataflow_tier.startsWith('STRONG_'));
    expect(flowed).toBeDefined();
    const detail = await client.call<Record<string, unknown>>('GET', `/findings/${flowed!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      rule_id: 'javascript/XSS',
      tool: 'SnykCode',
      rule: { id: 'javascript/XSS', cwe: ['CWE-79'], tool_component: 'SnykCode' },
      code_flows: [expect.objectContaining({ threadFlows: expect.any(Array) })],
      properties: expect.objectContaining({ priorityScore: expect.any(Number) }),
    });
  });
});
