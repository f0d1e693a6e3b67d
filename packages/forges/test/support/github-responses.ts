import { sample } from 'openapi-sampler';
import type { StoredCommit } from './git-objects.js';
import { githubOpenApi } from './openapi-document.js';

type Json = Record<string, unknown>;

const samples = new Map<string, unknown>();

/**
 * A complete example of a component schema (openapi-sampler: every property, values from the
 * description's examples and formats), cached; callers override what their answer is about.
 */
const base = (schema: string): Json => {
  if (!samples.has(schema)) {
    samples.set(
      schema,
      sample(
        { $ref: `#/components/schemas/${schema}` },
        { skipWriteOnly: true, quiet: true },
        githubOpenApi(),
      ),
    );
  }
  return structuredClone(samples.get(schema)) as Json;
};

const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `target` with `patch` merged in (objects merged, everything else replaced). */
export const merge = (target: Json, patch: Json): Json => {
  const out: Json = { ...target };
  for (const [k, v] of Object.entries(patch))
    out[k] = isObject(v) && isObject(out[k]) ? merge(out[k], v) : v;
  return out;
};

export const simpleUser = (login: string, id = 1000 + login.length): Json =>
  merge(base('simple-user'), {
    login,
    id,
    type: 'User',
    html_url: `https://github.example/${login}`,
  });

const repository = (api: string, owner: string, name: string): Json =>
  merge(base('repository'), {
    name,
    full_name: `${owner}/${name}`,
    owner: simpleUser(owner),
    url: `${api}/repos/${owner}/${name}`,
    html_url: `https://github.example/${owner}/${name}`,
    default_branch: 'main',
  });

export const gitRef = (api: string, full: string, ref: string, sha: string): Json =>
  merge(base('git-ref'), {
    ref,
    url: `${api}/repos/${full}/git/${ref}`,
    object: { type: 'commit', sha, url: `${api}/repos/${full}/git/commits/${sha}` },
  });

export const gitCommit = (api: string, full: string, c: StoredCommit): Json =>
  merge(base('git-commit'), {
    sha: c.sha,
    url: `${api}/repos/${full}/git/commits/${c.sha}`,
    html_url: `https://github.example/${full}/commit/${c.sha}`,
    message: c.message,
    author: c.author,
    committer: c.committer,
    tree: { sha: c.tree, url: `${api}/repos/${full}/git/trees/${c.tree}` },
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${api}/repos/${full}/git/commits/${p}`,
      html_url: `https://github.example/${full}/commit/${p}`,
    })),
  });

export const gitTree = (
  api: string,
  full: string,
  sha: string,
  entries: [string, { mode: string; type: string; sha: string }][],
): Json =>
  merge(base('git-tree'), {
    sha,
    url: `${api}/repos/${full}/git/trees/${sha}`,
    truncated: false,
    tree: entries.map(([path, e]) => ({
      path,
      mode: e.mode,
      type: e.type,
      sha: e.sha,
      url: `${api}/repos/${full}/git/${e.type}s/${e.sha}`,
    })),
  });

export interface StandInPull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  headSha: string;
  baseSha: string;
  state: 'open' | 'closed';
  draft: boolean;
  author: string;
  labels: string[];
  reviewers: string[];
  teams: string[];
  createdAt: string;
  mergedAt: string | null;
  mergedBy: string | null;
  mergeCommitSha: string | null;
  closedAt: string | null;
  closedBy: string | null;
}

const label = (name: string, id: number): Json =>
  merge(base('label'), { id, name, color: 'ededed', default: false });

export const pullRequest = (
  api: string,
  owner: string,
  name: string,
  p: StandInPull,
  full: boolean,
): Json => {
  const fullName = `${owner}/${name}`;
  const branchEnd = (ref: string, sha: string) => ({
    label: `${owner}:${ref}`,
    ref,
    sha,
    user: simpleUser(owner),
    repo: repository(api, owner, name),
  });
  const common = {
    id: 10_000 + p.number,
    number: p.number,
    state: p.state,
    title: p.title,
    body: p.body,
    draft: p.draft,
    locked: false,
    url: `${api}/repos/${fullName}/pulls/${p.number}`,
    html_url: `https://github.example/${fullName}/pull/${p.number}`,
    user: simpleUser(p.author),
    labels: p.labels.map((l, i) => label(l, i + 1)),
    requested_reviewers: p.reviewers.map((r) => simpleUser(r)),
    requested_teams: p.teams.map((t, i) => merge(base('team'), { slug: t, name: t, id: i + 1 })),
    head: branchEnd(p.head, p.headSha),
    base: branchEnd(p.base, p.baseSha),
    created_at: p.createdAt,
    updated_at: p.createdAt,
    closed_at: p.closedAt,
    merged_at: p.mergedAt,
    merge_commit_sha: p.mergeCommitSha,
    assignee: null,
    assignees: [],
    milestone: null,
    auto_merge: null,
    active_lock_reason: null,
  };
  if (!full) return merge(base('pull-request-simple'), common);
  return merge(base('pull-request'), {
    ...common,
    merged: p.mergedAt !== null,
    merged_by: p.mergedBy ? simpleUser(p.mergedBy) : null,
    mergeable: p.state === 'open' ? true : null,
  });
};

export const issueOfPull = (api: string, owner: string, name: string, p: StandInPull): Json =>
  merge(base('issue'), {
    id: 20_000 + p.number,
    number: p.number,
    state: p.state,
    title: p.title,
    body: p.body,
    url: `${api}/repos/${owner}/${name}/issues/${p.number}`,
    html_url: `https://github.example/${owner}/${name}/pull/${p.number}`,
    user: simpleUser(p.author),
    labels: p.labels.map((l, i) => label(l, i + 1)),
    closed_at: p.closedAt,
    closed_by: p.closedBy ? simpleUser(p.closedBy) : null,
    assignee: null,
    assignees: [],
    milestone: null,
    state_reason: p.state === 'closed' ? 'completed' : null,
  });

export const labels = (names: string[]): Json[] => names.map((n, i) => label(n, i + 1));

export const installationToken = (token: string, expiresAt: string): Json =>
  merge(base('installation-token'), { token, expires_at: expiresAt, repository_selection: 'all' });

export interface StandInAnalysis {
  id: number;
  ref: string;
  commitSha: string;
  analysisKey: string;
  category: string;
  toolName: string;
  createdAt: string;
  sarif: string;
}

export const codeScanningAnalysis = (api: string, full: string, a: StandInAnalysis): Json =>
  merge(base('code-scanning-analysis'), {
    id: a.id,
    ref: a.ref,
    commit_sha: a.commitSha,
    analysis_key: a.analysisKey,
    category: a.category,
    environment: '{}',
    error: '',
    created_at: a.createdAt,
    results_count: 1,
    rules_count: 1,
    url: `${api}/repos/${full}/code-scanning/analyses/${a.id}`,
    sarif_id: `sarif-${a.id}`,
    tool: { name: a.toolName, guid: null, version: '2.0.0' },
    deletable: true,
    warning: '',
  });
