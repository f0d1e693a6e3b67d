import { hasControlCharacter } from '../text.js';
import { type GitProtocol } from './protocols.js';

export type CloneUrlCheck =
  | {
      ok: true;
      protocol: GitProtocol;
      /** `scheme://host[:port]/` for http(s) remotes (where credentials are sent), else null. */
      httpOrigin: string | null;
    }
  | { ok: false; reason: 'invalid_url' | 'protocol_not_allowed'; message: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const TRANSPORT_HELPER = /^[A-Za-z][A-Za-z0-9+.-]*::/;
const SCHEME_PROTOCOL: Record<string, GitProtocol> = {
  https: 'https',
  http: 'http',
  ssh: 'ssh',
  'git+ssh': 'ssh',
  'ssh+git': 'ssh',
  git: 'git',
  file: 'file',
};

const invalid = (message: string): CloneUrlCheck => ({ ok: false, reason: 'invalid_url', message });

const classify = (url: string): CloneUrlCheck | { protocol: GitProtocol; parsed: URL | null } => {
  if (TRANSPORT_HELPER.test(url)) {
    return {
      ok: false,
      reason: 'protocol_not_allowed',
      message:
        'clone URLs of the form <transport>::<address> (ext::, fd::, remote helpers) are not allowed',
    };
  }
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    const protocol = SCHEME_PROTOCOL[scheme];
    if (!protocol) {
      return {
        ok: false,
        reason: 'protocol_not_allowed',
        message: `clone URL scheme '${scheme}' is not supported`,
      };
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return invalid('clone URL is not a valid URL');
    }
    return { protocol, parsed };
  }
  // git's rule: a colon before any slash makes an scp-like ssh address (user@host:path).
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  if (colon > 0 && (slash === -1 || colon < slash)) {
    const host = url.slice(url.indexOf('@') + 1, colon);
    if (host === '' || host.startsWith('-')) return invalid('clone URL has no valid host');
    return { protocol: 'ssh', parsed: null };
  }
  if (!url.startsWith('/')) return invalid('a local clone path must be absolute');
  return { protocol: 'file', parsed: null };
};

/**
 * Validates a clone URL before git sees it: rejects a leading `-`, control characters,
 * `<transport>::` helpers (`ext::`, `fd::`), embedded credentials and hosts starting with `-`,
 * then checks the transport (https, http, ssh incl. scp-like `user@host:path`, git, file incl.
 * absolute local paths) against the allow-list. Messages never echo the URL.
 */
export const checkCloneUrl = (url: string, allowed: readonly GitProtocol[]): CloneUrlCheck => {
  if (url === '' || url.length > 2048) return invalid('clone URL is empty or too long');
  if (url.startsWith('-')) return invalid('clone URL must not start with "-"');
  if (hasControlCharacter(url) || url.trim() !== url)
    return invalid('clone URL contains control characters or surrounding spaces');
  const classified = classify(url);
  if ('ok' in classified) return classified;
  const { protocol, parsed } = classified;
  let httpOrigin: string | null = null;
  if (parsed) {
    if (protocol !== 'file' && (parsed.hostname === '' || parsed.hostname.startsWith('-')))
      return invalid('clone URL has no valid host');
    if (parsed.password !== '' || (parsed.username !== '' && protocol !== 'ssh'))
      return invalid('clone URL must not embed credentials; configure them for the repository');
    if (parsed.username.startsWith('-')) return invalid('clone URL user must not start with "-"');
    if (protocol === 'http' || protocol === 'https') httpOrigin = `${parsed.origin}/`;
  }
  if (!allowed.includes(protocol)) {
    return {
      ok: false,
      reason: 'protocol_not_allowed',
      message: `clone URL protocol '${protocol}' is not allowed (allowed: ${allowed.join(', ') || 'none'})`,
    };
  }
  return { ok: true, protocol, httpOrigin };
};
