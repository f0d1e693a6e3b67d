import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createForgeProvider } from '../src/create-forge-provider.js';
import { createGithubProvider } from '../src/github/github-provider.js';
import type { ForgeRepository, PublishRequest } from '../src/types.js';
import { startGithubStandIn, type GithubStandIn } from './support/github-standin.js';

const TOKEN = 'ghp_publishTestToken0123456789abcdef';
let gh: GithubStandIn;
let baseSha: string;
let repo: ForgeRepository;

const provider = () =>
  createGithubProvider({
    credentials: { kind: 'token', token: TOKEN },
    userAgent: 'forges-test',
    timeoutMs: 10_000,
    pace: false,
  });

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  branch: 'remediation/js-sql-injection/fix-1',
  baseBranch: 'main',
  baseSha,
  commit: {
    message: 'Use parameterized SQL in the users query',
    author: { name: 'Remediation Bot', email: 'bot@remediation.example' },
    files: [
      {
        path: 'src/db/users.js',
        content: 'db.query("SELECT * FROM users WHERE id = $1", [id]);\n',
      },
      { path: 'bin/run.sh', content: '#!/bin/sh\nexec node src/index.js\n' },
      { path: 'OLD.md', content: null },
    ],
  },
  pr: {
    title: 'Fix SQL injection in users query',
    body: 'Details',
    labels: ['security', 'remediation'],
    reviewers: ['alice'],
    draft: true,
  },
  ...overrides,
});

beforeEach(async () => {
  gh = await startGithubStandIn({
    owner: 'acme',
    name: 'shop',
    auth: { kind: 'token', token: TOKEN },
  });
  baseSha = gh.store.seed(
    'main',
    {
      'src/db/users.js': 'db.query("SELECT * FROM users WHERE id = " + id);\n',
      'bin/run.sh': '#!/bin/sh\nnode src/index.js\n',
      'OLD.md': 'old\n',
      'README.md': 'hi\n',
    },
    ['bin/run.sh'],
  ).sha;
  repo = {
    provider: 'github',
    fullName: 'acme/shop',
    cloneUrl: 'https://github.example/acme/shop.git',
    defaultBranch: 'main',
    apiBaseUrl: gh.apiBaseUrl,
  };
});

afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

describe('GitHub publish', () => {
  it('when a fix is published, then the branch has one commit on the base with exactly the files, and a draft PR with labels and reviewers opens', async () => {
    const result = await provider().publish(repo, request());
    expect(result).toMatchObject({
      prNumber: 1,
      branch: 'remediation/js-sql-injection/fix-1',
      created: true,
      warnings: [],
    });
    expect(result.prUrl).toBe('https://github.example/acme/shop/pull/1');
    const head = gh.store.commits.get(result.headSha)!;
    expect(head.parents).toEqual([baseSha]);
    expect(head.author).toMatchObject({
      name: 'Remediation Bot',
      email: 'bot@remediation.example',
    });
    expect(head.message).toContain('Remediation-Branch: remediation/js-sql-injection/fix-1');
    expect(gh.store.refs.get('refs/heads/remediation/js-sql-injection/fix-1')).toBe(result.headSha);
    const files = gh.store.flatten(head.tree);
    expect([...files.keys()].sort()).toEqual(['README.md', 'bin/run.sh', 'src/db/users.js']);
    expect(gh.store.fileAt(result.headSha, 'src/db/users.js')?.content).toContain('$1');
    expect(gh.store.fileAt(result.headSha, 'bin/run.sh')?.mode).toBe('100755');
    const pull = gh.pull(1);
    expect(pull).toMatchObject({
      draft: true,
      base: 'main',
      head: 'remediation/js-sql-injection/fix-1',
      labels: ['security', 'remediation'],
      reviewers: ['alice'],
    });
  });

  it('when the same publish runs again, then it finds the branch and the PR and opens nothing new', async () => {
    const first = await provider().publish(repo, request());
    const writesBefore = gh
      .operations()
      .filter((o) => /create-ref|update-ref|pulls\/create/.test(o)).length;
    const second = await provider().publish(repo, request());
    expect(second).toEqual({ ...first, created: false });
    expect(gh.pulls).toHaveLength(1);
    expect(
      gh.operations().filter((o) => /create-ref|update-ref|pulls\/create/.test(o)).length,
    ).toBe(writesBefore);
  });

  it('when a duplicated job created the branch and PR between our reads and writes, then the 422s lead to the existing ones', async () => {
    const other = provider();
    const first = await other.publish(repo, request());
    // Make our own run see no branch and no PR first, as if both jobs read before either wrote.
    gh.inject({
      operationId: 'git/get-ref',
      respond: {
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
      },
    });
    gh.inject({ operationId: 'pulls/list', respond: { status: 200, body: [] } });
    const second = await provider().publish(repo, request());
    expect(second).toMatchObject({
      prNumber: first.prNumber,
      headSha: first.headSha,
      created: false,
    });
    expect(gh.pulls).toHaveLength(1);
    expect(gh.operations()).toContain('git/create-ref');
  });

  it('when the branch exists with our earlier commit of other content, then it is moved to the new commit and the PR kept', async () => {
    const first = await provider().publish(repo, request());
    const changed = request();
    changed.commit.files = [{ path: 'src/db/users.js', content: 'changed\n' }];
    const second = await provider().publish(repo, changed);
    expect(second.headSha).not.toBe(first.headSha);
    expect(second).toMatchObject({ prNumber: first.prNumber, created: false });
    expect(gh.store.refs.get(`refs/heads/${changed.branch}`)).toBe(second.headSha);
    expect(gh.pull(1).headSha).toBe(second.headSha);
  });

  it("when the branch exists with someone else's commit, then publish is a final conflict and the branch is untouched", async () => {
    const who = { name: 'Dev', email: 'dev@example.com', date: '2026-01-02T00:00:00Z' };
    const theirs = gh.store.putCommit({
      tree: gh.store.commits.get(baseSha)!.tree,
      parents: [baseSha],
      message: 'my work',
      author: who,
      committer: who,
    });
    gh.store.refs.set('refs/heads/remediation/js-sql-injection/fix-1', theirs.sha);
    const error = await provider()
      .publish(repo, request())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'conflict', final: true });
    expect(gh.store.refs.get('refs/heads/remediation/js-sql-injection/fix-1')).toBe(theirs.sha);
    expect(gh.pulls).toHaveLength(0);
  });

  it('when drafts are not available, then the PR opens ready for review with a warning', async () => {
    gh.inject({
      operationId: 'pulls/create',
      respond: {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [
            {
              resource: 'PullRequest',
              code: 'custom',
              message: 'Draft pull requests are not supported in this repository.',
            },
          ],
          documentation_url: 'https://docs.github.com/rest',
        },
      },
    });
    const result = await provider().publish(repo, request());
    expect(gh.pull(result.prNumber!).draft).toBe(false);
    expect(result.warnings).toEqual([
      'draft pull requests are not supported in this repository: opened as ready for review',
    ]);
  });

  it('when a reviewer cannot be requested, then the PR is published with a warning', async () => {
    const result = await provider().publish(
      repo,
      request({ pr: { ...request().pr, reviewers: ['remediation-bot'] } }),
    );
    expect(result.created).toBe(true);
    expect(result.warnings[0]).toMatch(
      /^reviewers not requested: Review cannot be requested from pull request author/,
    );
  });

  it('when the API lives under a GitHub Enterprise Server prefix, then every request goes there', async () => {
    const ghes = await startGithubStandIn({
      owner: 'acme',
      name: 'shop',
      prefix: '/api/v3',
      auth: { kind: 'token', token: TOKEN },
    });
    try {
      const sha = ghes.store.seed('main', { 'a.txt': 'a\n' }).sha;
      const result = await provider().publish(
        { ...repo, apiBaseUrl: ghes.apiBaseUrl },
        request({
          baseSha: sha,
          commit: { ...request().commit, files: [{ path: 'a.txt', content: 'b\n' }] },
        }),
      );
      expect(result.created).toBe(true);
      expect(ghes.requests.every((r) => r.path.startsWith('/api/v3/'))).toBe(true);
      expect(ghes.violations).toEqual([]);
    } finally {
      await ghes.close();
    }
  });

  it('when created through createForgeProvider with the default pacing, then publishing still completes through the throttled client', async () => {
    const paced = createForgeProvider(repo as ForgeRepository & { provider: 'github' }, {
      kind: 'token',
      token: TOKEN,
    });
    expect(paced.kind).toBe('github');
    const result = await paced.publish(
      repo,
      request({ pr: { ...request().pr, reviewers: [], labels: [] } }),
    );
    expect(result).toMatchObject({ created: true, prNumber: 1 });
  });
});
