import type { OpenApiDocument } from './openapi-document.js';

/**
 * The part of GitLab's REST API (v4) the provider uses, written down as an OpenAPI 3.0 document
 * from GitLab's REST documentation (Branches, Commits, Repository files, Repositories/compare,
 * Merge requests, Users). No machine-readable GitLab description is published on npm (GitLab's
 * generated Swagger 2 file lives only in its own repository), so the parameters and answer
 * fields are transcribed from the documentation pages. Request bodies are closed
 * (`additionalProperties: false`) and the validator refuses undocumented query parameters, so a
 * field the documentation does not list is a violation.
 */
const string = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const nullable = (schema: object) => ({ ...schema, nullable: true });
const sha = { type: 'string', pattern: '^[0-9a-f]{40}$' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const path = (name: string) => ({ name, in: 'path', required: true, schema: string });
const query = (name: string, schema: object, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
});
const pagination = [
  query('page', int),
  query('per_page', { type: 'integer', minimum: 1, maximum: 100 }),
];
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = {
  description: 'error',
  ...json({ type: 'object', properties: { message: {}, error: string } }),
};
const errors = {
  '400': error,
  '401': error,
  '403': error,
  '404': error,
  '409': error,
  '422': error,
  '429': error,
};
const closed = (properties: Record<string, object>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const userRef = closed(
  {
    id: int,
    username: string,
    name: string,
    state: string,
    locked: bool,
    avatar_url: nullable(string),
    web_url: string,
  },
  ['id', 'username', 'name', 'state', 'web_url'],
);

const commit = {
  type: 'object',
  required: [
    'id',
    'short_id',
    'title',
    'message',
    'author_name',
    'author_email',
    'authored_date',
    'committer_name',
    'committer_email',
    'committed_date',
    'created_at',
    'parent_ids',
    'web_url',
  ],
  properties: {
    id: sha,
    short_id: string,
    title: string,
    message: string,
    author_name: string,
    author_email: string,
    authored_date: dateTime,
    committer_name: string,
    committer_email: string,
    committed_date: dateTime,
    created_at: dateTime,
    parent_ids: { type: 'array', items: sha },
    web_url: string,
    trailers: { type: 'object' },
    extended_trailers: { type: 'object' },
    stats: { type: 'object' },
    status: nullable(string),
    last_pipeline: nullable({ type: 'object' }),
  },
};

const mergeRequest = {
  type: 'object',
  required: [
    'id',
    'iid',
    'project_id',
    'title',
    'description',
    'state',
    'source_branch',
    'target_branch',
    'labels',
    'draft',
    'web_url',
    'sha',
    'author',
    'reviewers',
    'created_at',
    'merged_at',
    'closed_at',
    'merge_commit_sha',
  ],
  properties: {
    id: int,
    iid: int,
    project_id: int,
    title: string,
    description: nullable(string),
    state: { type: 'string', enum: ['opened', 'closed', 'locked', 'merged'] },
    source_branch: string,
    target_branch: string,
    source_project_id: int,
    target_project_id: int,
    labels: { type: 'array', items: string },
    draft: bool,
    work_in_progress: bool,
    web_url: string,
    sha: nullable(sha),
    merge_commit_sha: nullable(sha),
    squash_commit_sha: nullable(sha),
    author: userRef,
    reviewers: { type: 'array', items: userRef },
    merged_by: nullable(userRef),
    merge_user: nullable(userRef),
    closed_by: nullable(userRef),
    created_at: dateTime,
    updated_at: dateTime,
    merged_at: nullable(dateTime),
    closed_at: nullable(dateTime),
    detailed_merge_status: string,
  },
};

export const gitlabApiDescription: OpenApiDocument = {
  components: {
    schemas: {
      Commit: commit,
      MergeRequest: mergeRequest,
      Branch: {
        type: 'object',
        required: ['name', 'commit', 'merged', 'protected', 'default', 'web_url'],
        properties: {
          name: string,
          commit: ref('Commit'),
          merged: bool,
          protected: bool,
          default: bool,
          developers_can_push: bool,
          developers_can_merge: bool,
          can_push: bool,
          web_url: string,
        },
      },
      File: {
        type: 'object',
        required: [
          'file_name',
          'file_path',
          'size',
          'encoding',
          'content',
          'content_sha256',
          'ref',
          'blob_id',
          'commit_id',
          'last_commit_id',
        ],
        properties: {
          file_name: string,
          file_path: string,
          size: int,
          encoding: { enum: ['base64'] },
          content: string,
          content_sha256: string,
          ref: string,
          blob_id: sha,
          commit_id: sha,
          last_commit_id: sha,
          execute_filemode: bool,
        },
      },
      Compare: {
        type: 'object',
        required: ['commit', 'commits', 'diffs', 'compare_timeout', 'compare_same_ref'],
        properties: {
          commit: nullable(ref('Commit')),
          commits: { type: 'array', items: ref('Commit') },
          diffs: {
            type: 'array',
            items: {
              type: 'object',
              required: [
                'old_path',
                'new_path',
                'a_mode',
                'b_mode',
                'diff',
                'new_file',
                'renamed_file',
                'deleted_file',
              ],
              properties: {
                old_path: string,
                new_path: string,
                a_mode: string,
                b_mode: string,
                diff: string,
                new_file: bool,
                renamed_file: bool,
                deleted_file: bool,
              },
            },
          },
          compare_timeout: bool,
          compare_same_ref: bool,
          web_url: string,
        },
      },
    },
  },
  paths: {
    '/api/v4/projects/{id}/repository/branches/{branch}': {
      get: {
        operationId: 'branches/show',
        parameters: [path('id'), path('branch')],
        responses: { '200': json(ref('Branch')), ...errors },
      },
    },
    '/api/v4/projects/{id}/repository/commits/{sha}': {
      get: {
        operationId: 'commits/show',
        parameters: [path('id'), path('sha'), query('stats', bool)],
        responses: { '200': json(ref('Commit')), ...errors },
      },
    },
    '/api/v4/projects/{id}/repository/commits': {
      post: {
        operationId: 'commits/create',
        parameters: [path('id')],
        requestBody: {
          required: true,
          ...json(
            closed(
              {
                branch: string,
                commit_message: string,
                start_branch: string,
                start_sha: sha,
                start_project: {},
                actions: {
                  type: 'array',
                  minItems: 1,
                  items: closed(
                    {
                      action: { enum: ['create', 'delete', 'move', 'update', 'chmod'] },
                      file_path: string,
                      previous_path: string,
                      content: string,
                      encoding: { enum: ['text', 'base64'] },
                      last_commit_id: string,
                      execute_filemode: bool,
                    },
                    ['action', 'file_path'],
                  ),
                },
                author_email: string,
                author_name: string,
                stats: bool,
                force: bool,
              },
              ['branch', 'commit_message', 'actions'],
            ),
          ),
        },
        responses: { '201': json(ref('Commit')), ...errors },
      },
    },
    '/api/v4/projects/{id}/repository/files/{file_path}': {
      get: {
        operationId: 'files/show',
        parameters: [path('id'), path('file_path'), query('ref', string, true)],
        responses: { '200': json(ref('File')), ...errors },
      },
    },
    '/api/v4/projects/{id}/repository/compare': {
      get: {
        operationId: 'repositories/compare',
        parameters: [
          path('id'),
          query('from', string, true),
          query('to', string, true),
          query('from_project_id', int),
          query('straight', bool),
          query('unidiff', bool),
        ],
        responses: { '200': json(ref('Compare')), ...errors },
      },
    },
    '/api/v4/projects/{id}/merge_requests': {
      get: {
        operationId: 'merge-requests/list',
        parameters: [
          path('id'),
          query('state', { enum: ['opened', 'closed', 'locked', 'merged', 'all'] }),
          query('source_branch', string),
          query('target_branch', string),
          query('order_by', string),
          query('sort', { enum: ['asc', 'desc'] }),
          ...pagination,
        ],
        responses: { '200': json({ type: 'array', items: ref('MergeRequest') }), ...errors },
      },
      post: {
        operationId: 'merge-requests/create',
        parameters: [path('id')],
        requestBody: {
          required: true,
          ...json(
            closed(
              {
                source_branch: string,
                target_branch: string,
                title: string,
                description: { type: 'string', maxLength: 1_048_576 },
                labels: string,
                reviewer_ids: { type: 'array', items: int },
                assignee_id: int,
                assignee_ids: { type: 'array', items: int },
                milestone_id: int,
                remove_source_branch: bool,
                allow_collaboration: bool,
                squash: bool,
                target_project_id: int,
              },
              ['source_branch', 'target_branch', 'title'],
            ),
          ),
        },
        responses: { '201': json(ref('MergeRequest')), ...errors },
      },
    },
    '/api/v4/projects/{id}/merge_requests/{merge_request_iid}': {
      get: {
        operationId: 'merge-requests/show',
        parameters: [path('id'), { ...path('merge_request_iid'), schema: int }],
        responses: { '200': json(ref('MergeRequest')), ...errors },
      },
      put: {
        operationId: 'merge-requests/edit',
        parameters: [path('id'), { ...path('merge_request_iid'), schema: int }],
        requestBody: {
          required: true,
          ...json(
            closed({
              title: string,
              description: string,
              target_branch: string,
              labels: string,
              add_labels: string,
              remove_labels: string,
              reviewer_ids: { type: 'array', items: int },
              assignee_ids: { type: 'array', items: int },
              state_event: { enum: ['close', 'reopen'] },
              remove_source_branch: bool,
              squash: bool,
            }),
          ),
        },
        responses: { '200': json(ref('MergeRequest')), ...errors },
      },
    },
    '/api/v4/users': {
      get: {
        operationId: 'users/list',
        parameters: [
          query('username', string),
          query('search', string),
          query('active', bool),
          ...pagination,
        ],
        responses: { '200': json({ type: 'array', items: userRef }), ...errors },
      },
    },
  },
};
