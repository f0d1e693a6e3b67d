import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGithubProvider } from '../src/github/github-provider.js';
import type { ForgeRepository, PublishRequest } from '../src/types.js';
import { startGithubStandIn, type GithubStandIn } from './support/github-standin.js';

const TOKEN = 'ghp_stateTestToken';
let gh: GithubStandIn;
let repo: ForgeRepository;
let baseSha: string;
const provider = () =>
  createGithubProvider({
    credentials: { kind: 'token', token: TOKEN },
    userAgent: 'forges-test',
    timeoutMs: 10_000,
    pace: false,
  });

const publish = (branch: string) => {
  const req: PublishRequest = {
    branch,
    baseBranch: 'main',
    baseSha,
    commit: {
      message: `fix ${branch}`,
      author: { name: 'Bot', email: 'bot@example.com' },
      files: [{ path: 'a.txt', content: `${branch}\n` }],
    },
    pr: { title: `Fix ${branch}`, body: '', labels: [], reviewers: [], draft: false },
  };
  return provider().publish(repo, req);
};

beforeEach(async () => {
  gh = await startGithubStandIn({
    owner: 'acme',
    name: 'shop',
    auth: { kind: 'token', token: TOKEN },
  });
  baseSha = gh.store.seed('main', { 'a.txt': 'a\n' }).sha;
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

describe('GitHub pull request state', () => {
  it('when an open PR is closed with a note, then one update closes it and appends the note once; a merged PR is left as it is', async () => {
    const a = await publish('remediation/a');
    const b = await publish('remediation/b');
    const note = 'Superseded: the code changed under this fix.';
    expect(await provider().closePullRequest(repo, a.prNumber, note)).toMatchObject({
      state: 'closed',
      mergedAt: null,
      number: a.prNumber,
    });
    expect(gh.pull(a.prNumber!)).toMatchObject({ state: 'closed', body: note });
    const updates = () => gh.operations().filter((o) => o === 'pulls/update').length;
    expect(updates()).toBe(1);
    expect((await provider().closePullRequest(repo, a.prNumber, note)).state).toBe('closed');
    expect(updates()).toBe(1);
    gh.merge(b.prNumber!, 'carol');
    expect((await provider().closePullRequest(repo, b.prNumber, note)).state).toBe('merged');
    expect(updates()).toBe(1);
  });

  it('when a PR is open, merged or closed, then pullRequest reports it with who and when', async () => {
    const a = await publish('remediation/a');
    const b = await publish('remediation/b');
    expect(await provider().pullRequest(repo, a.prNumber)).toMatchObject({
      state: 'open',
      mergedAt: null,
      closedAt: null,
      number: a.prNumber,
      url: a.prUrl,
    });
    const merged = gh.merge(a.prNumber!, 'carol');
    gh.closePull(b.prNumber!, 'dave');
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
      mergeCommitSha: null,
    });
  });

  it('when PRs are open on several branches, then only ours with the prefix count', async () => {
    await publish('remediation/a');
    await publish('remediation/b');
    await publish('feature/c');
    const c = await publish('remediation/d');
    gh.closePull(c.prNumber!, 'dave');
    expect(await provider().countOpenPullRequests(repo, 'remediation/')).toBe(2);
  });

  it('when code scanning has analyses for a ref, then they are listed and one downloads as raw SARIF', async () => {
    const sarif = '{"version":"2.1.0","runs":[]}';
    gh.analyses.push({
      id: 9,
      ref: 'refs/heads/main',
      commitSha: baseSha,
      analysisKey: '.github/workflows/codeql.yml:analyze',
      category: 'js',
      toolName: 'CodeQL',
      createdAt: '2026-11-01T00:00:00Z',
      sarif,
    });
    gh.analyses.push({
      id: 10,
      ref: 'refs/heads/other',
      commitSha: baseSha,
      analysisKey: 'k',
      category: 'js',
      toolName: 'CodeQL',
      createdAt: '2026-11-01T00:00:00Z',
      sarif,
    });
    const list = await provider().listCodeScanningAnalyses(repo, 'refs/heads/main', baseSha);
    expect(list).toEqual([
      expect.objectContaining({
        id: 9,
        commitSha: baseSha,
        analysisKey: '.github/workflows/codeql.yml:analyze',
        toolName: 'CodeQL',
      }),
    ]);
    const bytes = await provider().downloadAnalysisSarif(repo, 9);
    expect(bytes.toString('utf8')).toBe(sarif);
    expect(gh.requests.at(-1)?.operationId).toBe('code-scanning/get-analysis');
  });
});
