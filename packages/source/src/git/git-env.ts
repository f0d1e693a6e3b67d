import type { GitCredentials } from '../types.js';
import type { GitProtocol } from './protocols.js';

/** Credentials for one http(s) origin, sent as an `Authorization` header scoped to it. */
export interface GitAuth {
  /** `scheme://host[:port]/`, from `checkCloneUrl(...).httpOrigin`. */
  httpOrigin: string;
  credentials: GitCredentials;
}

export interface GitEnvOptions {
  inherited: Readonly<Record<string, string>>;
  extraEnv?: Readonly<Record<string, string>> | undefined;
  extraConfig?: readonly (readonly [string, string])[] | undefined;
  allowedProtocols: readonly GitProtocol[];
  auth?: GitAuth | null | undefined;
  gitDir?: string | undefined;
}

/** Environment variables a caller may not set: they would undo the hardening below. */
const RESERVED_ENV =
  /^(GIT_CONFIG.*|GIT_TRACE.*|GIT_ALLOW_PROTOCOL|GIT_PROTOCOL_FROM_USER|GIT_TERMINAL_PROMPT|GIT_ASKPASS|SSH_ASKPASS|GIT_SSH|GIT_SSH_COMMAND|GIT_SSH_VARIANT|GIT_EXEC_PATH|GIT_PROXY_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_REPLACE_REF_BASE|GIT_NO_REPLACE_OBJECTS|GIT_LITERAL_PATHSPECS|GIT_DIR)$/;

/** Configuration a caller may not set: commands, protocol and URL rewriting, helpers, includes. */
const RESERVED_CONFIG =
  /^(protocol\..*|url\..*|include\..*|includeif\..*|credential\..*|submodule\..*|core\.(hookspath|sshcommand|fsmonitor|askpass|gitproxy|pager|editor|alternaterefscommand)|fetch\.recursesubmodules|uploadpack\..*|receive\.procreceiverefs|diff\..*\.command|filter\..*|merge\..*\.driver|alias\..*|sequence\.editor|gpg\.program)$/i;

/** `Authorization: Basic base64(user:password)`; GitHub's `x-access-token` when no user is given. */
export const basicAuthorization = (credentials: GitCredentials): string =>
  `Basic ${Buffer.from(`${credentials.username ?? 'x-access-token'}:${credentials.password}`).toString('base64')}`;

/**
 * The child environment for every git run: an allow-listed inheritance, no system or global
 * config, no prompts, protocols limited (both `GIT_ALLOW_PROTOCOL` and `protocol.*.allow`), no
 * hooks, fsmonitor, credential helpers or submodule recursion, literal pathspecs, C locale
 * (stable messages). Settings travel as `GIT_CONFIG_KEY_n/VALUE_n`, never on the command line;
 * hardening entries come last so they win. Throws a TypeError when the caller tries to
 * override a reserved variable or setting (a programming error).
 */
export const buildGitEnv = (options: GitEnvOptions): Record<string, string> => {
  for (const key of Object.keys(options.extraEnv ?? {})) {
    if (RESERVED_ENV.test(key)) throw new TypeError(`git environment variable ${key} is reserved`);
  }
  for (const [key] of options.extraConfig ?? []) {
    if (RESERVED_CONFIG.test(key)) throw new TypeError(`git setting ${key} is reserved`);
  }
  const config: (readonly [string, string])[] = [
    ...(options.extraConfig ?? []),
    ['core.hooksPath', '/dev/null'],
    ['core.fsmonitor', 'false'],
    ['credential.helper', ''],
    ['submodule.recurse', 'false'],
    ['fetch.recurseSubmodules', 'false'],
    ['core.sshCommand', 'ssh -o BatchMode=yes -o ConnectTimeout=30'],
    ['protocol.allow', 'never'],
    ...options.allowedProtocols.map((p) => [`protocol.${p}.allow`, 'always'] as const),
  ];
  if (options.auth) {
    config.push([
      `http.${options.auth.httpOrigin}.extraHeader`,
      `Authorization: ${basicAuthorization(options.auth.credentials)}`,
    ]);
  }
  const env: Record<string, string> = {
    ...options.inherited,
    ...options.extraEnv,
    LC_ALL: 'C',
    LANG: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ALLOW_PROTOCOL: options.allowedProtocols.join(':'),
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_CONFIG_COUNT: String(config.length),
  };
  if (options.gitDir !== undefined) env['GIT_DIR'] = options.gitDir;
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
};
