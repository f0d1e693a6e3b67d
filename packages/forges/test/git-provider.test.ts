import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitProvider } from '../src/git/git-provider.js';
import type { ForgeRepository, PublishRequest } from '../src/types.js';
import { createOrigin, git, type Origin } from './support/git-origin.js';

let origin: Origin;
let baseSha: string;
let repo: ForgeRepository;
const author = { name: 'Remediation Bot', email: 'bot@remediation.example' };
const branch = 'remediation/py-weak-hash/fix-7';

const provider = (compareUrlTemplate?: string) =>
  createGitProvider({
    credentials: null,
    mirrorDir: origin.mirrorDir,
    allowedProtocols: ['file'],
    timeoutMs: 20_000,
    ...(compareUrlTemplate ? { compareUrlTemplate } : {}),
  });

const request = (
  files: PublishRequest['commit']['files'] = [
    { path: 'app/hash.py', content: 'import hashlib\nhashlib.sha256(data)\n' },
    { path: 'scripts/run.sh', content: '#!/bin/sh\nexec python -m app\n' },
    { path: 'legacy.txt', content: null },
    { path: 'app/new/module.py', content: 'x = 1\n' },
  ],
): PublishRequest => ({
  branch,
  baseBranch: 'main',
  baseSha,
  commit: { message: 'Use SHA-256 instead of MD5', author, files },
  pr: { title: 'Use SHA-256', body: '', labels: [], reviewers: [], draft: false },
});

const filesAt = (sha: string) =>
  git(origin.bare, 'ls-tree', '-r', '--format=%(objectmode) %(path)', sha).split('\n').sort();

beforeEach(() => {
  origin = createOrigin();
  baseSha = origin.commit(
    {
      'app/hash.py': 'import hashlib\nhashlib.md5(data)\n',
      'scripts/run.sh': '#!/bin/sh\npython -m app\n',
      'legacy.txt': 'old\n',
      'README.md': 'hi\n',
    },
    { executable: ['scripts/run.sh'] },
  );
  repo = { provider: 'git', fullName: 'team/app', cloneUrl: origin.bare, defaultBranch: 'main' };
});

afterEach(() => origin.destroy());

describe('git provider publish', () => {
  it('when a fix is published, then the pushed branch has one commit on the base with exactly the files and our author', async () => {
    const result = await provider(
      'https://git.example.com/{repo}/compare/{base}...{branch}',
    ).publish(repo, request());
    expect(result).toMatchObject({ branch, created: true, prNumber: null, warnings: [] });
    expect(result.prUrl).toBe(
      'https://git.example.com/team/app/compare/main...remediation/py-weak-hash/fix-7',
    );
    expect(git(origin.bare, 'rev-parse', `refs/heads/${branch}`)).toBe(result.headSha);
    expect(git(origin.bare, 'rev-list', '--parents', '-n1', result.headSha)).toBe(
      `${result.headSha} ${baseSha}`,
    );
    expect(git(origin.bare, 'show', '-s', '--format=%an <%ae>', result.headSha)).toBe(
      'Remediation Bot <bot@remediation.example>',
    );
    expect(git(origin.bare, 'show', '-s', '--format=%B', result.headSha)).toContain(
      `Remediation-Branch: ${branch}`,
    );
    expect(filesAt(result.headSha)).toEqual([
      '100644 README.md',
      '100644 app/hash.py',
      '100644 app/new/module.py',
      '100755 scripts/run.sh',
    ]);
    expect(git(origin.bare, 'show', `${result.headSha}:app/hash.py`)).toBe(
      'import hashlib\nhashlib.sha256(data)',
    );
    expect(
      git(origin.bare, 'diff', '--name-only', baseSha, result.headSha).split('\n').sort(),
    ).toEqual(['app/hash.py', 'app/new/module.py', 'legacy.txt', 'scripts/run.sh']);
  });

  it('when the same publish runs again, then the branch head stays and created is false', async () => {
    const first = await provider().publish(repo, request());
    const second = await provider().publish(repo, request());
    expect(second).toEqual({ ...first, created: false });
    expect(first.prUrl).toBeNull();
  });

  it('when two identical publishes race from separate mirrors, then the branch ends with one commit', async () => {
    const elsewhere = createGitProvider({
      credentials: null,
      mirrorDir: `${origin.mirrorDir}-other-pod`,
      allowedProtocols: ['file'],
      timeoutMs: 20_000,
    });
    const [a, b] = await Promise.all([
      provider().publish(repo, request()),
      elsewhere.publish(repo, request()),
    ]);
    // Equal commits made within the same second are the same object: then both pushes "win".
    expect(a.headSha).toBe(b.headSha);
    expect(git(origin.bare, 'rev-list', '--count', `${baseSha}..refs/heads/${branch}`)).toBe('1');
  });

  it('when our branch exists with other content, then it is replaced by a commit on the new base', async () => {
    await provider().publish(repo, request());
    baseSha = origin.commit({ 'README.md': 'moved\n' });
    const again = await provider().publish(
      repo,
      request([{ path: 'app/hash.py', content: 'changed\n' }]),
    );
    expect(again.created).toBe(true);
    expect(git(origin.bare, 'rev-list', '--parents', '-n1', again.headSha)).toBe(
      `${again.headSha} ${baseSha}`,
    );
  });

  it("when the branch exists with someone else's commit, then publish is a conflict and nothing is pushed", async () => {
    const theirs = origin.commit({ 'mine.txt': 'x\n' }, { branch });
    const error = await provider()
      .publish(repo, request())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'conflict', final: true });
    expect(git(origin.bare, 'rev-parse', `refs/heads/${branch}`)).toBe(theirs);
  });

  it('when the file protocol is not allowed, then publish fails as invalid before running git', async () => {
    const strict = createGitProvider({
      credentials: null,
      mirrorDir: origin.mirrorDir,
      allowedProtocols: ['https'],
      timeoutMs: 5000,
    });
    await expect(strict.publish(repo, request())).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('git provider branch state', () => {
  it('when the branch is merged into the base, then it reads as merged with the merge commit, even after the branch is deleted', async () => {
    const published = await provider().publish(repo, request());
    expect(await provider().pullRequest(repo, null, { branch })).toMatchObject({
      state: 'open',
      number: null,
    });
    expect(await provider().countOpenPullRequests(repo, 'remediation/')).toBe(1);
    const merge = origin.mergeIntoMain(branch);
    expect(await provider().pullRequest(repo, null, { branch })).toMatchObject({
      state: 'merged',
      mergeCommitSha: merge,
    });
    expect(await provider().countOpenPullRequests(repo, 'remediation/')).toBe(0);
    origin.deleteBranch(branch);
    const state = await provider().pullRequest(repo, null, { branch, headSha: published.headSha });
    expect(state).toMatchObject({ state: 'merged', mergeCommitSha: merge });
    expect(state.mergedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('when the branch is deleted without a merge, then it reads as closed', async () => {
    const published = await provider().publish(repo, request());
    origin.deleteBranch(branch);
    expect(
      await provider().pullRequest(repo, null, { branch, headSha: published.headSha }),
    ).toMatchObject({ state: 'closed' });
    expect(await provider().branchHead(repo, branch)).toBeNull();
  });

  it('when a published branch is closed, then it is deleted and reads as closed; closing again changes nothing', async () => {
    const published = await provider().publish(repo, request());
    const hint = { branch, headSha: published.headSha };
    expect(await provider().closePullRequest(repo, null, 'Superseded.', hint)).toMatchObject({
      state: 'closed',
    });
    expect(await provider().branchHead(repo, branch)).toBeNull();
    expect(await provider().closePullRequest(repo, null, 'Superseded.', hint)).toMatchObject({
      state: 'closed',
    });
    expect(git(origin.bare, 'rev-parse', 'main')).toBe(baseSha);
  });

  it('when someone pushed to the branch since it was published, then closing leaves it open', async () => {
    const published = await provider().publish(repo, request());
    const theirs = origin.commit({ 'app/hash.py': 'changed by a person\n' }, { branch });
    const state = await provider().closePullRequest(repo, null, 'Superseded.', {
      branch,
      headSha: published.headSha,
    });
    expect(state.state).toBe('open');
    expect(await provider().branchHead(repo, branch)).toBe(theirs);
  });

  it('when a branch was merged since its refresh began, then publishing onto it is a conflict and it stays where it was merged', async () => {
    const published = await provider().publish(repo, request());
    const merge = origin.mergeIntoMain(branch);
    const again = provider().publish(repo, {
      ...request([{ path: 'app/hash.py', content: 'import hashlib\nhashlib.sha512(data)\n' }]),
      baseSha: merge,
    });
    await expect(again).rejects.toMatchObject({ kind: 'conflict' });
    expect(await provider().branchHead(repo, branch)).toBe(published.headSha);
    expect(
      await provider().pullRequest(repo, null, { branch, headSha: published.headSha }),
    ).toMatchObject({ state: 'merged', mergeCommitSha: merge });
  });

  it('when a merged branch is closed, then it stays merged and the base is untouched', async () => {
    const published = await provider().publish(repo, request());
    const merge = origin.mergeIntoMain(branch);
    const state = await provider().closePullRequest(repo, null, 'Superseded.', {
      branch,
      headSha: published.headSha,
    });
    expect(state).toMatchObject({ state: 'merged', mergeCommitSha: merge });
    expect(await provider().branchHead(repo, branch)).toBe(published.headSha);
  });
});
