import { newId } from '@remediation/db';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  createRepo,
  createTenant,
  createToken,
  expectError,
  type Harness,
} from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const seedScan = async (repositoryId: string) => {
  const id = newId();
  await h.db
    .insertInto('scans')
    .values({
      id,
      repository_id: repositoryId,
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
  return id;
};

const seedFinding = async (
  repositoryId: string,
  scanId: string,
  over: Partial<{ rule_id: string; severity: 'high' | 'low'; fingerprint: string }> = {},
) => {
  const id = newId();
  await h.db
    .insertInto('findings')
    .values({
      id,
      repository_id: repositoryId,
      fingerprint: over.fingerprint ?? id,
      first_seen_scan_id: scanId,
      last_seen_scan_id: scanId,
      rule_id: over.rule_id ?? 'js/sql-injection',
      tool: 'CodeQL',
      category: null,
      message: 'Query built from user input',
      uri: 'src/db.js',
      start_line: 10,
      start_column: 5,
      end_line: 10,
      end_column: 30,
      level: 'error',
      severity: over.severity ?? 'high',
      dataflow_tier: 'STRONG_SINGLE_FILE',
      code_flows: JSON.stringify([{ threadFlows: [] }]),
      related_locations: JSON.stringify([]),
      properties: JSON.stringify({ 'security-severity': '8.8', tags: ['security'] }),
      fix_id: null,
    })
    .execute();
  await h.db.insertInto('scan_findings').values({ scan_id: scanId, finding_id: id }).execute();
  return id;
};

const triage = async (
  findingId: string,
  scanId: string,
  classification: 'TRUE_POSITIVE' | 'FALSE_POSITIVE',
) =>
  h.db
    .insertInto('triage_results')
    .values({
      id: newId(),
      finding_id: findingId,
      scan_id: scanId,
      classification,
      severity: 'high',
      confidence: 0.9,
      justification: 'tainted input reaches sink',
      evidence: JSON.stringify([
        { signal: 'dataflow_tier', effect: 'true_positive', detail: 'a complete flow in one file' },
      ]),
      evidence_hash: 'x',
      provider: 'rules',
    })
    .execute();

describe('triage overrides (PATCH /v1/findings/{id})', () => {
  it('when an organization token overrides a verdict, then it wins, is audited and the filter follows it', async () => {
    const { repo, auth, token } = await createTenant(h.db);
    const scan = await seedScan(repo.id);
    const id = await seedFinding(repo.id, scan);
    await triage(id, scan, 'TRUE_POSITIVE');
    const res = await request(h.app)
      .patch(`/v1/findings/${id}`)
      .set('Authorization', auth)
      .send({ classification: 'FALSE_POSITIVE', justification: 'Only test fixtures reach it.' });
    expect(res.status).toBe(200);
    expect(res.body.triage).toMatchObject({
      classification: 'FALSE_POSITIVE',
      justification: 'Only test fixtures reach it.',
      confidence: 1,
      provider: 'override',
      overridden_by: `token:${token.id}`,
      overridden_at: expect.any(String),
    });
    expect(res.body.triage.evidence[0]).toMatchObject({ signal: 'override' });
    const listed = await request(h.app)
      .get(`/v1/repositories/${repo.id}/findings?classification=FALSE_POSITIVE`)
      .set('Authorization', auth);
    expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([id]);
    const tp = await request(h.app)
      .get(`/v1/repositories/${repo.id}/findings?classification=TRUE_POSITIVE`)
      .set('Authorization', auth);
    expect(tp.body.data).toEqual([]);
    // A second change is audited with the first as its "before".
    await request(h.app)
      .patch(`/v1/findings/${id}`)
      .set('Authorization', auth)
      .send({ classification: 'WONT_FIX', justification: 'Accepted risk until the rewrite.' });
    const audit = await h.db
      .selectFrom('finding_audit')
      .selectAll()
      .where('finding_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['triage_override', `token:${token.id}`],
      ['triage_override', `token:${token.id}`],
    ]);
    expect(audit[1]!.before).toMatchObject({ classification: 'FALSE_POSITIVE' });
    expect(audit[1]!.after).toEqual({
      classification: 'WONT_FIX',
      justification: 'Accepted risk until the rewrite.',
    });
  });

  it('when a repository token overrides, then 403; a bad body is 400; an unknown finding is 404', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const scan = await seedScan(repo.id);
    const id = await seedFinding(repo.id, scan);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    expectError(
      await request(h.app)
        .patch(`/v1/findings/${id}`)
        .set('Authorization', scoped.bearer)
        .send({ classification: 'FALSE_POSITIVE', justification: 'x' }),
      403,
      'forbidden',
    );
    expectError(
      await request(h.app)
        .patch(`/v1/findings/${id}`)
        .set('Authorization', auth)
        .send({ classification: 'MAYBE', justification: 'x' }),
      400,
      'validation_failed',
    );
    expectError(
      await request(h.app)
        .patch(`/v1/findings/${id}`)
        .set('Authorization', auth)
        .send({ classification: 'FALSE_POSITIVE' }),
      400,
      'validation_failed',
    );
    expectError(
      await request(h.app)
        .patch(`/v1/findings/${newId()}`)
        .set('Authorization', auth)
        .send({ classification: 'FALSE_POSITIVE', justification: 'x' }),
      404,
      'not_found',
    );
    expect(
      await h.db.selectFrom('triage_overrides').selectAll().where('finding_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('findings', () => {
  it('when findings exist, then they are listed with their latest triage, and filters narrow the list', async () => {
    const { repo, auth } = await createTenant(h.db);
    const scan1 = await seedScan(repo.id);
    const scan2 = await seedScan(repo.id);
    const a = await seedFinding(repo.id, scan1);
    const b = await seedFinding(repo.id, scan2, { rule_id: 'js/xss', severity: 'low' });
    await triage(a, scan1, 'FALSE_POSITIVE');
    await triage(a, scan2, 'TRUE_POSITIVE');
    const all = await request(h.app)
      .get(`/v1/repositories/${repo.id}/findings`)
      .set('Authorization', auth);
    expect(all.status).toBe(200);
    expect(all.body.data.map((f: { id: string }) => f.id)).toEqual([b, a]);
    expect(all.body.data[1]).toMatchObject({
      rule_id: 'js/sql-injection',
      location: { uri: 'src/db.js', start_line: 10, start_column: 5, end_line: 10, end_column: 30 },
      triage: {
        classification: 'TRUE_POSITIVE',
        confidence: expect.closeTo(0.9, 5),
        evidence: [
          {
            signal: 'dataflow_tier',
            effect: 'true_positive',
            detail: 'a complete flow in one file',
          },
        ],
        provider: 'rules',
        ai_generated: false,
        scan_id: scan2,
        overridden_by: null,
      },
    });
    expect(all.body.data[0].triage).toBeNull();
    const ids = async (q: string) =>
      (
        await request(h.app)
          .get(`/v1/repositories/${repo.id}/findings?${q}`)
          .set('Authorization', auth)
      ).body.data.map((f: { id: string }) => f.id);
    expect(await ids('classification=TRUE_POSITIVE')).toEqual([a]);
    expect(await ids('classification=FALSE_POSITIVE')).toEqual([]);
    expect(await ids('severity=low')).toEqual([b]);
    expect(await ids('rule_id=js/sql-injection')).toEqual([a]);
    expect(await ids(`scan_id=${scan2}`)).toEqual([b]);
    expectError(
      await request(h.app)
        .get(`/v1/repositories/${repo.id}/findings?severity=urgent`)
        .set('Authorization', auth),
      400,
      'validation_failed',
    );
  });

  it('when one finding is fetched, then code flows, related locations and properties are included; other orgs get 404, other repo tokens 403', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const f = await seedFinding(repo.id, await seedScan(repo.id));
    const res = await request(h.app).get(`/v1/findings/${f}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: f,
      code_flows: [{ threadFlows: [] }],
      related_locations: [],
      properties: { 'security-severity': '8.8' },
    });
    const stranger = await createTenant(h.db);
    expectError(
      await request(h.app).get(`/v1/findings/${f}`).set('Authorization', stranger.auth),
      404,
      'not_found',
    );
    const otherRepo = await createRepo(h.db, org.id);
    const scoped = await createToken(h.db, org.id, { repositoryId: otherRepo.id });
    expectError(
      await request(h.app).get(`/v1/findings/${f}`).set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
  });
});

describe('fixes', () => {
  it('when a fix is fetched, then its diff, rationale and evaluation are returned', async () => {
    const { repo, auth } = await createTenant(h.db);
    const id = newId();
    const diff = '--- a/src/db.js\n+++ b/src/db.js\n@@ -1 +1 @@\n-a\n+b\n';
    await h.db
      .insertInto('fixes')
      .values({
        id,
        repository_id: repo.id,
        finding_ids: [],
        codemod: 'js/parameterize-query',
        status: 'pr_open',
        summary: 'Parameterize query',
        diff,
        rationale: '## Why',
        evaluation: JSON.stringify({ reparsed: true }),
        pr_url: 'https://github.com/acme/web/pull/7',
        files_changed: 1,
      })
      .execute();
    const res = await request(h.app).get(`/v1/fixes/${id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      repository_id: repo.id,
      finding_ids: [],
      codemod: 'js/parameterize-query',
      status: 'pr_open',
      pr_url: 'https://github.com/acme/web/pull/7',
      summary: 'Parameterize query',
      files_changed: 1,
      ai_generated: false,
      publish_error: null,
      created_at: expect.any(String),
      diff,
      rationale: '## Why',
      evaluation: { reparsed: true },
    });
    const list = await request(h.app)
      .get(`/v1/repositories/${repo.id}/fixes?limit=1`)
      .set('Authorization', auth);
    expect(list.body.data[0].diff).toBeUndefined();
    expectError(
      await request(h.app).get(`/v1/fixes/${newId()}`).set('Authorization', auth),
      404,
      'not_found',
    );
    const repoStatus = await request(h.app)
      .get(`/v1/repositories/${repo.id}`)
      .set('Authorization', auth);
    expect(repoStatus.body.status.open_fixes).toBe(1);
  });
});

describe('the codemod catalog (GET /v1/codemods)', () => {
  it('when listed, then every codemod has languages, rule ids per scanner and references', async () => {
    const { org, repo } = await createTenant(h.db);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    const res = await request(h.app).get('/v1/codemods').set('Authorization', scoped.bearer);
    expect(res.status).toBe(200);
    const data = res.body.data as {
      id: string;
      languages: string[];
      rules: Record<string, string[]>;
      references: unknown[];
    }[];
    expect(data.length).toBeGreaterThan(3);
    expect(data.find((c) => c.id === 'remediate:js/insecure-randomness')).toMatchObject({
      languages: expect.arrayContaining(['javascript', 'typescript']),
      rules: expect.objectContaining({ codeql: ['js/insecure-randomness'] }),
    });
    for (const c of data) {
      expect(c.id).toMatch(/^remediate:(js|python|java|go)\/[a-z0-9-]+$/);
      expect(Object.values(c.rules).flat().length).toBeGreaterThan(0);
      expect(c.references.length).toBeGreaterThan(0);
    }
    expect((await request(h.app).get('/v1/codemods')).status).toBe(401);
  });

  it('when filtered by language=go, then only Go codemods, bound to gosec rule ids; an unknown language is 400', async () => {
    const { org, repo } = await createTenant(h.db);
    const scoped = await createToken(h.db, org.id, { repositoryId: repo.id });
    const res = await request(h.app)
      .get('/v1/codemods?language=go')
      .set('Authorization', scoped.bearer);
    expect(res.status).toBe(200);
    const data = res.body.data as {
      id: string;
      languages: string[];
      rules: { gosec?: string[] };
    }[];
    expect(data.filter((c) => (c.rules.gosec ?? []).length > 0).length).toBeGreaterThanOrEqual(12);
    for (const c of data) {
      expect(c.languages).toEqual(['go']);
      expect(c.id).toMatch(/^remediate:go\//);
    }
    const rules = new Set(data.flatMap((c) => c.rules.gosec ?? []));
    for (const id of ['G404', 'G401', 'G402', 'G201', 'G304', 'G110', 'G112', 'G306'])
      expect(rules).toContain(id);
    const all = await request(h.app).get('/v1/codemods').set('Authorization', scoped.bearer);
    expect((all.body.data as unknown[]).length).toBeGreaterThan(data.length);
    const bad = await request(h.app)
      .get('/v1/codemods?language=cobol')
      .set('Authorization', scoped.bearer);
    expect(bad.status).toBe(400);
  });
});

describe('publishing a fix (POST /v1/fixes/{id}/publish)', () => {
  const seedFix = async (repositoryId: string, status: 'generated' | 'pr_open') => {
    const id = newId();
    await h.db
      .insertInto('fixes')
      .values({
        id,
        repository_id: repositoryId,
        scan_id: null,
        finding_ids: [],
        codemod: 'remediate:js/weak-hash',
        status,
        summary: 'Use SHA-256',
      })
      .execute();
    return id;
  };

  it('when a generated fix is published, then 202 and a pr-publish job; otherwise 409, and other scopes 403/404', async () => {
    const { org, repo, auth } = await createTenant(h.db);
    const fixId = await seedFix(repo.id, 'generated');
    const res = await request(h.app).post(`/v1/fixes/${fixId}/publish`).set('Authorization', auth);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ fix_id: fixId, status: 'generated' });
    expect((await h.publish.queue.getJob(`pr-${fixId}`))?.data).toEqual({ fixId });
    const open = await seedFix(repo.id, 'pr_open');
    expectError(
      await request(h.app).post(`/v1/fixes/${open}/publish`).set('Authorization', auth),
      409,
      'conflict',
    );
    const other = await createRepo(h.db, org.id);
    const scoped = await createToken(h.db, org.id, { repositoryId: other.id });
    expectError(
      await request(h.app).post(`/v1/fixes/${fixId}/publish`).set('Authorization', scoped.bearer),
      403,
      'forbidden',
    );
    const stranger = await createTenant(h.db);
    expectError(
      await request(h.app).post(`/v1/fixes/${fixId}/publish`).set('Authorization', stranger.auth),
      404,
      'not_found',
    );
  });
});
