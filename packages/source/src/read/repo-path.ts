import { hasControlCharacter } from '../text.js';

const MAX_PATH = 4096;

/**
 * Whether `path` is a safe repository-relative path: not empty, not absolute, no `\`, no
 * control characters, no empty, `.` or `..` segments, not starting with `-`, at most 4096
 * characters. Such a path can follow `<sha>:` or `--` without being read as anything else.
 */
export const isRepositoryPath = (path: string): boolean =>
  path !== '' &&
  path.length <= MAX_PATH &&
  !path.startsWith('-') &&
  !path.includes('\\') &&
  !hasControlCharacter(path) &&
  path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');

/** A full commit id: 40 (SHA-1) or 64 (SHA-256) hexadecimal characters. */
export const isCommitId = (sha: string): boolean => /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha);

// git check-ref-format's rules, plus no leading '-'.
const BAD_REF = /^-|^\/|\/\/|\.\.|@\{|[\s~^:?*[\\]|\/$|\.lock$|^@$|\/\.|^\./;

/** A branch, tag or full ref name (`main`, `v1.2`, `refs/heads/main`). */
export const isRefName = (ref: string): boolean =>
  ref !== '' && ref.length <= 255 && !BAD_REF.test(ref) && !hasControlCharacter(ref);
