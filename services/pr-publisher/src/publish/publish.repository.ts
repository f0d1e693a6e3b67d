import { effectiveSettings, makeEnvelope, type RepositorySettings } from '@remediation/contracts';
import { insertOutboxEvent, newId, type Db, type DbOrTx, type FixRow } from '@remediation/db';
import { sql } from 'kysely';

/** A fix with what publishing needs: its repository, the scanned commit and its findings. */
export interface FixToPublish {
  fix: FixRow;
  scanCommit: string | null;
  repository: {
    id: string;
    name: string;
    provider: 'github' | 'gitlab' | 'git';
    cloneUrl: string;
    defaultBranch: string;
    settings: RepositorySettings;
    organizationId: string;
    organizationSlug: string;
  };
  findings: {
    id: string;
    tool: string;
    rule_id: string | null;
    severity: string;
    uri: string | null;
    start_line: number | null;
    message: string;
    rule: Record<string, unknown>;
  }[];
}

export const loadFixToPublish = async (
  db: Db,
  fixId: string,
): Promise<FixToPublish | undefined> => {
  const row = await db
    .selectFrom('fixes as f')
    .innerJoin('repositories as r', 'r.id', 'f.repository_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('scans as s', 's.id', 'f.scan_id')
    .selectAll('f')
    .select([
      's.commit_sha as scan_commit',
      'r.name as repository_name',
      'r.provider',
      'r.clone_url',
      'r.default_branch',
      'r.settings',
      'o.id as organization_id',
      'o.slug as organization_slug',
    ])
    .where('f.id', '=', fixId)
    .executeTakeFirst();
  if (!row) return undefined;
  const findings = await db
    .selectFrom('findings')
    .select(['id', 'tool', 'rule_id', 'severity', 'uri', 'start_line', 'message', 'rule'])
    .where(
      'id',
      'in',
      row.finding_ids.length > 0 ? row.finding_ids : ['00000000-0000-0000-0000-000000000000'],
    )
    .orderBy('id')
    .execute();
  const {
    scan_commit,
    repository_name,
    provider,
    clone_url,
    default_branch,
    settings,
    organization_id,
    organization_slug,
    ...fix
  } = row;
  return {
    fix,
    scanCommit: scan_commit,
    repository: {
      id: fix.repository_id,
      name: repository_name,
      provider,
      cloneUrl: clone_url,
      defaultBranch: default_branch,
      settings: effectiveSettings(settings),
      organizationId: organization_id,
      organizationSlug: organization_slug,
    },
    findings,
  };
};

/** Open fix PRs of a repository (the `max_open_prs` cap). */
export const openPullRequests = async (db: Db, repositoryId: string): Promise<number> => {
  const row = await db
    .selectFrom('pull_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('repository_id', '=', repositoryId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const lockFix = (trx: DbOrTx, fixId: string) =>
  sql<{ status: string }>`select status from fixes where id = ${fixId} for no key update`.execute(
    trx,
  );

export interface OpenedPr {
  url: string;
  number: number | null;
  branch: string;
  headSha: string;
  title: string;
  targetBranch: string;
  files: string[];
}

/**
 * Records an opened PR in one transaction: the pull request row, the fix `pr_open` with its URL,
 * and `pr.opened` in the outbox — only when the fix is still `generated` (a duplicated job or a
 * concurrent publish finds it published and changes nothing).
 */
export const recordOpened = (db: Db, item: FixToPublish, pr: OpenedPr): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const [current] = (await lockFix(trx, item.fix.id)).rows;
    if (current?.status !== 'generated') return false;
    await trx
      .insertInto('pull_requests')
      .values({
        id: newId(),
        fix_id: item.fix.id,
        repository_id: item.repository.id,
        provider: item.repository.provider,
        number: pr.number,
        url: pr.url,
        branch: pr.branch,
        target_branch: pr.targetBranch,
        state: 'open',
        head_sha: pr.headSha,
      })
      .onConflict((oc) =>
        oc.column('fix_id').doUpdateSet({
          number: pr.number,
          url: pr.url,
          branch: pr.branch,
          head_sha: pr.headSha,
          state: 'open',
          updated_at: new Date(),
        }),
      )
      .execute();
    await trx
      .updateTable('fixes')
      .set({ status: 'pr_open', pr_url: pr.url, publish_error: null, updated_at: new Date() })
      .where('id', '=', item.fix.id)
      .execute();
    const id = newId();
    await insertOutboxEvent(trx, {
      id,
      organizationId: item.repository.organizationId,
      repositoryId: item.repository.id,
      type: 'pr.opened',
      envelope: makeEnvelope({
        id,
        type: 'pr.opened',
        createdAt: new Date(),
        organization: item.repository.organizationSlug,
        repository: item.repository.name,
        data: {
          pr_url: pr.url,
          pr_number: pr.number ?? 0,
          title: pr.title,
          target_branch: pr.targetBranch,
          files: pr.files,
          fix_id: item.fix.id,
          codemod: item.fix.codemod,
        },
      }),
    });
    return true;
  });

/** A fix that will not be published: `superseded` (it no longer fits the code) or an error kept. */
export const recordNotPublished = async (
  db: Db,
  fixId: string,
  outcome: { status: 'superseded' | 'generated'; reason: string },
): Promise<void> => {
  await db
    .updateTable('fixes')
    .set({ status: outcome.status, publish_error: outcome.reason, updated_at: new Date() })
    .where('id', '=', fixId)
    .where('status', '=', 'generated')
    .execute();
};
