import type { QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import {
  isForgeError,
  parseGithubEvent,
  parseGitlabEvent,
  type ForgeEvent,
} from '@remediation/forges';
import type { Processor } from '@remediation/runtime';
import { DelayedError, UnrecoverableError } from 'bullmq';
import { sql } from 'kysely';
import { ingestCodeScanning, type CodeScanningDeps } from './code-scanning.js';
import { closePullRequest, type AfterMerge } from './pr-transition.js';

export type ForgeEventDeps = CodeScanningDeps & { db: Db; afterMerge: AfterMerge };

/** Repositories of that forge named `fullName` (the same repository may be in several organizations). */
const repositoriesNamed = (db: Db, provider: string, fullName: string) =>
  db
    .selectFrom('repositories')
    .select('id')
    .where('provider', '=', provider as 'github')
    .where(sql<string>`lower(name)`, '=', fullName.toLowerCase())
    .execute();

const handle = async (
  deps: ForgeEventDeps,
  provider: string,
  event: ForgeEvent,
): Promise<string> => {
  if (event.kind === 'ignored') return `ignored: ${event.reason}`;
  const repos = (await repositoriesNamed(deps.db, provider, event.repositoryFullName)).map(
    (r) => r.id,
  );
  if (repos.length === 0) return 'unknown repository';
  if (event.kind === 'code_scanning') {
    let scans = 0;
    const refused: string[] = [];
    for (const id of repos) {
      try {
        scans += (await ingestCodeScanning(deps, id, event)).length;
      } catch (err) {
        // A repository whose forge refuses us for good (credentials) must not hold the others;
        // anything retryable fails the job, and the retry skips analyses already ingested.
        if (!isForgeError(err) || !err.final) throw err;
        refused.push(`${id}: ${err.kind}`);
      }
    }
    return `${scans} code scanning analyses ingested${refused.length ? `; refused: ${refused.join(', ')}` : ''}`;
  }
  if (event.action === 'other') return 'pull request still open';
  const prs = await deps.db
    .selectFrom('pull_requests')
    .select('id')
    .where('repository_id', 'in', repos)
    .where('number', '=', event.number)
    .execute();
  let changed = 0;
  for (const pr of prs) {
    changed += Number(
      await closePullRequest(
        deps.db,
        pr.id,
        event.action === 'merged'
          ? {
              state: 'merged',
              at: event.mergedAt,
              by: event.mergedBy,
              mergeCommitSha: event.mergeCommitSha,
            }
          : {
              state: 'closed',
              at: event.closedAt,
              by: event.closedBy,
              reason: 'closed without merging',
            },
        deps.afterMerge,
      ),
    );
  }
  return prs.length === 0 ? 'not a fix pull request' : `${changed} pull requests ${event.action}`;
};

/**
 * The `forge-event` job: a stored inbound forge webhook (the gateway verified its signature)
 * becomes a PR's merge or close (exactly once, see `closePullRequest`) or a code scanning pull.
 * Idempotent: a processed delivery is skipped, and each step checks before it acts.
 */
/** How long a job may wait for its event's row (the gateway enqueues inside its transaction). */
const COMMIT_GRACE_MS = 30_000;
const RECHECK_MS = 100;

export const forgeEventProcessor =
  (deps: ForgeEventDeps): Processor<typeof QUEUES.forgeEvent> =>
  async ({ provider, deliveryId }, job, token) => {
    const row = await deps.db
      .selectFrom('forge_events')
      .selectAll()
      .where('provider', '=', provider)
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    if (!row) {
      // Taken before the gateway's insert committed: look again shortly, without spending an
      // attempt. An event that never appears belonged to a rolled-back request.
      if (Date.now() - job.timestamp < COMMIT_GRACE_MS) {
        await job.moveToDelayed(Date.now() + RECHECK_MS, token);
        throw new DelayedError();
      }
      throw new UnrecoverableError('the forge event is not stored');
    }
    if (row.processed_at) return { skipped: 'processed' };
    const event =
      provider === 'github'
        ? parseGithubEvent(row.event, row.payload)
        : provider === 'gitlab'
          ? parseGitlabEvent(row.payload)
          : ({ kind: 'ignored', reason: `unknown provider ${provider}` } as const);
    const outcome = await handle(deps, provider, event);
    await deps.db
      .updateTable('forge_events')
      .set({ processed_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { outcome };
  };
