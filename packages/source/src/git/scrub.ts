import { stripControlCharacters } from '../text.js';
import type { GitCredentials } from '../types.js';
import { basicAuthorization } from './git-env.js';

const MAX_MESSAGE = 800;
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
const AUTH_HEADER = /(authorization:\s*)[^\r\n]*/gi;

/** Every form in which `credentials` could appear in git's output. */
export const secretForms = (credentials: GitCredentials | null | undefined): string[] => {
  if (!credentials) return [];
  const { password } = credentials;
  const basic = basicAuthorization(credentials);
  return [password, encodeURIComponent(password), basic, basic.slice('Basic '.length)].filter(
    (s) => s.length >= 4,
  );
};

/**
 * Makes git's stderr safe to put in a message or a log: drops the user-info part of URLs
 * (`https://user:token@host` → `https://***@host`), `Authorization:` header values and every
 * form of the known secrets, removes control characters and caps the length.
 */
export const scrub = (text: string, secrets: readonly string[] = []): string => {
  let out = text.replace(URL_USERINFO, '$1***@').replace(AUTH_HEADER, '$1[redacted]');
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  out = stripControlCharacters(out).trim();
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
};
