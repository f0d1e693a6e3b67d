import type { Db } from '@remediation/db';

/** The open pull request of a fix, if any. */
export const openPullRequestOf = async (
  db: Db,
  fixId: string,
): Promise<
  | {
      id: string;
      number: number | null;
      branch: string;
      headSha: string | null;
      targetBranch: string;
    }
  | undefined
> => {
  const row = await db
    .selectFrom('pull_requests')
    .select(['id', 'number', 'branch', 'head_sha', 'target_branch'])
    .where('fix_id', '=', fixId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      number: row.number,
      branch: row.branch,
      headSha: row.head_sha,
      targetBranch: row.target_branch,
    }
  );
};

export const recordRefreshed = async (db: Db, pullRequestId: string, headSha: string) => {
  await db
    .updateTable('pull_requests')
    .set({ head_sha: headSha, updated_at: new Date() })
    .where('id', '=', pullRequestId)
    .where('state', '=', 'open')
    .execute();
};

/** A final forge refusal while refreshing: the PR stays as it was, the reason is on the fix. */
export const recordRefreshError = async (db: Db, fixId: string, reason: string) => {
  await db
    .updateTable('fixes')
    .set({ publish_error: reason, updated_at: new Date() })
    .where('id', '=', fixId)
    .where('status', '=', 'pr_open')
    .execute();
};

/**
 * A fix that no longer fits the default branch: `superseded` with the reason, and its findings
 * released (`fix_id` cleared) so the next scan routes them to the fixer again, which makes the
 * fix on the current code. Its pull request stays tracked until the forge says it was merged or
 * closed. One transaction, guarded by the fix's status (a repeated job changes nothing).
 */
export const supersede = (db: Db, fixId: string, reason: string): Promise<void> =>
  db.transaction().execute(async (trx) => {
    const fix = await trx
      .updateTable('fixes')
      .set({ status: 'superseded', publish_error: reason, updated_at: new Date() })
      .where('id', '=', fixId)
      .where('status', '=', 'pr_open')
      .returning('id')
      .executeTakeFirst();
    if (!fix) return;
    await trx.updateTable('findings').set({ fix_id: null }).where('fix_id', '=', fixId).execute();
  });
