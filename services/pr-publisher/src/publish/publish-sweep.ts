import { effectiveSettings, QUEUES } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import type { Logger, Producer } from '@remediation/runtime';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';

export interface PublishSweepOptions {
  db: Db;
  logger: Logger;
  queue: Queue;
  producer: Pick<Producer<typeof QUEUES.prPublish>, 'add'>;
  /** How long a generated fix may wait for its publish job before the job is checked. */
  graceMs: number;
}

/** Fixes older than this are never published by the sweep (see below). */
const HORIZON_HOURS = 24;

/**
 * Finds fixes of repositories with `auto_pr` on that are still `generated`, with no publish
 * error, and whose publish job is gone: the fixer died between storing the fix and enqueueing
 * its publish, or Redis lost its data. Each gets its job again (idempotent by job id, so every
 * replica may sweep). Waiting, delayed (the open-PR cap) and finished jobs are left alone. Only
 * fixes of the last 24 hours: a fix generated while `auto_pr` was off waits for a person, and
 * turning `auto_pr` on later must not publish a backlog of old fixes.
 */
export const sweepUnpublishedFixes = async (options: PublishSweepOptions): Promise<number> => {
  const rows = await options.db
    .selectFrom('fixes')
    .innerJoin('repositories', 'repositories.id', 'fixes.repository_id')
    .select(['fixes.id', 'repositories.settings'])
    .where('fixes.status', '=', 'generated')
    .where('fixes.publish_error', 'is', null)
    .where(
      'fixes.created_at',
      '<',
      sql<Date>`now() - make_interval(secs => ${options.graceMs / 1000})`,
    )
    .where('fixes.created_at', '>', sql<Date>`now() - make_interval(hours => ${HORIZON_HOURS})`)
    .orderBy('fixes.created_at')
    .limit(500)
    .execute();
  let enqueued = 0;
  for (const row of rows) {
    if (!effectiveSettings(row.settings).auto_pr) continue;
    const payload = { fixId: row.id };
    if (await options.queue.getJob(QUEUES.prPublish.jobId(payload))) continue;
    await options.producer.add(payload);
    options.logger.warn(payload, 'generated fix had no publish job; enqueued it again');
    enqueued++;
  }
  return enqueued;
};
