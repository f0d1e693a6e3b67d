import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo, type LocalRepo } from '../../../test/e2e/support/git-repo.js';
import { createHarness, type Harness } from './harness.js';
import { reviewerGit, seedFixes } from './seed-fixes.js';

const BEFORE = `'use strict';

function sessionId() {
\treturn Math.random().toString(36).slice(2);
}

module.exports = { sessionId };
`;
/** Two fixes of the same line that write different code there: the second cannot follow the first. */
const FIXES: Record<string, string> = {
  'random-bytes': BEFORE.replace(
    'Math.random().toString(36).slice(2)',
    "require('node:crypto').randomBytes(8).toString('hex')",
  ),
  'random-uuid': BEFORE.replace(
    'Math.random().toString(36).slice(2)',
    "require('node:crypto').randomUUID()",
  ),
};
const WAIT_MS = 150_000;

const git = reviewerGit;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.start({ PR_POLL_INTERVAL_MS: '1000' });
});
afterAll(async () => {
  await h?.close();
});

const seed = (repo: LocalRepo) =>
  seedFixes(
    h,
    repo,
    { 'src/session.js': BEFORE },
    Object.fromEntries(
      Object.entries(FIXES).map(([name, after]) => [name, { 'src/session.js': after }]),
    ),
    { tool: 'ESLint', startLine: 4, held: true },
  );

const pullRequestOf = (fixId: string) =>
  h.db
    .selectFrom('pull_requests')
    .select(['id', 'branch', 'state', 'close_reason'])
    .where('fix_id', '=', fixId)
    .executeTakeFirstOrThrow();

describe('a fix that no longer fits after another was merged', () => {
  it('when the merged fix changed the same code differently, then the other fix is superseded, its pull request closed on the forge once with the reason, and its findings released', async () => {
    const repo = createLocalRepo({ 'src/session.js': BEFORE });
    const work = mkdtempSync(join(tmpdir(), 'refresh-superseded-'));
    try {
      const ids = await seed(repo);
      for (const id of Object.values(ids)) await h.publish.add({ fixId: id });
      for (const id of Object.values(ids))
        expect((await h.waitForFix(id, (s) => s !== 'generated', WAIT_MS)).status).toBe('pr_open');
      const merged = await pullRequestOf(ids['random-bytes']!);
      const other = await pullRequestOf(ids['random-uuid']!);
      git(work, 'clone', '-q', repo.bare, 'w');
      const clone = join(work, 'w');
      git(clone, 'merge', '-q', '--no-ff', '--no-edit', `origin/${merged.branch}`);
      git(clone, 'push', '-q', 'origin', 'HEAD:main');
      const main = git(repo.bare, 'rev-parse', 'main');

      const fix = await h.waitForFix(ids['random-uuid']!, (s) => s === 'superseded', WAIT_MS);
      expect(fix.publish_error).toMatch(/after pull request .* was merged/);
      const deadline = Date.now() + WAIT_MS;
      while ((await pullRequestOf(ids['random-uuid']!)).state === 'open') {
        if (Date.now() > deadline) throw new Error('the superseded pull request stayed open');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await pullRequestOf(ids['random-uuid']!)).toMatchObject({
        state: 'closed',
        close_reason: 'superseded',
      });
      // Closed on the remote: the branch (the git provider's "PR") is gone, main is untouched.
      expect(git(repo.bare, 'for-each-ref', `refs/heads/${other.branch}`)).toBe('');
      expect(git(repo.bare, 'rev-parse', 'main')).toBe(main);
      // Still superseded (not `closed`) after the close is recorded, findings free for a new fix.
      expect((await h.waitForFix(ids['random-uuid']!, () => true)).status).toBe('superseded');
      const held = await h.db
        .selectFrom('findings')
        .select('id')
        .where('fix_id', '=', ids['random-uuid']!)
        .execute();
      expect(held).toEqual([]);
      const events = await h.db
        .selectFrom('outbox')
        .select(['type', 'envelope'])
        .where('type', '=', 'pr.closed')
        .execute();
      const closed = events.filter(
        (e) => (e.envelope as { data: { fix_id: string } }).data.fix_id === ids['random-uuid'],
      );
      expect(closed).toHaveLength(1);
      expect(closed[0]!.envelope).toMatchObject({ data: { close_reason: 'superseded' } });
      expect((await h.waitForFix(ids['random-bytes']!, () => true)).status).toBe('merged');
    } finally {
      rmSync(work, { recursive: true, force: true });
      repo.remove();
    }
  }, 300_000);
});
