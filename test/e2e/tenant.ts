import type { Db } from '@remediation/db';
import { run } from '@remediation/cli';
import { createLocalRepo } from './support/git-repo.js';

/**
 * Creates an organization, a repository and a repository token with the operator CLI. The
 * organization's rate limit is lifted (tests poll fast); the limiter has its own tests.
 */
export const createTenant = async (
  db: Db,
  databaseUrl: string,
  slug: string,
  /** The repository's clone URL; by default a local empty repository (no network in tests). */
  cloneUrl: string = createLocalRepo().url,
) => {
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await run(argv, {
      env: { DATABASE_URL: databaseUrl },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    if (code !== 0) throw new Error(`remediate ${argv.join(' ')}: ${err.join('\n')}`);
    return JSON.parse(out.join('\n')) as Record<string, string>;
  };
  await cli('admin', 'create-org', slug, '--json');
  await db
    .updateTable('organizations')
    .set({ rate_limit_rpm: 1_000_000, rate_limit_burst: 1_000_000 })
    .where('slug', '=', slug)
    .execute();
  const repo = await cli(
    'admin',
    'create-repo',
    '--org',
    slug,
    '--name',
    `${slug}/web`,
    '--clone-url',
    cloneUrl,
    '--json',
  );
  const token = await cli(
    'admin',
    'create-token',
    '--org',
    slug,
    '--name',
    'ci',
    '--repo',
    repo['id']!,
    '--json',
  );
  return { repoId: repo['id']!, token: token['token']! };
};

/** Rows in a table of the test database. */
export const countRows = async (
  db: Db,
  table: 'findings' | 'scan_findings' | 'outbox' | 'scans' | 'sarif_documents',
) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An organization-wide token (webhooks and settings need one), made with the operator CLI. */
export const createOrgToken = async (databaseUrl: string, slug: string): Promise<string> => {
  const out: string[] = [];
  const code = await run(['admin', 'create-token', '--org', slug, '--name', 'admin', '--json'], {
    env: { DATABASE_URL: databaseUrl },
    out: (l) => out.push(l),
    err: () => undefined,
  });
  if (code !== 0) throw new Error('remediate admin create-token failed');
  return (JSON.parse(out.join('\n')) as { token: string }).token;
};
