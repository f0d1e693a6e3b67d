import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt parameters (OWASP's minimum for scrypt is N=2^17 with r=8, p=1; 2^15 keeps a sign-in
 * near 50 ms on a small core while costing an attacker 32 MiB per guess). Stored with the hash,
 * so they can be raised later without invalidating existing passwords.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

/** Shortest password a person may choose. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest accepted password (bounds hashing work per request). */
export const MAX_PASSWORD_LENGTH = 256;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/** `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { ...PARAMS, maxmem: MAX_MEMORY }, KEY_LENGTH);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
};

let decoy: Promise<string> | undefined;

/**
 * Spends the same work as a real check and answers false: for a sign-in whose user does not
 * exist or has no password, so timing does not reveal which emails are known.
 */
export const verifyDecoyPassword = async (password: string): Promise<false> => {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
};

/** True when `password` matches `stored`; false for a malformed stored value. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (!N || !r || !p || expected.length === 0) return false;
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const key = await derive(password, salt, { N, r, p, maxmem: MAX_MEMORY }, expected.length);
  return timingSafeEqual(key, expected);
};

/** A one-time password for an operator to hand over: 24 URL-safe characters (144 bits). */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

/** Problems with a password a person chose, as messages; empty when acceptable. */
export const passwordProblems = (password: string): string[] => {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH)
    problems.push(`must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH)
    problems.push(`must be at most ${MAX_PASSWORD_LENGTH} characters`);
  return problems;
};
