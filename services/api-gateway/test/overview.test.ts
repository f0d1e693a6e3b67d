import { newId } from '@remediation/db';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('GET /v1/overview', () => {
  it('when a repository has a scan and findings, then open findings are counted by severity (resolved ones excluded) and admins see queue health', async () => {
    const { repo, auth } = await createTenant(h.db);
    const scanId = newId();
    await h.db
      .insertInto('scans')
      .values({
        id: scanId,
        repository_id: repo.id,
        sarif_document_id: null,
        state: 'completed',
        source: 'upload',
        commit_sha: null,
        ref: null,
        checkout_uri: null,
        idempotency_key: null,
        error: null,
      })
      .execute();
    const finding = async (severity: 'high' | 'low', resolved: boolean) => {
      const id = newId();
      await h.db
        .insertInto('findings')
        .values({
          id,
          repository_id: repo.id,
          fingerprint: id,
          first_seen_scan_id: scanId,
          last_seen_scan_id: scanId,
          rule_id: 'js/sql-injection',
          tool: 'CodeQL',
          category: null,
          message: 'Query built from user input',
          uri: 'src/db.js',
          start_line: 10,
          start_column: 5,
          end_line: 10,
          end_column: 30,
          level: 'error',
          severity,
          dataflow_tier: 'STRONG_SINGLE_FILE',
          code_flows: JSON.stringify([]),
          related_locations: JSON.stringify([]),
          properties: JSON.stringify({}),
          fix_id: null,
          resolved,
        })
        .execute();
    };
    await finding('high', false);
    await finding('high', false);
    await finding('low', false);
    await finding('high', true);

    const res = await request(h.app).get('/v1/overview').set('Authorization', auth);
    expect(res.status).toBe(200);
    const body = res.body as {
      repositories: {
        id: string;
        open_findings: Record<string, number>;
        last_scan: { scan_id: string };
      }[];
      queues: { name: string }[];
    };
    const mine = body.repositories.find((r) => r.id === repo.id)!;
    expect(mine.open_findings).toEqual({ critical: 0, high: 2, medium: 0, low: 1, info: 0 });
    expect(mine.last_scan.scan_id).toBe(scanId);
    expect(body.queues.map((q) => q.name).sort()).toEqual(['sarif-ingest', 'webhook-delivery']);
  });
});
