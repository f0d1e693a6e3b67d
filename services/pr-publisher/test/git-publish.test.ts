import { execFileSync } from 'node:child_process';
import { createLogger } from '@remediation/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo, type LocalRepo } from '../../../test/e2e/support/git-repo.js';
import { pollOpenPullRequests } from '../src/events/pr-poll.js';
import { createHarness, type Harness } from './harness.js';

const BEFORE = `'use strict';
const token = Math.random().toString(36).slice(2);

function header() {
  return 'x-session';
}

module.exports = { token, header };
`;
const AFTER = BEFORE.replace(
  'const token = Math.random().toString(36).slice(2);',
  "const crypto = require('node:crypto');\nconst token = crypto.randomBytes(16).toString('hex');",
);

let h: Harness;
let repo: LocalRepo;
beforeAll(async () => {
  h = await createHarness();
  h.start();
});
afterAll(async () => {
  await h?.close();
});

const gitShow = (bare: string, ref: string) =>
  execFileSync('git', ['--git-dir', bare, 'show', ref], { encoding: 'utf8' });
const branches = (bare: string) =>
  execFileSync(
    'git',
    ['--git-dir', bare, 'branch', '--list', 'remediate/*', '--format=%(refname:short)'],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);

const eventsOf = (repositoryId: string, type: string) =>
  h.db
    .selectFrom('outbox')
    .select('envelope')
    .where('repository_id', '=', repositoryId)
    .where('type', '=', type)
    .execute();

describe('publishing to a plain git remote', () => {
  it('when a generated fix is published, then one branch holds exactly the fix, the fix is pr_open with its compare URL and pr.opened is written once, also when the job runs again', async () => {
    repo = createLocalRepo({ 'src/session.js': BEFORE });
    const commit = repo.head();
    const { tenant, fixId } = await h.generatedFix({
      cloneUrl: repo.url,
      commit,
      path: 'src/session.js',
      before: BEFORE,
      after: AFTER,
    });
    await h.publish.add({ fixId });
    const fix = await h.waitForFix(fixId, (s) => s !== 'generated');
    expect(fix.status).toBe('pr_open');
    const [branch] = branches(repo.bare);
    expect(branch).toMatch(/^remediate\/js-insecure-randomness-[0-9a-f]{12}$/);
    expect(fix.pr_url).toBe(
      `https://git.example.com/${encodeURIComponent(tenant.repoName)}/compare/main...${encodeURIComponent(branch!)}`.replace(
        /%2F/g,
        '/',
      ),
    );
    expect(gitShow(repo.bare, `${branch}:src/session.js`)).toBe(AFTER);
    expect(
      execFileSync('git', ['--git-dir', repo.bare, 'rev-parse', `${branch}~1`], {
        encoding: 'utf8',
      }).trim(),
    ).toBe(commit);
    const opened = await eventsOf(tenant.repoId, 'pr.opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.envelope).toMatchObject({
      data: {
        fix_id: fixId,
        target_branch: 'main',
        files: ['src/session.js'],
        codemod: 'remediate:js/insecure-randomness',
      },
    });
    // The same job again (a duplicate delivery): nothing new.
    await h.db.updateTable('fixes').set({ status: 'generated' }).where('id', '=', fixId).execute();
    await h.publish.queue.add('pr-publish', { fixId }, { jobId: `again-${fixId}` });
    await h.waitForFix(fixId, (s) => s === 'pr_open');
    expect(branches(repo.bare)).toEqual([branch]);
    const prs = await h.db
      .selectFrom('pull_requests')
      .select('id')
      .where('fix_id', '=', fixId)
      .execute();
    expect(prs).toHaveLength(1);
  });

  it('when the default branch moved elsewhere in the file, then the fix is merged three ways onto the new head', async () => {
    const r = createLocalRepo({ 'src/session.js': BEFORE });
    const scanned = r.head();
    r.commit({ 'src/session.js': BEFORE.replace("return 'x-session';", "return 'x-session-v2';") });
    const { fixId } = await h.generatedFix({
      cloneUrl: r.url,
      commit: scanned,
      path: 'src/session.js',
      before: BEFORE,
      after: AFTER,
    });
    await h.publish.add({ fixId });
    expect((await h.waitForFix(fixId, (s) => s !== 'generated')).status).toBe('pr_open');
    const [branch] = branches(r.bare);
    const content = gitShow(r.bare, `${branch}:src/session.js`);
    expect(content).toContain("crypto.randomBytes(16).toString('hex')");
    expect(content).toContain("'x-session-v2'");
    expect(
      execFileSync('git', ['--git-dir', r.bare, 'rev-parse', `${branch}~1`], {
        encoding: 'utf8',
      }).trim(),
    ).toBe(r.head());
    r.remove();
  });

  it('when the default branch changed the line the fix edits, then the fix is superseded with the reason and nothing is pushed', async () => {
    const r = createLocalRepo({ 'src/session.js': BEFORE });
    const scanned = r.head();
    r.commit({
      'src/session.js': BEFORE.replace(
        'Math.random().toString(36).slice(2)',
        "require('uuid').v4()",
      ),
    });
    const { fixId, tenant } = await h.generatedFix({
      cloneUrl: r.url,
      commit: scanned,
      path: 'src/session.js',
      before: BEFORE,
      after: AFTER,
    });
    await h.publish.add({ fixId });
    const fix = await h.waitForFix(fixId, (s) => s !== 'generated');
    expect(fix).toMatchObject({
      status: 'superseded',
      publish_error: expect.stringMatching(/src\/session.js changed since the scan/),
    });
    expect(branches(r.bare)).toEqual([]);
    expect(await eventsOf(tenant.repoId, 'pr.opened')).toEqual([]);
    r.remove();
  });

  it('when the repository has max_open_prs open fix PRs, then the next fix waits (its job is delayed, not failed)', async () => {
    const r = createLocalRepo({ 'src/session.js': BEFORE });
    const { fixId, tenant } = await h.generatedFix({
      cloneUrl: r.url,
      commit: r.head(),
      path: 'src/session.js',
      before: BEFORE,
      after: AFTER,
      settings: { max_open_prs: 1 },
    });
    // Another fix of the same repository already has an open PR.
    const open = await h.generatedFix({
      cloneUrl: r.url,
      commit: r.head(),
      path: 'src/session.js',
      before: BEFORE,
      after: AFTER,
    });
    await h.db
      .insertInto('pull_requests')
      .values({
        id: crypto.randomUUID(),
        fix_id: open.fixId,
        repository_id: tenant.repoId,
        provider: 'git',
        number: null,
        url: 'https://git.example.com/x',
        branch: 'remediate/x',
        target_branch: 'main',
        state: 'open',
      })
      .execute();
    const jobId = await h.publish.add({ fixId });
    await expect
      .poll(async () => (await h.publish.queue.getJob(jobId))?.getState(), { timeout: 10_000 })
      .toBe('delayed');
    const job = await h.publish.queue.getJob(jobId);
    expect(job!.attemptsMade).toBe(0);
    expect(
      (
        await h.db
          .selectFrom('fixes')
          .select('status')
          .where('id', '=', fixId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('generated');
    r.remove();
  });
});

describe('closing the loop on a git remote', () => {
  it('when the fix branch is merged, then the poll marks the PR and the fix merged and writes pr.merged once', async () => {
    const r = createLocalRepo({ 'src/session.js': BEFORE });
    const { fixId, tenant } = await h.generatedFix({
      cloneUrl: r.url,
      commit: r.head(),
      path: 'src/session.js',
      before: BEFORE,
      after: AFTER,
    });
    const poller = h.start({ PR_POLL_INTERVAL_MS: '1000' });
    void poller;
    await h.publish.add({ fixId });
    await h.waitForFix(fixId, (s) => s === 'pr_open');
    const [branch] = branches(r.bare);
    const work = r.checkout('main');
    execFileSync(
      'git',
      [
        '-c',
        'user.name=dev',
        '-c',
        'user.email=dev@example.com',
        'merge',
        '--no-ff',
        '-q',
        `origin/${branch}`,
        '-m',
        'merge fix',
      ],
      { cwd: work },
    );
    execFileSync('git', ['push', '-q', 'origin', 'main'], { cwd: work });
    expect((await h.waitForFix(fixId, (s) => s === 'merged', 20_000)).status).toBe('merged');
    const merged = await eventsOf(tenant.repoId, 'pr.merged');
    expect(merged).toHaveLength(1);
    expect(merged[0]!.envelope).toMatchObject({
      data: { fix_id: fixId, codemod: 'remediate:js/insecure-randomness' },
    });
    // Another poll round sees no open PR for it: nothing more.
    await pollOpenPullRequests({
      db: h.db,
      logger: createLogger({ service: 'test', level: 'silent' }),
      forgeFor: () => Promise.reject(new Error('no open PR should be polled')),
      batch: 50,
      afterMerge: () => Promise.reject(new Error('nothing is merged again')),
    });
    expect(await eventsOf(tenant.repoId, 'pr.merged')).toHaveLength(1);
    r.remove();
  });
});
