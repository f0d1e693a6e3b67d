import {
  FixDetail,
  FixFilters,
  FixList,
  Id,
  PageQuery,
  PublishAccepted,
  type Fix,
  type QUEUES,
} from '@remediation/contracts';
import type { Producer } from '@remediation/runtime';
import { paginate, type Db, type FixRow } from '@remediation/db';
import { AppError, notFound } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { cursorAfter, RepoParams } from '../repositories/repositories.routes.js';
import {
  assertRepositoryInScope,
  type RepositoryAccess,
} from '../repositories/repository-access.js';

const FIX_COLUMNS = [
  'fixes.id',
  'fixes.repository_id',
  'fixes.finding_ids',
  'fixes.codemod',
  'fixes.status',
  'fixes.pr_url',
  'fixes.summary',
  'fixes.files_changed',
  'fixes.ai_generated',
  'fixes.publish_error',
  'fixes.created_at',
] as const;

type FixSummaryRow = Pick<
  FixRow,
  | 'id'
  | 'repository_id'
  | 'finding_ids'
  | 'codemod'
  | 'status'
  | 'pr_url'
  | 'summary'
  | 'files_changed'
  | 'ai_generated'
  | 'publish_error'
  | 'created_at'
>;

export const toFix = (row: FixSummaryRow): Fix => ({
  id: row.id,
  repository_id: row.repository_id,
  finding_ids: row.finding_ids,
  codemod: row.codemod,
  status: row.status,
  pr_url: row.pr_url,
  summary: row.summary,
  files_changed: row.files_changed,
  ai_generated: row.ai_generated,
  publish_error: row.publish_error,
  created_at: row.created_at.toISOString(),
});

export const fixRoutes = (
  db: Db,
  access: RepositoryAccess,
  publish: Pick<Producer<typeof QUEUES.prPublish>, 'add'>,
): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/repositories/{id}/fixes',
    operationId: 'listFixes',
    summary: 'Fixes generated for a repository, newest first',
    tag: 'Fixes',
    access: 'repository',
    params: RepoParams,
    query: { ...PageQuery, ...FixFilters },
    success: { status: 200, description: 'A page of fixes', schema: FixList },
    errors: ['validation_failed', 'forbidden', 'not_found'],
    handle: async ({ auth, params, query }) => {
      const repoId = await access.check(auth, params.id);
      let q = db.selectFrom('fixes').select(FIX_COLUMNS).where('fixes.repository_id', '=', repoId);
      if (query.status) q = q.where('fixes.status', '=', query.status);
      const page = await paginate(q, 'fixes.id', {
        limit: query.limit ?? 20,
        after: cursorAfter(query.cursor),
      });
      return { status: 200, body: { ...page, data: page.data.map(toFix) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/fixes/{id}',
    operationId: 'getFix',
    summary: 'One fix with its diff, rationale and evaluation',
    tag: 'Fixes',
    access: 'repository',
    params: { id: Id },
    success: { status: 200, description: 'The fix', schema: FixDetail },
    errors: ['forbidden', 'not_found'],
    handle: async ({ auth, params }) => {
      const row = await db
        .selectFrom('fixes')
        .innerJoin('repositories', 'repositories.id', 'fixes.repository_id')
        .selectAll('fixes')
        .where('fixes.id', '=', params.id)
        .where('repositories.organization_id', '=', auth.organizationId)
        .executeTakeFirst();
      if (!row) throw notFound('fix');
      assertRepositoryInScope(auth, row.repository_id);
      const detail: FixDetail = {
        ...toFix(row),
        diff: row.diff,
        rationale: row.rationale,
        evaluation: row.evaluation,
      };
      return { status: 200, body: detail };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/fixes/{id}/publish',
    operationId: 'publishFix',
    summary:
      "Open a pull request for a generated fix now (repositories with `auto_pr` on get one automatically): the fix is rebased onto the default branch's current head, or marked `superseded` if it no longer fits; poll the fix for `pr_open` and `pr_url`",
    tag: 'Fixes',
    access: 'repository',
    params: { id: Id },
    success: { status: 202, description: 'Publishing was queued', schema: PublishAccepted },
    errors: ['forbidden', 'not_found', 'conflict'],
    handle: async ({ auth, params }) => {
      const row = await db
        .selectFrom('fixes')
        .innerJoin('repositories', 'repositories.id', 'fixes.repository_id')
        .select(['fixes.id', 'fixes.status', 'fixes.repository_id'])
        .where('fixes.id', '=', params.id)
        .where('repositories.organization_id', '=', auth.organizationId)
        .executeTakeFirst();
      if (!row) throw notFound('fix');
      assertRepositoryInScope(auth, row.repository_id);
      if (row.status !== 'generated')
        throw new AppError(
          'conflict',
          `the fix is ${row.status}; only a generated fix can be published`,
        );
      await publish.add({ fixId: row.id });
      return { status: 202, body: { fix_id: row.id, status: row.status } };
    },
  }),
];
