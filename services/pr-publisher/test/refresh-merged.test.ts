import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '@remediation/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo } from '../../../test/e2e/support/git-repo.js';
import { createHarness, type Harness } from './harness.js';
import { reviewerGit } from './seed-fixes.js';

const BEFORE = `'use strict';

function token() {
  return Math.random().toString(36).slice(2);
}

function version() {
  return '1.0.0';
}

module.exports = { token, version };
`;
const AFTER = BEFORE.replace(
  "'use strict';\n",
  "'use strict';\nconst crypto = require('node:crypto');\n",
).replace('Math.random().toString(36).slice(2)', "crypto.randomBytes(8).toString('hex')");

const git = reviewerGit;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // No poll round during the test: the merge stays unrecorded while the refresh runs.
  h.start({ PR_POLL_INTERVAL_MS: '3600000' });
});
afterAll(async () => {
  await h?.close();
});

describe('refreshing a pull request that is already merged', () => {
  it('when a refresh runs after the fix branch was merged but before the merge is recorded, then the branch stays where it was merged and the fix stays pr_open', async () => {
    const repo = createLocalRepo({ 'src/ids.js': BEFORE });
    const work = mkdtempSync(join(tmpdir(), 'refresh-merged-'));
    try {
      const { fixId } = await h.generatedFix({
        cloneUrl: repo.url,
        commit: repo.head(),
        path: 'src/ids.js',
        before: BEFORE,
        after: AFTER,
      });
      await h.publish.add({ fixId });
      expect((await h.waitForFix(fixId, (s) => s !== 'generated', 120_000)).status).toBe('pr_open');
      const { branch } = await h.db
        .selectFrom('pull_requests')
        .select(['branch'])
        .where('fix_id', '=', fixId)
        .executeTakeFirstOrThrow();
      // Another change lands on main, then the fix branch is merged on top of it.
      git(work, 'clone', '-q', repo.bare, 'w');
      const clone = join(work, 'w');
      writeFileSync(join(clone, 'src/ids.js'), BEFORE.replace("'1.0.0'", "'1.1.0'"));
      git(clone, 'commit', '-q', '-am', 'version 1.1.0');
      git(clone, 'fetch', '-q', 'origin');
      git(clone, 'merge', '-q', '--no-ff', '--no-edit', `origin/${branch}`);
      git(clone, 'push', '-q', 'origin', 'HEAD:main');
      const merged = git(repo.bare, 'rev-parse', branch);

      const jobId = await h.refresh.add({ fixId, mergedPullRequestId: newId() });
      const deadline = Date.now() + 120_000;
      let job = await h.refresh.queue.getJob(jobId);
      while (!(await job?.isCompleted())) {
        if ((await job?.isFailed()) || Date.now() > deadline)
          throw new Error(`refresh job ${jobId} did not complete: ${job?.failedReason ?? ''}`);
        await new Promise((r) => setTimeout(r, 100));
        job = await h.refresh.queue.getJob(jobId);
      }
      expect(job?.returnvalue).toEqual({ skipped: 'pull request merged' });
      expect(git(repo.bare, 'rev-parse', branch)).toBe(merged);
      expect(git(repo.bare, 'merge-base', '--is-ancestor', branch, 'main')).toBe('');
      expect((await h.waitForFix(fixId, () => true)).status).toBe('pr_open');
    } finally {
      rmSync(work, { recursive: true, force: true });
      repo.remove();
    }
  }, 300_000);
});
