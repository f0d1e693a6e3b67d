import {
  FIX_STATUSES,
  Overview,
  SEVERITIES,
  type Overview as OverviewBody,
} from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { defineRoute, type RouteDef } from '../http/route.js';
import { roleOf } from '../sessions/session-context.js';
import {
  fixCounts,
  openFindingCounts,
  openPullRequestCounts,
  overviewRepositories,
} from './overview.repository.js';

/** What the overview reads of a BullMQ queue. */
export interface QueueCounts {
  readonly name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

const queueHealth = async (queues: readonly QueueCounts[]) =>
  Promise.all(
    queues.map(async (q) => {
      const c = await q.getJobCounts('waiting', 'active', 'delayed', 'failed');
      return {
        name: q.name,
        waiting: c['waiting'] ?? 0,
        active: c['active'] ?? 0,
        delayed: c['delayed'] ?? 0,
        failed: c['failed'] ?? 0,
      };
    }),
  );

/** `GET /overview`: repositories with last scan, open findings by severity, fixes by status, open PRs; queue health for admins. */
export const overviewRoutes = (deps: { db: Db; queues: readonly QueueCounts[] }): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/overview',
    operationId: 'getOverview',
    summary:
      'Repositories with their last scan, open findings by severity, fixes by status and open pull requests; queue health for admins',
    tag: 'Overview',
    access: 'organization',
    success: { status: 200, description: 'The overview', schema: Overview },
    errors: ['forbidden'],
    handle: async ({ auth }) => {
      const repos = await overviewRepositories(deps.db, auth.organizationId);
      const ids = repos.map((r) => r.id);
      const [findings, fixes, prs] =
        ids.length === 0
          ? [[], [], []]
          : await Promise.all([
              openFindingCounts(deps.db, ids),
              fixCounts(deps.db, ids),
              openPullRequestCounts(deps.db, ids),
            ]);
      const body: OverviewBody = {
        repositories: repos.map((r) => {
          const open = zeros(SEVERITIES);
          for (const f of findings) if (f.repository_id === r.id) open[f.severity] = f.n;
          const byStatus = zeros(FIX_STATUSES);
          for (const f of fixes) if (f.repository_id === r.id) byStatus[f.status] = f.n;
          return {
            id: r.id,
            name: r.name,
            last_scan:
              r.scan_id && r.state && r.scan_created_at
                ? {
                    scan_id: r.scan_id,
                    state: r.state,
                    created_at: r.scan_created_at.toISOString(),
                    completed_at: r.completed_at ? r.completed_at.toISOString() : null,
                  }
                : null,
            open_findings: open,
            fixes: byStatus,
            open_prs: prs.find((p) => p.repository_id === r.id)?.n ?? 0,
          };
        }),
        queues: roleOf(auth) === 'admin' ? await queueHealth(deps.queues) : null,
      };
      return { status: 200, body };
    },
  }),
];
