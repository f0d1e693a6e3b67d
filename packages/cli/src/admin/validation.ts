import { PROVIDERS, TIERS, type Provider, type Tier } from '@remediation/contracts';
import { usageError } from '../io.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const REPO_NAME = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+$/;
const SCP_LIKE = /^[A-Za-z0-9_.-]+@[A-Za-z0-9_.-]+:[^\s]+$/;
// git check-ref-format rules, minus control characters (checked separately below).
const BRANCH = /^(?!\/|.*\/\/|.*\.\.|.*\/$|.*\.lock$)[^\s~^:?*[\\]{1,255}$/;
const hasControlCharacter = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const parseSlug = (value: string | undefined): string => {
  if (!value || !SLUG.test(value)) {
    throw usageError(
      'organization slug must be 1 to 63 lower-case letters, digits or hyphens, not starting or ending with a hyphen',
    );
  }
  return value;
};

export const parseTier = (value: string | undefined): Tier => {
  const tier = value ?? 'standard';
  if (!(TIERS as readonly string[]).includes(tier))
    throw usageError(`--tier must be one of: ${TIERS.join(', ')}`);
  return tier as Tier;
};

export const parseRepoName = (value: string | undefined): string => {
  if (!value || !REPO_NAME.test(value) || value.length > 255)
    throw usageError('--name must look like owner/name');
  return value;
};

export const parseProvider = (value: string | undefined, cloneUrl: string): Provider => {
  if (value !== undefined) {
    if (!(PROVIDERS as readonly string[]).includes(value))
      throw usageError(`--provider must be one of: ${PROVIDERS.join(', ')}`);
    return value as Provider;
  }
  const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(cloneUrl)
    ? new URL(cloneUrl).hostname
    : (/@([^:]+):/.exec(cloneUrl)?.[1] ?? '');
  if (host === 'github.com') return 'github';
  if (host === 'gitlab.com') return 'gitlab';
  return 'git';
};

/** Clone URLs: http(s), ssh, git or file URLs, scp-like `user@host:path`, or an absolute path. No credentials. */
export const parseCloneUrl = (value: string | undefined): string => {
  if (!value) throw usageError('--clone-url is required');
  if (value.startsWith('/') || SCP_LIKE.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError('--clone-url must be a URL, user@host:path, or an absolute path');
  }
  if (!['https:', 'http:', 'ssh:', 'git:', 'file:'].includes(url.protocol)) {
    throw usageError('--clone-url must use https, http, ssh, git or file');
  }
  if (url.password || (url.username && url.protocol !== 'ssh:')) {
    throw usageError(
      '--clone-url must not contain credentials; configure forge credentials separately',
    );
  }
  return value;
};

export const parseBranch = (value: string | undefined): string => {
  const branch = value ?? 'main';
  if (!BRANCH.test(branch) || hasControlCharacter(branch))
    throw usageError('--default-branch is not a valid branch name');
  return branch;
};
