import { AccountError, createUser } from '@remediation/accounts';
import { ROLES, type Db, type Role, findOrganizationBySlug } from '@remediation/db';
import { CliError, usageError } from '../io.js';
import { parseSlug } from './validation.js';

const parseRole = (value: string | undefined): Role => {
  const role = value ?? 'member';
  if (!(ROLES as readonly string[]).includes(role))
    throw usageError(`--role must be one of: ${ROLES.join(', ')}`);
  return role as Role;
};

/** The password read from standard input: its first line, without the line break. */
export const firstLine = (text: string): string => text.split(/\r?\n/, 1)[0] ?? '';

/**
 * `admin create-user`: a local dashboard user in an organization. Without a password from
 * standard input a one-time password is generated and returned (to be shown once).
 */
export const createUserCommand = async (
  db: Db,
  args: {
    org?: string | undefined;
    email?: string | undefined;
    role?: string | undefined;
    password?: string | undefined;
  },
) => {
  if (!args.email) throw usageError('--email is required');
  const role = parseRole(args.role);
  const slug = parseSlug(args.org);
  const org = await findOrganizationBySlug(db, slug);
  if (!org) throw new CliError(`organization '${slug}' does not exist`);
  try {
    const user = await createUser(db, {
      organizationId: org.id,
      email: args.email,
      role,
      password: args.password,
    });
    return { ...user, organization: org.slug };
  } catch (err) {
    if (err instanceof AccountError)
      throw err.kind === 'invalid' ? usageError(err.message) : new CliError(err.message);
    throw err;
  }
};
