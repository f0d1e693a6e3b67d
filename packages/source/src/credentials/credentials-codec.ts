import type { RepositoryCredentials } from './repository-credentials.js';

/** Thrown when stored credentials cannot be opened or do not belong to the repository. */
export class CredentialsUnreadableError extends Error {
  constructor(repositoryId: string, why: string) {
    super(`credentials of repository ${repositoryId} are unreadable: ${why}`);
    this.name = 'CredentialsUnreadableError';
  }
}

const FORMAT = 1;
const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The sealed JSON: the credentials plus the repository id they belong to. */
export const encodeCredentials = (
  repositoryId: string,
  credentials: RepositoryCredentials,
): string => JSON.stringify({ v: FORMAT, repository_id: repositoryId, ...credentials });

const decodeObject = (o: Record<string, unknown>): RepositoryCredentials | undefined => {
  switch (o['kind']) {
    case 'token': {
      const { token, username } = o;
      if (!str(token) || (username !== undefined && !str(username))) return undefined;
      return username === undefined ? { kind: 'token', token } : { kind: 'token', token, username };
    }
    case 'basic': {
      const { username, password } = o;
      return str(username) && str(password) ? { kind: 'basic', username, password } : undefined;
    }
    case 'github_app': {
      const { appId, installationId, privateKey } = o;
      return str(appId) && str(installationId) && str(privateKey)
        ? { kind: 'github_app', appId, installationId, privateKey }
        : undefined;
    }
    default:
      return undefined;
  }
};

/**
 * Parses what `encodeCredentials` produced and checks it names `repositoryId` and has the
 * row's `kind`. Errors never include the plaintext.
 */
export const decodeCredentials = (
  repositoryId: string,
  kind: string,
  plaintext: string,
): RepositoryCredentials => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    throw new CredentialsUnreadableError(repositoryId, 'not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new CredentialsUnreadableError(repositoryId, 'not an object');
  const o = parsed as Record<string, unknown>;
  if (o['v'] !== FORMAT) throw new CredentialsUnreadableError(repositoryId, 'unknown format');
  if (o['repository_id'] !== repositoryId)
    throw new CredentialsUnreadableError(repositoryId, 'they were sealed for another repository');
  const credentials = decodeObject(o);
  if (!credentials || credentials.kind !== kind)
    throw new CredentialsUnreadableError(repositoryId, `not valid ${kind} credentials`);
  return credentials;
};
