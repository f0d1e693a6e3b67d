import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isId, type Db } from '@remediation/db';
import { loadConfig } from '@remediation/runtime';
import { createSecretBox, parseKey } from '@remediation/security';
import {
  clearRepositoryCredentials,
  describeCredentials,
  saveRepositoryCredentials,
  type RepositoryCredentials,
} from '@remediation/source-access';
import { Type } from '@sinclair/typebox';
import { CliError, usageError, type CliIo } from '../io.js';

const KeyConfig = Type.Object({ SECRETS_ENCRYPTION_KEY: Type.String({ minLength: 1 }) });
const MAX_SECRET = 16 * 1024;
const MAX_KEY_FILE = 64 * 1024;
const NUMERIC_ID = /^[1-9][0-9]{0,19}$/;
const hasControl = (s: string) =>
  [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export interface SetCredentialsArgs {
  repo?: string | undefined;
  tokenStdin?: boolean | undefined;
  passwordStdin?: boolean | undefined;
  username?: string | undefined;
  githubAppId?: string | undefined;
  installationId?: string | undefined;
  privateKeyFile?: string | undefined;
}

const requireRepository = async (db: Db, repo: string | undefined): Promise<string> => {
  if (!repo) throw usageError('--repo <repository-id> is required');
  const row = isId(repo)
    ? await db.selectFrom('repositories').select('id').where('id', '=', repo).executeTakeFirst()
    : undefined;
  if (!row) throw new CliError(`repository '${repo}' does not exist`);
  return row.id;
};

const parseUsername = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (value === '' || value.length > 255 || value.includes(':') || hasControl(value))
    throw usageError('--username must be 1 to 255 characters, without ":" or control characters');
  return value;
};

/** The secret on standard input: its first line, never echoed. */
const readSecret = async (io: CliIo, what: string): Promise<string> => {
  if (!io.stdin) throw usageError(`--${what}-stdin needs standard input`);
  const secret = ((await io.stdin()).split(/\r?\n/, 1)[0] ?? '').trim();
  if (secret === '') throw usageError(`standard input held no ${what}`);
  if (secret.length > MAX_SECRET || hasControl(secret))
    throw usageError(`the ${what} on standard input is too long or has control characters`);
  return secret;
};

const readPrivateKey = async (path: string | undefined): Promise<string> => {
  if (!path) throw usageError('--private-key-file is required with --github-app-id');
  let pem: string;
  try {
    pem = (await readFile(path)).subarray(0, MAX_KEY_FILE + 1).toString('utf8');
  } catch (err) {
    throw new CliError(
      `cannot read --private-key-file: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  try {
    if (pem.length > MAX_KEY_FILE) throw new Error('too large');
    createPrivateKey(pem);
  } catch {
    throw usageError('--private-key-file is not a PEM private key (the GitHub App key)');
  }
  return pem;
};

/** The secret box from SECRETS_ENCRYPTION_KEY (the services' key): checked before anything is read. */
const secretBoxFrom = (io: CliIo) => {
  const config = loadConfig(KeyConfig, io.env);
  try {
    return createSecretBox(parseKey(config.SECRETS_ENCRYPTION_KEY));
  } catch {
    throw usageError('SECRETS_ENCRYPTION_KEY must be 32 random bytes, base64-encoded');
  }
};

const credentialsFrom = async (
  io: CliIo,
  args: SetCredentialsArgs,
): Promise<RepositoryCredentials> => {
  const modes = [
    args.tokenStdin === true,
    args.passwordStdin === true,
    args.githubAppId !== undefined,
  ];
  if (modes.filter(Boolean).length !== 1)
    throw usageError('give exactly one of --token-stdin, --password-stdin or --github-app-id');
  const username = parseUsername(args.username);
  if (args.githubAppId !== undefined) {
    if (username !== undefined) throw usageError('--username does not apply to --github-app-id');
    if (!NUMERIC_ID.test(args.githubAppId)) throw usageError('--github-app-id must be a number');
    if (!args.installationId || !NUMERIC_ID.test(args.installationId))
      throw usageError('--installation-id <number> is required with --github-app-id');
    const privateKey = await readPrivateKey(args.privateKeyFile);
    return {
      kind: 'github_app',
      appId: args.githubAppId,
      installationId: args.installationId,
      privateKey,
    };
  }
  if (args.installationId !== undefined || args.privateKeyFile !== undefined)
    throw usageError('--installation-id and --private-key-file go with --github-app-id');
  if (args.passwordStdin === true) {
    if (username === undefined) throw usageError('--password-stdin needs --username');
    return { kind: 'basic', username, password: await readSecret(io, 'password') };
  }
  const token = await readSecret(io, 'token');
  return username === undefined ? { kind: 'token', token } : { kind: 'token', token, username };
};

/**
 * `admin set-credentials`: seals the repository's credentials (secret from standard input or a
 * key file, never from arguments) and stores them. The result names the kind and non-secret
 * identifiers only.
 */
export const setCredentials = async (db: Db, io: CliIo, args: SetCredentialsArgs) => {
  const secretBox = secretBoxFrom(io);
  const repositoryId = await requireRepository(db, args.repo);
  const credentials = await credentialsFrom(io, args);
  const saved = await saveRepositoryCredentials(db, secretBox, repositoryId, credentials);
  return {
    repository_id: repositoryId,
    ...describeCredentials(credentials),
    updated_at: saved.updatedAt.toISOString(),
  };
};

/** `admin clear-credentials`: removes the repository's credentials (idempotent). */
export const clearCredentials = async (db: Db, args: { repo?: string | undefined }) => {
  const repositoryId = await requireRepository(db, args.repo);
  return {
    repository_id: repositoryId,
    cleared: await clearRepositoryCredentials(db, repositoryId),
  };
};
