import { newId } from '@remediation/db';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createTenant, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const insertFixes = async (
  repositoryId: string,
  n: number,
  status: 'generated' | 'merged' = 'generated',
) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(newId());
  await h.db
    .insertInto('fixes')
    .values(
      ids.map((id) => ({
        id,
        repository_id: repositoryId,
        finding_ids: [],
        codemod: 'test',
        status,
        summary: `fix ${id}`,
      })),
    )
    .execute();
  return ids;
};

describe('cursor pagination', () => {
  it('when rows are inserted while a client pages through, then every original row is seen exactly once, in order', async () => {
    const { repo, auth } = await createTenant(h.db);
    const original = await insertFixes(repo.id, 45);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await request(h.app)
        .get(`/v1/repositories/${repo.id}/fixes`)
        .query({ limit: 10, ...(cursor ? { cursor } : {}) })
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(10);
      seen.push(...res.body.data.map((f: { id: string }) => f.id));
      cursor = res.body.next_cursor as string | null;
      expect(res.body.has_more).toBe(cursor !== null);
      await insertFixes(repo.id, 3);
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(seen).toEqual([...original].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('when the limit is absent, then 20 items are returned; with a status filter, then only that status', async () => {
    const { repo, auth } = await createTenant(h.db);
    await insertFixes(repo.id, 25);
    const merged = await insertFixes(repo.id, 2, 'merged');
    const res = await request(h.app)
      .get(`/v1/repositories/${repo.id}/fixes`)
      .set('Authorization', auth);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.has_more).toBe(true);
    const filtered = await request(h.app)
      .get(`/v1/repositories/${repo.id}/fixes?status=merged`)
      .set('Authorization', auth);
    expect(filtered.body.data.map((f: { id: string }) => f.id)).toEqual([...merged].reverse());
  });
});
