import { randomBytes } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { ObjectStore } from './git-objects.js';
import {
  codeScanningAnalysis,
  gitCommit,
  gitRef,
  gitTree,
  installationToken,
  issueOfPull,
  labels,
  pullRequest,
  type StandInAnalysis,
  type StandInPull,
} from './github-responses.js';
import { startHttpStandIn, type StandInRequest, type StandInResponse } from './http-standin.js';
import { githubOpenApi } from './openapi-document.js';
import { OpenApiValidator, type MatchedOperation } from './openapi-validator.js';

export type GithubStandInAuth =
  | { kind: 'token'; token: string }
  | { kind: 'app'; appId: string; installationId: string; publicKeyPem: string };

export interface GithubStandInOptions {
  owner: string;
  name: string;
  auth: GithubStandInAuth;
  /** Path prefix of the API (`/api/v3` like GitHub Enterprise Server); none by default. */
  prefix?: string;
  /** A primary rate limit: `limit` requests per window, then 403 until the window resets. */
  rateLimit?: { limit: number; windowMs: number };
}

/** A one-off answer (or side effect) for the next `times` requests of an operation. */
export interface Fault {
  operationId: string;
  times?: number;
  /** Runs before the request is handled (e.g. a concurrent job creating the same branch). */
  before?: () => void;
  /** Answer this instead of handling the request. */
  respond?: StandInResponse;
}

export interface RecordedRequest {
  operationId: string;
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

let validator: OpenApiValidator | undefined;
const github = () => (validator ??= new OpenApiValidator(githubOpenApi(), 'github'));
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const basicError = (status: number, message: string): StandInResponse => ({
  status,
  body: { message, documentation_url: 'https://docs.github.com/rest' },
});

/**
 * GitHub's REST API on 127.0.0.1 for one repository, checked against GitHub's official OpenAPI
 * description (`@octokit/openapi`): a request for an undocumented path or method, with an
 * unknown or ill-typed parameter or a body that does not match the operation's schema is
 * recorded in `violations` and answered 422; every success answer is validated against the
 * operation's response schema too (a stand-in bug is a violation). It keeps git objects, refs
 * and PRs so publishing is stateful, authenticates a token or a GitHub App (RS256 JWT →
 * installation token), sends rate-limit headers and can inject faults.
 */
export class GithubStandIn {
  readonly store = new ObjectStore();
  readonly pulls: StandInPull[] = [];
  readonly analyses: StandInAnalysis[] = [];
  readonly violations: string[] = [];
  readonly requests: RecordedRequest[] = [];
  readonly issuedTokens: string[] = [];
  /** Requests answered with the primary rate limit's 403. */
  rateLimited = 0;
  private readonly faults: Fault[] = [];
  private used = 0;
  private windowStart = Date.now();
  private nextNumber = 1;
  origin = '';
  close: () => Promise<void> = () => Promise.resolve();

  constructor(readonly options: GithubStandInOptions) {}

  /** API base URL (with the prefix) for `ForgeRepository.apiBaseUrl`. */
  get apiBaseUrl(): string {
    return `${this.origin}${this.options.prefix ?? ''}`;
  }

  get fullName(): string {
    return `${this.options.owner}/${this.options.name}`;
  }

  inject(fault: Fault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** Operation ids of the requests so far, in order. */
  operations(): string[] {
    return this.requests.map((r) => r.operationId);
  }

  pull(number: number): StandInPull {
    const pull = this.pulls.find((p) => p.number === number);
    if (!pull) throw new Error(`no pull request #${number}`);
    return pull;
  }

  /** Merges a PR as GitHub would (a merge commit on the base), as `by`. */
  merge(number: number, by: string): StandInPull {
    const pull = this.pull(number);
    const baseRef = `refs/heads/${pull.base}`;
    const head = this.store.commits.get(pull.headSha)!;
    const who = { name: by, email: `${by}@example.com`, date: now() };
    const merge = this.store.putCommit({
      tree: head.tree,
      parents: [this.store.refs.get(baseRef)!, pull.headSha],
      message: `Merge pull request #${number}`,
      author: who,
      committer: who,
    });
    this.store.refs.set(baseRef, merge.sha);
    Object.assign(pull, {
      state: 'closed',
      mergedAt: now(),
      mergedBy: by,
      mergeCommitSha: merge.sha,
      closedAt: now(),
      closedBy: by,
    });
    return pull;
  }

  closePull(number: number, by: string): StandInPull {
    return Object.assign(this.pull(number), {
      state: 'closed' as const,
      closedAt: now(),
      closedBy: by,
    });
  }

  private rateHeaders(): Record<string, string> {
    const limit = this.options.rateLimit;
    if (limit && Date.now() - this.windowStart >= limit.windowMs) {
      this.windowStart = Date.now();
      this.used = 0;
    }
    const max = limit?.limit ?? 5000;
    const reset = Math.ceil((this.windowStart + (limit?.windowMs ?? 3_600_000)) / 1000);
    return {
      'x-ratelimit-limit': String(max),
      'x-ratelimit-remaining': String(Math.max(0, max - this.used)),
      'x-ratelimit-used': String(this.used),
      'x-ratelimit-reset': String(reset),
      'x-ratelimit-resource': 'core',
    };
  }

  async handle(req: StandInRequest): Promise<StandInResponse> {
    const prefix = this.options.prefix ?? '';
    if (!req.path.startsWith(prefix)) return basicError(404, 'Not Found');
    const op = github().match(req.method, req.path.slice(prefix.length));
    if ('error' in op) {
      this.violations.push(op.error);
      return basicError(404, 'Not Found');
    }
    this.requests.push({
      operationId: op.operationId,
      method: req.method,
      path: req.path,
      authorization: req.headers.authorization,
      body: req.body,
    });
    const problems = github().validateRequest(op, req.query, req.body);
    if (problems.length > 0) {
      this.violations.push(...problems.map((p) => `${op.operationId}: ${p}`));
      return basicError(422, `Invalid request.\n\n${problems.join('\n')}`);
    }
    const fault = this.faults.find((f) => f.operationId === op.operationId && (f.times ?? 1) > 0);
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      fault.before?.();
      if (fault.respond) return fault.respond;
    }
    const authFailure = await this.authenticate(op, req);
    if (authFailure) return authFailure;
    const rate = this.rateHeaders();
    if (this.options.rateLimit && this.used >= this.options.rateLimit.limit) {
      this.rateLimited += 1;
      return {
        ...basicError(
          403,
          `API rate limit exceeded for installation ID ${this.options.auth.kind}.`,
        ),
        headers: { ...rate, 'x-ratelimit-remaining': '0' },
      };
    }
    this.used += 1;
    const answer = this.route(op, req);
    if (answer.status < 300 && !(answer.contentType ?? '').startsWith('application/sarif')) {
      const responseProblems = github().validateResponse(op, answer.status, answer.body);
      this.violations.push(...responseProblems);
    }
    return { ...answer, headers: { ...this.rateHeaders(), ...answer.headers } };
  }

  private async authenticate(
    op: MatchedOperation,
    req: StandInRequest,
  ): Promise<StandInResponse | null> {
    const header = req.headers.authorization ?? '';
    const [scheme, credential] = header.split(' ');
    const auth = this.options.auth;
    if (op.operationId === 'apps/create-installation-access-token') {
      if (auth.kind !== 'app' || scheme?.toLowerCase() !== 'bearer' || !credential)
        return basicError(401, 'A JSON web token could not be decoded');
      try {
        const { payload } = await jwtVerify(
          credential,
          await importSPKI(auth.publicKeyPem, 'RS256'),
          { algorithms: ['RS256'] },
        );
        const nowSeconds = Math.floor(Date.now() / 1000);
        if (String(payload.iss) !== auth.appId)
          return basicError(401, "'Issuer' claim ('iss') must be an Integer");
        if (payload.exp === undefined || payload.exp > nowSeconds + 600)
          return basicError(401, "'Expiration time' claim ('exp') is too far in the future");
      } catch {
        return basicError(401, 'A JSON web token could not be decoded');
      }
      if (op.pathParams['installation_id'] !== auth.installationId)
        return basicError(404, 'Not Found');
      return null;
    }
    const tokens = auth.kind === 'token' ? [auth.token] : this.issuedTokens;
    if (
      !['token', 'bearer'].includes(scheme?.toLowerCase() ?? '') ||
      !credential ||
      !tokens.includes(credential)
    ) {
      return basicError(401, 'Bad credentials');
    }
    return null;
  }

  private route(op: MatchedOperation, req: StandInRequest): StandInResponse {
    const p = op.pathParams;
    if (
      op.operationId !== 'apps/create-installation-access-token' &&
      `${p['owner']}/${p['repo']}` !== this.fullName
    ) {
      return basicError(404, 'Not Found');
    }
    const api = this.apiBaseUrl;
    const full = this.fullName;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const store = this.store;
    switch (op.operationId) {
      case 'apps/create-installation-access-token': {
        const token = `ghs_${randomBytes(18).toString('hex')}`;
        this.issuedTokens.push(token);
        return {
          status: 201,
          body: installationToken(
            token,
            new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          ),
        };
      }
      case 'git/get-commit': {
        const commit = store.commits.get(p['commit_sha']!);
        return commit
          ? { status: 200, body: gitCommit(api, full, commit) }
          : basicError(404, 'Not Found');
      }
      case 'git/get-tree': {
        const tree = store.trees.get(p['tree_sha']!);
        return tree
          ? { status: 200, body: gitTree(api, full, p['tree_sha']!, [...tree.entries()]) }
          : basicError(404, 'Not Found');
      }
      case 'git/create-tree':
        return this.createTree(body);
      case 'git/create-commit': {
        const tree = String(body['tree']);
        const parents = (body['parents'] as string[] | undefined) ?? [];
        if (!store.trees.has(tree) || parents.some((s) => !store.commits.has(s)))
          return basicError(422, 'Tree SHA does not exist');
        const author = { date: now(), ...(body['author'] as { name: string; email: string }) };
        const committer = {
          date: now(),
          ...((body['committer'] as { name: string; email: string }) ?? author),
        };
        const commit = store.putCommit({
          tree,
          parents,
          message: String(body['message']),
          author,
          committer,
        });
        return { status: 201, body: gitCommit(api, full, commit) };
      }
      case 'git/get-ref': {
        const sha = store.refs.get(`refs/${p['ref']}`);
        return sha
          ? { status: 200, body: gitRef(api, full, `refs/${p['ref']}`, sha) }
          : basicError(404, 'Not Found');
      }
      case 'git/create-ref': {
        const ref = String(body['ref']);
        const sha = String(body['sha']);
        if (store.refs.has(ref)) return basicError(422, 'Reference already exists');
        if (!store.commits.has(sha)) return basicError(422, 'Object does not exist');
        store.refs.set(ref, sha);
        return { status: 201, body: gitRef(api, full, ref, sha) };
      }
      case 'git/update-ref': {
        const ref = `refs/${p['ref']}`;
        const sha = String(body['sha']);
        const current = store.refs.get(ref);
        if (!current) return basicError(422, 'Reference does not exist');
        if (body['force'] !== true && !store.isAncestor(current, sha))
          return basicError(422, 'Update is not a fast forward');
        store.refs.set(ref, sha);
        for (const pull of this.pulls)
          if (`refs/heads/${pull.head}` === ref && pull.state === 'open') pull.headSha = sha;
        return { status: 200, body: gitRef(api, full, ref, sha) };
      }
      case 'pulls/list':
        return this.listPulls(req.query);
      case 'pulls/create':
        return this.createPull(body);
      case 'pulls/get': {
        const pull = this.pulls.find((x) => x.number === Number(p['pull_number']));
        return pull
          ? {
              status: 200,
              body: pullRequest(api, this.options.owner, this.options.name, pull, true),
            }
          : basicError(404, 'Not Found');
      }
      case 'pulls/update': {
        const pull = this.pulls.find((x) => x.number === Number(p['pull_number']));
        if (!pull) return basicError(404, 'Not Found');
        if (typeof body['title'] === 'string') pull.title = body['title'];
        if (typeof body['body'] === 'string') pull.body = body['body'];
        if (body['state'] === 'closed' && pull.state === 'open')
          Object.assign(pull, { state: 'closed', closedAt: now(), closedBy: pull.author });
        return {
          status: 200,
          body: pullRequest(api, this.options.owner, this.options.name, pull, true),
        };
      }
      case 'issues/get': {
        const pull = this.pulls.find((x) => x.number === Number(p['issue_number']));
        return pull
          ? { status: 200, body: issueOfPull(api, this.options.owner, this.options.name, pull) }
          : basicError(404, 'Not Found');
      }
      case 'issues/add-labels': {
        const pull = this.pulls.find((x) => x.number === Number(p['issue_number']));
        if (!pull) return basicError(404, 'Not Found');
        for (const l of (body['labels'] as string[] | undefined) ?? [])
          if (!pull.labels.includes(l)) pull.labels.push(l);
        return { status: 200, body: labels(pull.labels) };
      }
      case 'pulls/request-reviewers': {
        const pull = this.pulls.find((x) => x.number === Number(p['pull_number']));
        if (!pull) return basicError(404, 'Not Found');
        const users = (body['reviewers'] as string[] | undefined) ?? [];
        if (users.includes(pull.author))
          return basicError(422, 'Review cannot be requested from pull request author.');
        pull.reviewers.push(...users.filter((u) => !pull.reviewers.includes(u)));
        pull.teams.push(
          ...((body['team_reviewers'] as string[] | undefined) ?? []).filter(
            (t) => !pull.teams.includes(t),
          ),
        );
        return {
          status: 201,
          body: pullRequest(api, this.options.owner, this.options.name, pull, false),
        };
      }
      case 'code-scanning/list-recent-analyses': {
        const ref = req.query['ref'];
        const list = this.analyses.filter((a) => ref === undefined || a.ref === ref);
        return { status: 200, body: list.map((a) => codeScanningAnalysis(api, full, a)) };
      }
      case 'code-scanning/get-analysis': {
        const analysis = this.analyses.find((a) => a.id === Number(p['analysis_id']));
        if (!analysis) return basicError(404, 'Not Found');
        if (req.headers.accept === 'application/sarif+json') {
          return { status: 200, body: analysis.sarif, contentType: 'application/sarif+json' };
        }
        return { status: 200, body: codeScanningAnalysis(api, full, analysis) };
      }
      default:
        return basicError(404, `the stand-in does not implement ${op.operationId}`);
    }
  }

  private createTree(body: Record<string, unknown>): StandInResponse {
    const store = this.store;
    const baseTree = body['base_tree'] as string | undefined;
    if (baseTree !== undefined && !store.trees.has(baseTree))
      return basicError(422, 'base_tree is not a valid tree oid');
    const files = baseTree
      ? store.flatten(baseTree)
      : new Map<string, { mode: string; sha: string }>();
    for (const entry of body['tree'] as {
      path: string;
      mode: string;
      sha?: string | null;
      content?: string;
    }[]) {
      if (entry.sha === null) files.delete(entry.path);
      else if (entry.content !== undefined)
        files.set(entry.path, { mode: entry.mode, sha: store.putBlob(entry.content) });
      else if (entry.sha && store.blobs.has(entry.sha))
        files.set(entry.path, { mode: entry.mode, sha: entry.sha });
      else return basicError(422, `tree.sha ${entry.sha ?? ''} is not a valid blob`);
    }
    const sha = store.buildTree(files);
    return {
      status: 201,
      body: gitTree(this.apiBaseUrl, this.fullName, sha, [...store.trees.get(sha)!.entries()]),
    };
  }

  private listPulls(query: Record<string, string | string[]>): StandInResponse {
    const state = (query['state'] as string | undefined) ?? 'open';
    const head = query['head'] as string | undefined;
    const list = this.pulls
      .filter((p) => state === 'all' || p.state === state)
      .filter((p) => head === undefined || `${this.options.owner}:${p.head}` === head)
      .sort((a, b) => b.number - a.number);
    return {
      status: 200,
      body: list.map((p) =>
        pullRequest(this.apiBaseUrl, this.options.owner, this.options.name, p, false),
      ),
    };
  }

  private createPull(body: Record<string, unknown>): StandInResponse {
    const head = String(body['head']);
    const baseBranch = String(body['base']);
    const headSha = this.store.refs.get(`refs/heads/${head}`);
    const baseSha = this.store.refs.get(`refs/heads/${baseBranch}`);
    if (!headSha || !baseSha) {
      return {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [{ resource: 'PullRequest', field: headSha ? 'base' : 'head', code: 'invalid' }],
          documentation_url: 'https://docs.github.com/rest',
        },
      };
    }
    if (this.pulls.some((p) => p.head === head && p.state === 'open')) {
      return {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [
            {
              resource: 'PullRequest',
              code: 'custom',
              message: `A pull request already exists for ${this.options.owner}:${head}.`,
            },
          ],
          documentation_url: 'https://docs.github.com/rest',
        },
      };
    }
    const pull: StandInPull = {
      number: this.nextNumber++,
      title: String(body['title']),
      body: typeof body['body'] === 'string' ? body['body'] : '',
      head,
      base: baseBranch,
      headSha,
      baseSha,
      state: 'open',
      draft: body['draft'] === true,
      author: 'remediation-bot',
      labels: [],
      reviewers: [],
      teams: [],
      createdAt: now(),
      mergedAt: null,
      mergedBy: null,
      mergeCommitSha: null,
      closedAt: null,
      closedBy: null,
    };
    this.pulls.push(pull);
    return {
      status: 201,
      body: pullRequest(this.apiBaseUrl, this.options.owner, this.options.name, pull, true),
    };
  }
}

/** Starts a GitHub stand-in; `close()` it after the test. */
export const startGithubStandIn = async (options: GithubStandInOptions): Promise<GithubStandIn> => {
  const standIn = new GithubStandIn(options);
  const server = await startHttpStandIn((req) => standIn.handle(req));
  standIn.origin = server.origin;
  standIn.close = server.close;
  return standIn;
};
