// The GitHub side of bench:faults: one OpenAPI-checked stand-in per repository
// (`@remediation/forges/testing`) behind one HTTP front that routes `/repos/{owner}/{name}/…` to
// its stand-in and, while a fault window is open, answers every request itself the way GitHub
// does when it is failing: 502 and 503 from its front end, the secondary rate limit's 403, or
// 429 with Retry-After.
import { createServer } from 'node:http';
import { startGithubStandIn } from '@remediation/forges/testing';

const SECONDARY =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.';

/** What GitHub answers in each failure mode (bodies and headers as GitHub sends them). */
export const FORGE_FAULTS = {
  502: () => ({
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
  }),
  503: () => ({
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ message: 'Service Unavailable' }),
  }),
  'secondary-403': () => ({
    status: 403,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4900',
      'x-ratelimit-resource': 'core',
    },
    body: JSON.stringify({
      message: SECONDARY,
      documentation_url:
        'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
    }),
  }),
  429: () => ({
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '20' },
    body: JSON.stringify({ message: 'Too Many Requests' }),
  }),
};

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Stand-ins for `repos` (`[{owner, name, token, files, head}]`) behind one front.
 * `fail(kind)` opens a fault window (`null` closes it); `faulted` counts the requests answered by
 * a fault.
 */
export const startForge = async (repos) => {
  const standIns = new Map();
  for (const repo of repos) {
    const gh = await startGithubStandIn({
      owner: repo.owner,
      name: repo.name,
      auth: { kind: 'token', token: repo.token },
    });
    gh.store.seed('main', repo.files, [], repo.head);
    standIns.set(`${repo.owner}/${repo.name}`, gh);
  }
  const first = standIns.values().next().value;
  let fault = null;
  const state = { faulted: 0 };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (fault) {
      state.faulted += 1;
      const answer = FORGE_FAULTS[fault]();
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const m = /^\/repos\/([^/]+)\/([^/?]+)/.exec(req.url ?? '');
    const target = (m && standIns.get(`${m[1]}/${m[2]}`)) ?? first;
    const headers = { ...req.headers };
    delete headers.host;
    delete headers['content-length'];
    const upstream = await fetch(`${target.origin}${req.url}`, {
      method: req.method,
      headers,
      body: body.length > 0 ? body : undefined,
    });
    const out = Buffer.from(await upstream.arrayBuffer());
    const outHeaders = Object.fromEntries(upstream.headers);
    delete outHeaders['content-encoding'];
    delete outHeaders['content-length'];
    delete outHeaders['transfer-encoding'];
    res.writeHead(upstream.status, outHeaders).end(out);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBaseUrl: `http://127.0.0.1:${server.address().port}`,
    standIns,
    state,
    fail: (kind) => {
      fault = kind;
    },
    /** Branches with more than one pull request, and pull requests per repository. */
    pulls: () =>
      [...standIns].map(([fullName, gh]) => ({
        fullName,
        pulls: gh.pulls.map((p) => ({ number: p.number, head: p.head, state: p.state })),
        violations: gh.violations.length,
      })),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const gh of standIns.values()) await gh.close();
    },
  };
};
