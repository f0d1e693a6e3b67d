import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitlabProvider } from '../src/gitlab/gitlab-provider.js';
import type { ForgeError } from '../src/forge-error.js';
import type { ForgeRepository, PublishRequest } from '../src/types.js';
import { startGitlabStandIn, type GitlabStandIn } from './support/gitlab-standin.js';

const TOKEN = 'glpat-gitlabTestToken0123456789';
const PROJECT = 'platform/payments/api';
let gl: GitlabStandIn;
let baseSha: string;
let repo: ForgeRepository;

const provider = (token = TOKEN) =>
  createGitlabProvider({
    credentials: { kind: 'token', token },
    userAgent: 'forges-test',
    timeoutMs: 10_000,
  });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ForgeError,
  );

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  branch: 'remediation/go-sql/fix-3',
  baseBranch: 'main',
  baseSha,
  commit: {
    message: 'Use placeholders in the orders query',
    author: { name: 'Remediation Bot', email: 'bot@remediation.example' },
    files: [
      {
        path: 'internal/orders/query.go',
        content: 'db.Query("SELECT * FROM orders WHERE id = ?", id)\n',
      },
      { path: 'scripts/new.sh', content: '#!/bin/sh\n', executable: true },
      { path: 'legacy/old.go', content: null },
    ],
  },
  pr: {
    title: 'Fix SQL injection in orders query',
    body: 'Why it is safe',
    labels: ['security', 'remediation'],
    reviewers: ['alice', 'nobody'],
    draft: true,
  },
  ...overrides,
});

beforeEach(async () => {
  gl = await startGitlabStandIn(PROJECT, TOKEN);
  baseSha = gl.store.seed('main', {
    'internal/orders/query.go': 'db.Query("SELECT * FROM orders WHERE id = " + id)\n',
    'legacy/old.go': 'package legacy\n',
    'README.md': 'hi\n',
  }).sha;
  repo = {
    provider: 'gitlab',
    fullName: PROJECT,
    cloneUrl: 'https://gitlab.example/platform/payments/api.git',
    defaultBranch: 'main',
    apiBaseUrl: gl.apiBaseUrl,
  };
});

afterEach(async () => {
  expect(gl.violations).toEqual([]);
  await gl.close();
});

describe('GitLab publish', () => {
  it('when a fix is published, then one commit on the base holds exactly the files and a draft MR opens with labels and resolved reviewers', async () => {
    const result = await provider().publish(repo, request());
    expect(result).toMatchObject({
      prNumber: 1,
      created: true,
      branch: 'remediation/go-sql/fix-3',
      prUrl: `https://gitlab.example/${PROJECT}/-/merge_requests/1`,
    });
    expect(result.warnings).toEqual(["reviewer 'nobody' is not a GitLab user"]);
    const head = gl.store.commits.get(result.headSha)!;
    expect(head.parents).toEqual([baseSha]);
    expect(head.author).toMatchObject({
      name: 'Remediation Bot',
      email: 'bot@remediation.example',
    });
    expect([...gl.store.flatten(head.tree).keys()].sort()).toEqual([
      'README.md',
      'internal/orders/query.go',
      'scripts/new.sh',
    ]);
    expect(gl.store.fileAt(result.headSha, 'scripts/new.sh')?.mode).toBe('100755');
    expect(gl.mr(1)).toMatchObject({
      title: 'Draft: Fix SQL injection in orders query',
      labels: ['security', 'remediation'],
      reviewers: ['alice'],
      target: 'main',
    });
  });

  it('when the same publish runs again, then the branch and MR are found and nothing is written', async () => {
    const first = await provider().publish(repo, request());
    const writes = () =>
      gl.operations().filter((o) => /commits\/create|merge-requests\/create/.test(o)).length;
    const before = writes();
    const second = await provider().publish(repo, request());
    expect(second).toEqual({ ...first, created: false, warnings: [] });
    expect(writes()).toBe(before);
    expect(gl.mergeRequests).toHaveLength(1);
  });

  it('when a duplicated job opened the MR first, then the 409 leads to the existing MR', async () => {
    const first = await provider().publish(repo, request());
    gl.inject({ operationId: 'merge-requests/list', respond: { status: 200, body: [] } });
    const second = await provider().publish(repo, request());
    expect(second).toMatchObject({ prNumber: first.prNumber, created: false });
    expect(gl.operations()).toContain('merge-requests/create');
  });

  it('when our branch holds an earlier commit, then it is replaced (force) and the MR kept', async () => {
    const first = await provider().publish(repo, request());
    const second = await provider().publish(
      repo,
      request({
        commit: { ...request().commit, files: [{ path: 'README.md', content: 'changed\n' }] },
      }),
    );
    expect(second.headSha).not.toBe(first.headSha);
    expect(gl.store.commits.get(second.headSha)?.parents).toEqual([baseSha]);
    expect(second).toMatchObject({ prNumber: 1, created: false });
  });

  it("when the branch holds someone else's commit, then publish is a final conflict", async () => {
    const who = { name: 'Dev', email: 'dev@example.com', date: '2026-01-02T00:00:00Z' };
    const theirs = gl.store.putCommit({
      tree: gl.store.commits.get(baseSha)!.tree,
      parents: [baseSha],
      message: 'wip',
      author: who,
      committer: who,
    });
    gl.store.refs.set('refs/heads/remediation/go-sql/fix-3', theirs.sha);
    expect(await failure(provider().publish(repo, request()))).toMatchObject({
      kind: 'conflict',
      final: true,
    });
    expect(gl.store.refs.get('refs/heads/remediation/go-sql/fix-3')).toBe(theirs.sha);
  });
});

describe('GitLab merge request state and errors', () => {
  it('when MRs are merged or closed, then the state, who and when are reported and only open ones with the prefix count', async () => {
    const a = await provider().publish(repo, request());
    const b = await provider().publish(repo, request({ branch: 'remediation/go-sql/fix-4' }));
    await provider().publish(repo, request({ branch: 'feature/x' }));
    expect(await provider().countOpenPullRequests(repo, 'remediation/')).toBe(2);
    const merged = gl.merge(a.prNumber!, 'carol');
    gl.closeMergeRequest(b.prNumber!, 'dave');
    expect(await provider().pullRequest(repo, a.prNumber)).toMatchObject({
      state: 'merged',
      mergedBy: 'carol',
      mergeCommitSha: merged.mergeCommitSha,
      mergedAt: merged.mergedAt,
    });
    expect(await provider().pullRequest(repo, b.prNumber)).toMatchObject({
      state: 'closed',
      closedBy: 'dave',
      mergedAt: null,
    });
    expect(await provider().countOpenPullRequests(repo, 'remediation/')).toBe(0);
  });

  it('when an open MR is closed with a note, then one edit closes it and appends the note once; a merged MR is left as it is', async () => {
    const a = await provider().publish(repo, request({ pr: { ...request().pr, body: 'Why.' } }));
    const b = await provider().publish(repo, request({ branch: 'remediation/go-sql/fix-4' }));
    const note = 'Superseded: the code changed under this fix.';
    expect(await provider().closePullRequest(repo, a.prNumber, note)).toMatchObject({
      state: 'closed',
      number: a.prNumber,
    });
    expect(gl.mr(a.prNumber!)).toMatchObject({
      state: 'closed',
      description: `Why.\n\n---\n\n${note}`,
    });
    const edits = () => gl.operations().filter((o) => o === 'merge-requests/edit').length;
    const before = edits();
    expect((await provider().closePullRequest(repo, a.prNumber, note)).state).toBe('closed');
    expect(edits()).toBe(before);
    gl.merge(b.prNumber!, 'carol');
    expect((await provider().closePullRequest(repo, b.prNumber, note)).state).toBe('merged');
    expect(edits()).toBe(before);
  });

  it('when GitLab answers 429 with Retry-After, then the error is rate_limited with that wait', async () => {
    gl.inject({
      operationId: 'branches/show',
      respond: {
        status: 429,
        body: { message: 'Retry later' },
        headers: {
          'retry-after': '12',
          'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
        },
      },
    });
    expect(await failure(provider().branchHead(repo, 'main'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 12_000,
      final: false,
    });
  });

  it('when GitLab answers 429 with only RateLimit-Reset, then the wait runs to the reset', async () => {
    gl.inject({
      operationId: 'branches/show',
      respond: {
        status: 429,
        body: { message: 'Retry later' },
        headers: { 'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 90) },
      },
    });
    const error = await failure(provider().branchHead(repo, 'main'));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(80_000);
    expect(gl.operations().filter((o) => o === 'branches/show')).toHaveLength(1);
  });

  it('when the token is wrong, then the error is final auth and never shows the token', async () => {
    const wrong = 'glpat-wrongTokenMustNotLeak';
    const error = await failure(provider(wrong).publish(repo, request()));
    expect(error).toMatchObject({ kind: 'auth', final: true, status: 401 });
    expect(`${error.message} ${error.stack ?? ''}`).not.toContain(wrong);
  });

  it('when the API base URL is not an /api/v4 root, then the provider refuses it as invalid', async () => {
    expect(
      await failure(provider().branchHead({ ...repo, apiBaseUrl: gl.origin }, 'main')),
    ).toMatchObject({ kind: 'invalid' });
  });
});
