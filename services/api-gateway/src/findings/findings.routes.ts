import {
  FindingDetail,
  FindingFilters,
  FindingList,
  Id,
  PageQuery,
  PatchFindingBody,
} from '@remediation/contracts';
import { sessionOf } from '../sessions/session-context.js';
import { paginate, type Db } from '@remediation/db';
import { notFound } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter, RepoParams } from '../repositories/repositories.routes.js';
import {
  assertRepositoryInScope,
  type RepositoryAccess,
} from '../repositories/repository-access.js';
import { toFinding, toFindingDetail } from './finding.mapper.js';
import { findFinding, findingsOf, setOverride } from './findings.repository.js';

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
  defineRoute({
    method: 'patch',
    path: '/findings/{id}',
    operationId: 'overrideFindingTriage',
    summary:
      "Override a finding's triage with a person's classification and justification: it wins over every verdict, survives rescans (a true positive with a codemod is then routed to a fix at the next scan) and is audited with who and when. Organization tokens and signed-in members and admins; repository tokens get 403",
    tag: 'Findings',
    access: 'organization',
    params: { id: Id },
    body: { kind: 'json', schema: PatchFindingBody, required: true },
    success: {
      status: 200,
      description: 'The finding with its overridden triage',
      schema: FindingDetail,
    },
    errors: ['validation_failed', 'forbidden', 'not_found', 'unsupported_media_type'],
    handle: async ({ auth, params, body }) => {
      const row = await findFinding(db, auth.organizationId, params.id);
      if (!row) throw notFound('finding');
      const user = sessionOf(auth);
      await setOverride(db, row.id, {
        classification: body.classification,
        justification: body.justification,
        actor: user ? `user:${user.userId} (${user.email})` : `token:${auth.tokenId}`,
      });
      const updated = await findFinding(db, auth.organizationId, params.id);
      return { status: 200, body: toFindingDetail(updated!) };
    },
  }),
];
