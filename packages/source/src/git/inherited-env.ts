/**
 * The only variables a git child inherits from this process: where programs are, the home
 * directory (ssh keys and known_hosts), the ssh agent, proxies and CA bundles. Everything
 * else (DATABASE_URL, SECRETS_ENCRYPTION_KEY, GIT_TRACE*, GIT_ASKPASS, ...) stays out.
 */
const PASS_THROUGH = [
  'PATH',
  'HOME',
  'TMPDIR',
  'SSH_AUTH_SOCK',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
] as const;

/** Picks the pass-through variables from `source` (this process's environment by default). */
export const inheritedEnv = (
  source: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const key of PASS_THROUGH) {
    const value = source[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
};
