import { FindingDetail, FindingFilters, FindingList, Id, PageQuery } from '@remediation/contracts';
import { paginate, type Db } from '@remediation/db';
import { notFound } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter, RepoParams } from '../repositories/repositories.routes.js';
import {
  assertRepositoryInScope,
  type RepositoryAccess,
} from '../repositories/repository-access.js';
import { toFinding, toFindingDetail } from './finding.mapper.js';
import { findFinding, findingsOf } from './findings.repository.js';

export const findingRoutes = (db: Db, access: RepositoryAccess): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/repositories/{id}/findings',
    operationId: 'listFindings',
    summary: 'Findings of a repository with their triage, newest first',
    tag: 'Findings',
    access: 'repository',
    params: RepoParams,
    query: { ...PageQuery, ...FindingFilters },
    success: { status: 200, description: 'A page of findings', schema: FindingList },
    errors: ['validation_failed', 'forbidden', 'not_found'],
    handle: async ({ auth, params, query }) => {
      const repoId = await access.check(auth, params.id);
      const page = await paginate(findingsOf(db, repoId, query), 'findings.id', {
        limit: query.limit ?? 20,
        after: cursorAfter(query.cursor),
      });
      return { status: 200, body: { ...page, data: page.data.map(toFinding) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/findings/{id}',
    operationId: 'getFinding',
    summary: 'One finding with its triage, code flows, related locations and properties',
    tag: 'Findings',
    access: 'repository',
    params: { id: Id },
    success: { status: 200, description: 'The finding', schema: FindingDetail },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      const row = await findFinding(db, auth.organizationId, params.id);
      if (!row) throw notFound('finding');
      assertRepositoryInScope(auth, row.repository_id);
      return { status: 200, body: toFindingDetail(row) };
    },
  }),
];
