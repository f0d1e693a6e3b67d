import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo } from '../../../test/e2e/support/git-repo.js';
import { createHarness, type Harness } from './harness.js';

const BEFORE = `'use strict';
const token = Math.random().toString(36).slice(2);
module.exports = { token };
`;
const AFTER = BEFORE.replace(
  'const token = Math.random().toString(36).slice(2);',
  "const crypto = require('node:crypto');\nconst token = crypto.randomBytes(16).toString('hex');",
);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.start({ PUBLISH_SWEEP_INTERVAL_MS: '200', PUBLISH_STRANDED_GRACE_MS: '60000' });
});
afterAll(async () => {
  await h?.close();
});

const branches = (bare: string) =>
  execFileSync('git', ['--git-dir', bare, 'branch', '--list', 'remediate/*'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

/** A generated fix with no publish job, created `age` ago (SQL interval). */
const strandedFix = async (settings: Record<string, unknown>, age: string) => {
  const repo = createLocalRepo({ 'src/session.js': BEFORE });
  const { fixId } = await h.generatedFix({
    cloneUrl: repo.url,
    commit: repo.head(),
    path: 'src/session.js',
    before: BEFORE,
    after: AFTER,
    settings,
  });
  await h.db
    .updateTable('fixes')
    .set({ created_at: sql<Date>`now() - ${age}::interval` } as never)
    .where('id', '=', fixId)
    .execute();
  return { repo, fixId };
};

describe('generated fixes whose publish job was lost', () => {
  it('when the repository has auto_pr on, then the sweep enqueues the job again and the fix is published once', async () => {
    const { repo, fixId } = await strandedFix({ auto_pr: true }, '2 minutes');
    const fix = await h.waitForFix(fixId, (s) => s !== 'generated', 30_000);
    expect(fix.status).toBe('pr_open');
    expect(branches(repo.bare)).toHaveLength(1);
    const opened = await h.db
      .selectFrom('outbox')
      .select('id')
      .where('type', '=', 'pr.opened')
      .where(sql<string>`envelope->'data'->>'fix_id'`, '=', fixId)
      .execute();
    expect(opened).toHaveLength(1);
    repo.remove();
  });

  it('when auto_pr is off, or the fix is older than a day, then the sweep leaves it for a person', async () => {
    const off = await strandedFix({ auto_pr: false }, '2 minutes');
    const old = await strandedFix({ auto_pr: true }, '25 hours');
    // A fix the sweep does publish, created after both: once it is published, both were seen.
    const control = await strandedFix({ auto_pr: true }, '90 seconds');
    expect((await h.waitForFix(control.fixId, (s) => s !== 'generated', 30_000)).status).toBe(
      'pr_open',
    );
    await new Promise((r) => setTimeout(r, 1_000));
    for (const { repo, fixId } of [off, old]) {
      const row = await h.db
        .selectFrom('fixes')
        .select('status')
        .where('id', '=', fixId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('generated');
      expect(branches(repo.bare)).toEqual([]);
      repo.remove();
    }
    control.repo.remove();
  });
});
