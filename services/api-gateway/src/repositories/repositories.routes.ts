import {
  Id,
  PageQuery,
  PatchRepositoryBody,
  Repository,
  RepositoryList,
} from '@remediation/contracts';
import { decodeCursor, paginate, type Db } from '@remediation/db';
import { notFound, validationFailed } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import {
  findRepositoryWithStatus,
  repositoriesWithStatus,
  updateRepositorySettings,
} from './repositories.repository.js';
import { assertRepositoryInScope, type RepositoryAccess } from './repository-access.js';
import { effectiveSettings } from '@remediation/contracts';
import { toRepository } from './repository.mapper.js';

export const cursorAfter = (cursor: string | undefined): string | undefined => {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(cursor);
  if (after === undefined)
    throw validationFailed('invalid cursor', [
      { path: '/cursor', message: 'is not a cursor this API issued' },
    ]);
  return after;
};

export const RepoParams = { id: Id };

export const repositoryRoutes = (db: Db, access: RepositoryAccess): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/repositories',
    operationId: 'listRepositories',
    summary: "List the organization's repositories",
    tag: 'Repositories',
    access: 'organization',
    query: PageQuery,
    success: {
      status: 200,
      description: 'A page of repositories, newest first',
      schema: RepositoryList,
    },
    errors: ['validation_failed', 'forbidden'],
    handle: async ({ auth, query }) => {
      const page = await paginate(
        repositoriesWithStatus(db, auth.organizationId),
        'repositories.id',
        {
          limit: query.limit ?? 20,
          after: cursorAfter(query.cursor),
        },
      );
      return { status: 200, body: { ...page, data: page.data.map(toRepository) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/repositories/{id}',
    operationId: 'getRepository',
    summary: 'Repository configuration and status',
    tag: 'Repositories',
    access: 'repository',
    params: RepoParams,
    success: { status: 200, description: 'The repository', schema: Repository },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      const row = await findRepositoryWithStatus(db, auth.organizationId, params.id);
      if (!row) throw notFound('repository');
      assertRepositoryInScope(auth, row.id);
      return { status: 200, body: toRepository(row) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/repositories/{id}',
    operationId: 'updateRepository',
    summary: 'Change repository settings (merged into the current settings)',
    tag: 'Repositories',
    access: 'organization',
    params: RepoParams,
    body: { kind: 'json', schema: PatchRepositoryBody, required: true },
    success: { status: 200, description: 'The updated repository', schema: Repository },
    errors: [
      'validation_failed',
      'forbidden',
      'not_found',
      'unsupported_media_type',
      'payload_too_large',
    ],
    handle: async ({ auth, params, body }) => {
      const repo = await access.load(auth, params.id);
      const merged = { ...effectiveSettings(repo.settings), ...body.settings };
      await updateRepositorySettings(db, repo.id, merged);
      const row = await findRepositoryWithStatus(db, auth.organizationId, repo.id);
      if (!row) throw notFound('repository');
      return { status: 200, body: toRepository(row) };
    },
  }),
];
