/** The transports source access can allow. `ext` and `fd` run commands and are never allowed. */
export const GIT_PROTOCOLS = ['https', 'http', 'ssh', 'git', 'file'] as const;
export type GitProtocol = (typeof GIT_PROTOCOLS)[number];

/** The default allow-list (`GIT_ALLOWED_PROTOCOLS`). */
export const DEFAULT_ALLOWED_PROTOCOLS: readonly GitProtocol[] = ['https', 'ssh'];

const isProtocol = (value: string): value is GitProtocol =>
  (GIT_PROTOCOLS as readonly string[]).includes(value);

/**
 * Parses a comma-separated allow-list such as `https,ssh,file`. Throws on an empty list or an
 * unknown name (`ext` and `fd` included), naming the offending entry.
 */
export const parseAllowedProtocols = (value: string): GitProtocol[] => {
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  if (names.length === 0) throw new Error('GIT_ALLOWED_PROTOCOLS must name at least one protocol');
  for (const name of names) {
    if (!isProtocol(name)) {
      throw new Error(`GIT_ALLOWED_PROTOCOLS: '${name}' is not one of ${GIT_PROTOCOLS.join(', ')}`);
    }
  }
  return [...new Set(names as GitProtocol[])];
};

/** Checks a programmatic allow-list (same rules as `parseAllowedProtocols`). */
export const assertAllowedProtocols = (list: readonly string[]): readonly GitProtocol[] =>
  parseAllowedProtocols(list.join(','));
