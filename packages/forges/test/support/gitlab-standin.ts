import { gitBlobSha, ObjectStore, type StoredCommit } from './git-objects.js';
import { gitlabApiDescription } from './gitlab-api-description.js';
import { startHttpStandIn, type StandInRequest, type StandInResponse } from './http-standin.js';
import { convertNullable, type OpenApiDocument } from './openapi-document.js';
import { OpenApiValidator, type MatchedOperation } from './openapi-validator.js';
import type { Fault, RecordedRequest } from './github-standin.js';

interface StandInMergeRequest {
  iid: number;
  title: string;
  description: string;
  source: string;
  target: string;
  state: 'opened' | 'closed' | 'merged';
  labels: string[];
  reviewers: string[];
  createdAt: string;
  mergedAt: string | null;
  mergedBy: string | null;
  mergeCommitSha: string | null;
  closedAt: string | null;
  closedBy: string | null;
}

let validator: OpenApiValidator | undefined;
const gitlab = () =>
  (validator ??= new OpenApiValidator(
    convertNullable(gitlabApiDescription) as OpenApiDocument,
    'gitlab',
  ));
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const message = (status: number, text: string | string[]): StandInResponse => ({
  status,
  body: { message: text },
});

/**
 * GitLab's REST API (v4) on 127.0.0.1 for one project, checked against the endpoints as GitLab
 * documents them (`gitlab-api-description.ts`): requests that break the description are recorded
 * in `violations` and answered 400, success answers are validated too. Keeps git objects,
 * branches and merge requests; `PRIVATE-TOKEN` authentication; injectable faults.
 */
export class GitlabStandIn {
  readonly store = new ObjectStore();
  readonly mergeRequests: StandInMergeRequest[] = [];
  readonly violations: string[] = [];
  readonly requests: RecordedRequest[] = [];
  readonly users = new Map<string, number>([
    ['alice', 11],
    ['bob', 12],
    ['remediation-bot', 99],
  ]);
  private readonly faults: Fault[] = [];
  origin = '';
  close: () => Promise<void> = () => Promise.resolve();

  constructor(
    readonly project: string,
    readonly token: string,
  ) {}

  get apiBaseUrl(): string {
    return `${this.origin}/api/v4`;
  }

  inject(fault: Fault): void {
    this.faults.push({ times: 1, ...fault });
  }

  operations(): string[] {
    return this.requests.map((r) => r.operationId);
  }

  mr(iid: number): StandInMergeRequest {
    const mr = this.mergeRequests.find((m) => m.iid === iid);
    if (!mr) throw new Error(`no merge request !${iid}`);
    return mr;
  }

  merge(iid: number, by: string): StandInMergeRequest {
    const mr = this.mr(iid);
    const head = this.store.commits.get(this.store.refs.get(`refs/heads/${mr.source}`)!)!;
    const who = { name: by, email: `${by}@example.com`, date: now() };
    const merge = this.store.putCommit({
      tree: head.tree,
      parents: [this.store.refs.get(`refs/heads/${mr.target}`)!, head.sha],
      message: `Merge branch '${mr.source}'`,
      author: who,
      committer: who,
    });
    this.store.refs.set(`refs/heads/${mr.target}`, merge.sha);
    return Object.assign(mr, {
      state: 'merged' as const,
      mergedAt: now(),
      mergedBy: by,
      mergeCommitSha: merge.sha,
    });
  }

  closeMergeRequest(iid: number, by: string): StandInMergeRequest {
    return Object.assign(this.mr(iid), { state: 'closed' as const, closedAt: now(), closedBy: by });
  }

  handle(req: StandInRequest): StandInResponse {
    const op = gitlab().match(req.method, req.path);
    if ('error' in op) {
      this.violations.push(op.error);
      return message(404, '404 Not Found');
    }
    this.requests.push({
      operationId: op.operationId,
      method: req.method,
      path: req.path,
      authorization: req.headers['private-token'] as string | undefined,
      body: req.body,
    });
    const problems = gitlab().validateRequest(op, req.query, req.body);
    if (problems.length > 0) {
      this.violations.push(...problems.map((p) => `${op.operationId}: ${p}`));
      return { status: 400, body: { error: problems.join('; ') } };
    }
    const fault = this.faults.find((f) => f.operationId === op.operationId && (f.times ?? 1) > 0);
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      fault.before?.();
      if (fault.respond) return fault.respond;
    }
    if (req.headers['private-token'] !== this.token) return message(401, '401 Unauthorized');
    if (op.pathParams['id'] !== undefined && op.pathParams['id'] !== this.project)
      return message(404, '404 Project Not Found');
    const answer = this.route(op, req);
    if (answer.status < 300)
      this.violations.push(...gitlab().validateResponse(op, answer.status, answer.body));
    return answer;
  }

  private resolve(ref: string): StoredCommit | undefined {
    return this.store.commits.get(this.store.refs.get(`refs/heads/${ref}`) ?? ref);
  }

  private commitJson(c: StoredCommit) {
    const title = c.message.split('\n')[0] ?? '';
    return {
      id: c.sha,
      short_id: c.sha.slice(0, 8),
      title,
      message: c.message,
      author_name: c.author.name,
      author_email: c.author.email,
      authored_date: c.author.date,
      committer_name: c.committer.name,
      committer_email: c.committer.email,
      committed_date: c.committer.date,
      created_at: c.committer.date,
      parent_ids: c.parents,
      web_url: `https://gitlab.example/${this.project}/-/commit/${c.sha}`,
    };
  }

  private userJson(username: string) {
    return {
      id: this.users.get(username) ?? 1,
      username,
      name: username,
      state: 'active',
      locked: false,
      avatar_url: null,
      web_url: `https://gitlab.example/${username}`,
    };
  }

  private mrJson(mr: StandInMergeRequest) {
    return {
      id: 500 + mr.iid,
      iid: mr.iid,
      project_id: 1,
      title: mr.title,
      description: mr.description,
      state: mr.state,
      source_branch: mr.source,
      target_branch: mr.target,
      source_project_id: 1,
      target_project_id: 1,
      labels: mr.labels,
      draft: mr.title.startsWith('Draft:'),
      work_in_progress: mr.title.startsWith('Draft:'),
      web_url: `https://gitlab.example/${this.project}/-/merge_requests/${mr.iid}`,
      sha: this.store.refs.get(`refs/heads/${mr.source}`) ?? null,
      merge_commit_sha: mr.mergeCommitSha,
      squash_commit_sha: null,
      author: this.userJson('remediation-bot'),
      reviewers: mr.reviewers.map((r) => this.userJson(r)),
      merged_by: mr.mergedBy ? this.userJson(mr.mergedBy) : null,
      merge_user: mr.mergedBy ? this.userJson(mr.mergedBy) : null,
      closed_by: mr.closedBy ? this.userJson(mr.closedBy) : null,
      created_at: mr.createdAt,
      updated_at: mr.createdAt,
      merged_at: mr.mergedAt,
      closed_at: mr.closedAt,
      detailed_merge_status: 'mergeable',
    };
  }

  private route(op: MatchedOperation, req: StandInRequest): StandInResponse {
    const p = op.pathParams;
    const q = req.query as Record<string, string>;
    const body = (req.body ?? {}) as Record<string, unknown>;
    switch (op.operationId) {
      case 'branches/show': {
        const sha = this.store.refs.get(`refs/heads/${p['branch']}`);
        if (!sha) return message(404, '404 Branch Not Found');
        return {
          status: 200,
          body: {
            name: p['branch'],
            commit: this.commitJson(this.store.commits.get(sha)!),
            merged: false,
            protected: p['branch'] === 'main',
            default: p['branch'] === 'main',
            developers_can_push: false,
            developers_can_merge: false,
            can_push: true,
            web_url: `https://gitlab.example/${this.project}/-/tree/${p['branch']}`,
          },
        };
      }
      case 'commits/show': {
        const commit = this.resolve(p['sha']!);
        return commit
          ? { status: 200, body: this.commitJson(commit) }
          : message(404, '404 Commit Not Found');
      }
      case 'files/show': {
        const commit = this.resolve(q['ref']!);
        const file = commit ? this.store.fileAt(commit.sha, p['file_path']!) : null;
        if (!commit || !file) return message(404, '404 File Not Found');
        const content = Buffer.from(file.content, 'utf8');
        return {
          status: 200,
          body: {
            file_name: p['file_path']!.split('/').pop(),
            file_path: p['file_path'],
            size: content.length,
            encoding: 'base64',
            content: content.toString('base64'),
            content_sha256: 'x',
            ref: q['ref'],
            blob_id: gitBlobSha(content),
            commit_id: commit.sha,
            last_commit_id: commit.sha,
            execute_filemode: file.mode === '100755',
          },
        };
      }
      case 'repositories/compare':
        return this.compare(q['from']!, q['to']!);
      case 'commits/create':
        return this.createCommit(body);
      case 'merge-requests/list': {
        const state = q['state'] ?? 'all';
        const list = this.mergeRequests.filter(
          (m) =>
            (state === 'all' || m.state === state) &&
            (q['source_branch'] === undefined || m.source === q['source_branch']),
        );
        return { status: 200, body: list.sort((a, b) => b.iid - a.iid).map((m) => this.mrJson(m)) };
      }
      case 'merge-requests/create': {
        const source = String(body['source_branch']);
        const open = this.mergeRequests.find((m) => m.source === source && m.state === 'opened');
        if (open)
          return message(409, [
            `Another open merge request already exists for this source branch: !${open.iid}`,
          ]);
        if (!this.store.refs.has(`refs/heads/${source}`))
          return message(400, ['Source branch does not exist']);
        const byId = new Map([...this.users].map(([name, id]) => [id, name]));
        const mr: StandInMergeRequest = {
          iid: this.mergeRequests.length + 1,
          title: String(body['title']),
          description: typeof body['description'] === 'string' ? body['description'] : '',
          source,
          target: String(body['target_branch']),
          state: 'opened',
          labels:
            typeof body['labels'] === 'string' ? body['labels'].split(',').filter(Boolean) : [],
          reviewers: ((body['reviewer_ids'] as number[] | undefined) ?? []).map(
            (id) => byId.get(id) ?? `user-${id}`,
          ),
          createdAt: now(),
          mergedAt: null,
          mergedBy: null,
          mergeCommitSha: null,
          closedAt: null,
          closedBy: null,
        };
        this.mergeRequests.push(mr);
        return { status: 201, body: this.mrJson(mr) };
      }
      case 'merge-requests/edit': {
        const mr = this.mergeRequests.find((m) => m.iid === Number(p['merge_request_iid']));
        if (!mr) return message(404, '404 Not found');
        if (typeof body['description'] === 'string') mr.description = body['description'];
        if (body['state_event'] === 'close' && mr.state === 'opened')
          Object.assign(mr, { state: 'closed', closedAt: now(), closedBy: 'remediation-bot' });
        if (typeof body['add_labels'] === 'string')
          for (const l of body['add_labels'].split(','))
            if (!mr.labels.includes(l)) mr.labels.push(l);
        const byId = new Map([...this.users].map(([name, id]) => [id, name]));
        if (Array.isArray(body['reviewer_ids']))
          mr.reviewers = (body['reviewer_ids'] as number[]).map(
            (id) => byId.get(id) ?? `user-${id}`,
          );
        return { status: 200, body: this.mrJson(mr) };
      }
      case 'merge-requests/show': {
        const mr = this.mergeRequests.find((m) => m.iid === Number(p['merge_request_iid']));
        return mr ? { status: 200, body: this.mrJson(mr) } : message(404, '404 Not found');
      }
      case 'users/list': {
        const name = q['username'];
        return { status: 200, body: name && this.users.has(name) ? [this.userJson(name)] : [] };
      }
      default:
        return message(404, `the stand-in does not implement ${op.operationId}`);
    }
  }

  private compare(from: string, to: string): StandInResponse {
    const a = this.resolve(from);
    const b = this.resolve(to);
    if (!a || !b) return message(404, '404 Not Found');
    const before = this.store.flatten(a.tree);
    const after = this.store.flatten(b.tree);
    const paths = new Set([...before.keys(), ...after.keys()]);
    const diffs = [...paths]
      .filter(
        (path) =>
          before.get(path)?.sha !== after.get(path)?.sha ||
          before.get(path)?.mode !== after.get(path)?.mode,
      )
      .map((path) => ({
        old_path: path,
        new_path: path,
        a_mode: before.get(path)?.mode ?? '0',
        b_mode: after.get(path)?.mode ?? '0',
        diff: '',
        new_file: !before.has(path),
        renamed_file: false,
        deleted_file: !after.has(path),
      }));
    const commits: StoredCommit[] = [];
    for (
      let c: StoredCommit | undefined = b;
      c && c.sha !== a.sha && !this.store.isAncestor(c.sha, a.sha);
      c = this.store.commits.get(c.parents[0] ?? '')
    )
      commits.unshift(c);
    return {
      status: 200,
      body: {
        commit: commits.length > 0 ? this.commitJson(commits.at(-1)!) : null,
        commits: commits.map((c) => this.commitJson(c)),
        diffs,
        compare_timeout: false,
        compare_same_ref: a.sha === b.sha,
        web_url: `https://gitlab.example/${this.project}/-/compare/${from}...${to}`,
      },
    };
  }

  private createCommit(body: Record<string, unknown>): StandInResponse {
    const branch = String(body['branch']);
    const current = this.store.refs.get(`refs/heads/${branch}`);
    const startSha = body['start_sha'] as string | undefined;
    if (current && startSha && body['force'] !== true) {
      return message(
        400,
        `A branch called '${branch}' already exists. Switch to that branch in order to make changes`,
      );
    }
    const parentSha = startSha ?? current;
    const parent = parentSha ? this.store.commits.get(parentSha) : undefined;
    if (!parent) return message(400, 'You can only create or edit files when you are on a branch');
    const files = this.store.flatten(parent.tree);
    for (const action of body['actions'] as {
      action: string;
      file_path: string;
      content?: string;
      execute_filemode?: boolean;
    }[]) {
      const existing = files.get(action.file_path);
      if (action.action === 'create') {
        if (existing) return message(400, 'A file with this name already exists');
        files.set(action.file_path, {
          mode: '100644',
          sha: this.store.putBlob(action.content ?? ''),
        });
      } else if (action.action === 'update') {
        if (!existing) return message(400, "A file with this name doesn't exist");
        files.set(action.file_path, {
          mode: existing.mode,
          sha: this.store.putBlob(action.content ?? ''),
        });
      } else if (action.action === 'delete') {
        if (!existing) return message(400, "A file with this name doesn't exist");
        files.delete(action.file_path);
      } else if (action.action === 'chmod') {
        if (!existing) return message(400, "A file with this name doesn't exist");
        files.set(action.file_path, {
          mode: action.execute_filemode ? '100755' : '100644',
          sha: existing.sha,
        });
      }
    }
    const who = {
      name: typeof body['author_name'] === 'string' ? body['author_name'] : 'Token User',
      email: typeof body['author_email'] === 'string' ? body['author_email'] : 'token@example.com',
      date: now(),
    };
    const commit = this.store.putCommit({
      tree: this.store.buildTree(files),
      parents: [parent.sha],
      message: String(body['commit_message']),
      author: who,
      committer: { name: 'Token User', email: 'token@example.com', date: who.date },
    });
    this.store.refs.set(`refs/heads/${branch}`, commit.sha);
    return { status: 201, body: this.commitJson(commit) };
  }
}

export const startGitlabStandIn = async (
  project: string,
  token: string,
): Promise<GitlabStandIn> => {
  const standIn = new GitlabStandIn(project, token);
  const server = await startHttpStandIn((req) => standIn.handle(req));
  standIn.origin = server.origin;
  standIn.close = server.close;
  return standIn;
};
