import { DEFAULT_REPOSITORY_SETTINGS } from '@remediation/contracts';
import { findOrganizationBySlug, insertOrganization, isId, newId, type Db } from '@remediation/db';
import { AccountError, issueToken, revokeToken as revokeApiToken } from '@remediation/accounts';
import { CliError, usageError } from '../io.js';
import {
  parseBranch,
  parseCloneUrl,
  parseProvider,
  parseRepoName,
  parseSlug,
  parseTier,
} from './validation.js';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === UNIQUE_VIOLATION;

const requireOrg = async (db: Db, slug: string | undefined) => {
  const org = await findOrganizationBySlug(db, parseSlug(slug));
  if (!org) throw new CliError(`organization '${slug}' does not exist`);
  return org;
};

export const createOrg = async (
  db: Db,
  args: { slug?: string | undefined; tier?: string | undefined },
) => {
  const slug = parseSlug(args.slug);
  const tier = parseTier(args.tier);
  try {
    const org = await insertOrganization(db, { slug, tier });
    return { id: org.id, slug: org.slug, tier: org.tier };
  } catch (err) {
    if (isUniqueViolation(err)) throw new CliError(`organization '${slug}' already exists`);
    throw err;
  }
};

export const createRepo = async (
  db: Db,
  args: {
    org?: string | undefined;
    name?: string | undefined;
    cloneUrl?: string | undefined;
    provider?: string | undefined;
    defaultBranch?: string | undefined;
  },
) => {
  const name = parseRepoName(args.name);
  const cloneUrl = parseCloneUrl(args.cloneUrl);
  const provider = parseProvider(args.provider, cloneUrl);
  const defaultBranch = parseBranch(args.defaultBranch);
  const org = await requireOrg(db, args.org);
  try {
    const repo = await db
      .insertInto('repositories')
      .values({
        id: newId(),
        organization_id: org.id,
        name,
        provider,
        clone_url: cloneUrl,
        credentials_ref: null,
        default_branch: defaultBranch,
        settings: JSON.stringify(DEFAULT_REPOSITORY_SETTINGS),
      })
      .returning(['id', 'name', 'provider'])
      .executeTakeFirstOrThrow();
    return { id: repo.id, name: repo.name, provider: repo.provider, organization: org.slug };
  } catch (err) {
    if (isUniqueViolation(err))
      throw new CliError(`repository '${name}' already exists in '${org.slug}'`);
    throw err;
  }
};

export const createToken = async (
  db: Db,
  args: { org?: string | undefined; name?: string | undefined; repo?: string | undefined },
) => {
  if (!args.name || args.name.length > 100)
    throw usageError('--name is required (at most 100 characters)');
  const org = await requireOrg(db, args.org);
  if (args.repo !== undefined && !isId(args.repo))
    throw new CliError(`repository '${args.repo}' does not exist in '${org.slug}'`);
  try {
    const { token, summary } = await issueToken(db, {
      organizationId: org.id,
      name: args.name,
      repositoryId: args.repo,
    });
    return {
      token,
      id: summary.id,
      scope: summary.scope,
      repository_id: summary.repository_id,
      organization: org.slug,
    };
  } catch (err) {
    if (err instanceof AccountError && err.field === '/repository_id')
      throw new CliError(`repository '${args.repo}' does not exist in '${org.slug}'`);
    if (err instanceof AccountError) throw usageError(err.message);
    throw err;
  }
};

export const revokeToken = async (db: Db, args: { id?: string | undefined }) => {
  const id = args.id;
  if (!id) throw usageError('revoke-token needs a token id');
  const row = await revokeApiToken(db, id);
  if (!row) throw new CliError(`token '${id}' does not exist`);
  return { id: row.id, revoked_at: row.revoked_at.toISOString() };
};
