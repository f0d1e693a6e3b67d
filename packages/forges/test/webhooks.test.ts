import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseGithubEvent, verifyGithubSignature } from '../src/webhooks/github-webhooks.js';
import { parseGitlabEvent, verifyGitlabToken } from '../src/webhooks/gitlab-webhooks.js';

interface ExampleGroup {
  name: string;
  examples: Record<string, unknown>[];
}
const examples: ExampleGroup[] = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@octokit/webhooks-examples'), 'utf8'),
);
const examplesOf = (name: string) => examples.find((g) => g.name === name)!.examples;
const example = (name: string, action: string) =>
  structuredClone(examplesOf(name).find((e) => e['action'] === action)!);

// Example payloads are deep JSON; tests read into them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Payload = Record<string, any>;

const sign = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('GitHub webhook signatures', () => {
  const body = JSON.stringify(example('pull_request', 'closed'));
  it('when the X-Hub-Signature-256 matches the raw body, then it verifies', async () => {
    expect(await verifyGithubSignature('s3cret', Buffer.from(body), sign('s3cret', body))).toBe(
      true,
    );
  });
  it('when the body, the secret or the header differ, then it does not verify', async () => {
    expect(await verifyGithubSignature('s3cret', `${body} `, sign('s3cret', body))).toBe(false);
    expect(await verifyGithubSignature('other', body, sign('s3cret', body))).toBe(false);
    expect(await verifyGithubSignature('s3cret', body, undefined)).toBe(false);
    expect(await verifyGithubSignature('s3cret', body, 'sha1=abc')).toBe(false);
    expect(
      await verifyGithubSignature('s3cret', body, sign('s3cret', body).replace('sha256=', '')),
    ).toBe(false);
  });
});

describe('GitHub webhook events (payloads from @octokit/webhooks-examples)', () => {
  it('when a pull request is closed without merging, then it is a closed event with who and when', () => {
    const payload = example('pull_request', 'closed') as Payload;
    expect(payload['pull_request'].merged).toBe(false);
    expect(parseGithubEvent('pull_request', payload)).toEqual({
      kind: 'pull_request',
      action: 'closed',
      repositoryFullName: payload['repository'].full_name,
      number: payload['pull_request'].number,
      url: payload['pull_request'].html_url,
      headBranch: payload['pull_request'].head.ref,
      mergedAt: null,
      mergedBy: null,
      mergeCommitSha: null,
      closedAt: new Date(payload['pull_request'].closed_at).toISOString(),
      closedBy: payload['sender'].login,
    });
  });

  it('when a closed pull request has merged true, then it is a merged event with the merge commit', () => {
    // The examples hold no merged close; GitHub sends the same shape with merged, merged_at and merged_by set.
    const payload = example('pull_request', 'closed') as Payload;
    Object.assign(payload['pull_request'], {
      merged: true,
      merged_at: '2026-11-20T10:00:00Z',
      merged_by: { ...payload['sender'], login: 'carol' },
      merge_commit_sha: 'a'.repeat(40),
    });
    expect(parseGithubEvent('pull_request', payload)).toMatchObject({
      action: 'merged',
      mergedBy: 'carol',
      mergedAt: '2026-11-20T10:00:00.000Z',
      mergeCommitSha: 'a'.repeat(40),
    });
  });

  it('when a pull request is opened, then it is an other action', () => {
    expect(parseGithubEvent('pull_request', example('pull_request', 'opened'))).toMatchObject({
      kind: 'pull_request',
      action: 'other',
    });
  });

  it('when a code scanning alert comes from an analysis, then it names the ref, commit and analysis key', () => {
    const payload = example('code_scanning_alert', 'created') as Payload;
    expect(parseGithubEvent('code_scanning_alert', payload)).toEqual({
      kind: 'code_scanning',
      repositoryFullName: payload['repository'].full_name,
      ref: payload['ref'],
      commitSha: payload['commit_oid'],
      analysisKey: payload['alert'].instances[0].analysis_key,
    });
    const fixed = example('code_scanning_alert', 'fixed') as Payload;
    expect(parseGithubEvent('code_scanning_alert', fixed)).toMatchObject({
      ref: 'refs/pull/11/merge',
      analysisKey: fixed['alert'].most_recent_instance.analysis_key,
    });
    expect(
      parseGithubEvent('code_scanning_alert', example('code_scanning_alert', 'closed_by_user')),
    ).toMatchObject({ kind: 'ignored' });
  });

  it('when a workflow run completes, then it is a code scanning event for its branch and commit', () => {
    const payload = example('workflow_run', 'completed') as Payload;
    expect(parseGithubEvent('workflow_run', payload)).toEqual({
      kind: 'code_scanning',
      repositoryFullName: payload['repository'].full_name,
      ref: `refs/heads/${payload['workflow_run'].head_branch}`,
      commitSha: payload['workflow_run'].head_sha,
    });
    expect(parseGithubEvent('workflow_run', example('workflow_run', 'requested'))).toMatchObject({
      kind: 'ignored',
    });
  });

  it('when the event is unknown or the payload is malformed, then it is ignored with a reason', () => {
    expect(parseGithubEvent('ping', { zen: 'hi' })).toEqual({
      kind: 'ignored',
      reason: "GitHub event 'ping' is not used",
    });
    expect(parseGithubEvent('pull_request', { action: 'closed' })).toMatchObject({
      kind: 'ignored',
    });
    expect(parseGithubEvent('pull_request', null)).toMatchObject({ kind: 'ignored' });
  });
});

// GitLab publishes no example payloads on npm: this is the merge request event of GitLab's webhook documentation, trimmed.
const gitlabMergeRequest = (action: string) => ({
  object_kind: 'merge_request',
  event_type: 'merge_request',
  user: {
    id: 1,
    name: 'Administrator',
    username: 'root',
    avatar_url: 'https://gitlab.example/root.png',
  },
  project: {
    id: 1,
    name: 'Gitlab Test',
    path_with_namespace: 'gitlabhq/gitlab-test',
    web_url: 'https://gitlab.example/gitlabhq/gitlab-test',
    default_branch: 'master',
  },
  object_attributes: {
    id: 99,
    iid: 1,
    target_branch: 'master',
    source_branch: 'ms-viewport',
    title: 'MS-Viewport',
    state: action === 'merge' ? 'merged' : action === 'close' ? 'closed' : 'opened',
    merge_commit_sha: action === 'merge' ? 'b'.repeat(40) : null,
    created_at: '2013-12-03T17:23:34Z',
    updated_at: '2013-12-03 17:23:34 UTC',
    url: 'https://gitlab.example/gitlabhq/gitlab-test/-/merge_requests/1',
    action,
  },
});

describe('GitLab webhooks', () => {
  it('when X-Gitlab-Token equals the secret, then it verifies; otherwise not', () => {
    expect(verifyGitlabToken('tok-123', 'tok-123')).toBe(true);
    expect(verifyGitlabToken('tok-123', 'tok-124')).toBe(false);
    expect(verifyGitlabToken('tok-123', 'tok-1234')).toBe(false);
    expect(verifyGitlabToken('tok-123', undefined)).toBe(false);
    expect(verifyGitlabToken('', '')).toBe(false);
  });

  it('when a merge request is merged, then it is a merged event by the acting user', () => {
    expect(parseGitlabEvent(gitlabMergeRequest('merge'))).toEqual({
      kind: 'pull_request',
      action: 'merged',
      repositoryFullName: 'gitlabhq/gitlab-test',
      number: 1,
      url: 'https://gitlab.example/gitlabhq/gitlab-test/-/merge_requests/1',
      headBranch: 'ms-viewport',
      mergedAt: '2013-12-03T17:23:34.000Z',
      mergedBy: 'root',
      mergeCommitSha: 'b'.repeat(40),
      closedAt: '2013-12-03T17:23:34.000Z',
      closedBy: 'root',
    });
  });

  it('when a merge request is closed or updated, then it is closed or other', () => {
    expect(parseGitlabEvent(gitlabMergeRequest('close'))).toMatchObject({
      action: 'closed',
      closedBy: 'root',
      mergedAt: null,
    });
    expect(parseGitlabEvent(gitlabMergeRequest('update'))).toMatchObject({ action: 'other' });
    expect(parseGitlabEvent({ object_kind: 'push' })).toEqual({
      kind: 'ignored',
      reason: "GitLab event 'push' is not used",
    });
  });
});
