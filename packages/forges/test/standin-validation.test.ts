import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGithubStandIn, type GithubStandIn } from './support/github-standin.js';
import { startGitlabStandIn } from './support/gitlab-standin.js';

const TOKEN = 'ghp_validationToken';
let gh: GithubStandIn;

beforeEach(async () => {
  gh = await startGithubStandIn({
    owner: 'acme',
    name: 'shop',
    auth: { kind: 'token', token: TOKEN },
  });
});
afterEach(() => gh.close());

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${gh.apiBaseUrl}${path}`, {
    method,
    headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('GitHub stand-in checks requests against the OpenAPI description', () => {
  it('when a body breaks the operation schema, then the request is refused and recorded', async () => {
    const res = await send('POST', '/repos/acme/shop/git/refs', { ref: 42 });
    expect(res.status).toBe(422);
    expect(gh.violations.join('\n')).toMatch(/git\/create-ref: request body: .*(ref|sha)/);
  });

  it('when a query parameter is unknown or ill-typed, then it is a violation', async () => {
    await send('GET', '/repos/acme/shop/pulls?state=merged&colour=blue');
    expect(gh.violations.join('\n')).toMatch(/query parameter 'colour' is not defined/);
    expect(gh.violations.join('\n')).toMatch(/query parameter 'state'/);
  });

  it('when a path or method is not in the description, then it is a violation', async () => {
    await send('DELETE', '/repos/acme/shop/pulls/1');
    await send('GET', '/repos/acme/shop/no-such-thing');
    expect(gh.violations).toHaveLength(2);
  });

  it('when the token is wrong, then the answer is 401 Bad credentials', async () => {
    const res = await fetch(`${gh.apiBaseUrl}/repos/acme/shop/pulls`, {
      headers: { authorization: 'token nope' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Bad credentials' });
  });

  it('when a valid request is answered, then the answer conforms to the response schema', async () => {
    const sha = gh.store.seed('main', { 'a.txt': 'a' }).sha;
    const res = await send('GET', `/repos/acme/shop/git/commits/${sha}`);
    expect(res.status).toBe(200);
    expect(gh.violations).toEqual([]);
  });
});

describe('GitLab stand-in checks requests against the documented endpoints', () => {
  it('when a body has an undocumented field or misses a required one, then it is a violation answered 400', async () => {
    const gl = await startGitlabStandIn('group/app', 'glpat-x');
    try {
      const res = await fetch(`${gl.apiBaseUrl}/projects/group%2Fapp/merge_requests`, {
        method: 'POST',
        headers: { 'private-token': 'glpat-x', 'content-type': 'application/json' },
        body: JSON.stringify({ source_branch: 'a', title: 't', colour: 'blue' }),
      });
      expect(res.status).toBe(400);
      expect(gl.violations.join('\n')).toMatch(
        /merge-requests\/create: request body: .*(target_branch|additional)/,
      );
    } finally {
      await gl.close();
    }
  });
});
