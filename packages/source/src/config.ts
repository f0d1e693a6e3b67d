import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { GIT_PROTOCOLS, parseAllowedProtocols } from './git/protocols.js';
import type { SourceAccessOptions } from './source-access.js';

const NAME = `(?:${GIT_PROTOCOLS.join('|')})`;

/**
 * Environment settings of source access, for a service's `configSchema({...SourceAccessConfig})`.
 * Sizes in bytes, durations in milliseconds.
 */
export const SourceAccessConfig = {
  /** Comma-separated transports clone URLs may use: https, http, ssh, git, file. */
  GIT_ALLOWED_PROTOCOLS: Type.String({
    pattern: `^\\s*${NAME}\\s*(,\\s*${NAME}\\s*)*$`,
    default: 'https,ssh',
  }),
  /** Directory of the bare mirrors; a persistent volume in production. */
  GIT_MIRROR_DIR: Type.String({ minLength: 1, default: join(tmpdir(), 'remediation-git-mirrors') }),
  GIT_FETCH_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 300_000 }),
  GIT_READ_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  GIT_MAX_FILE_BYTES: Type.Integer({ minimum: 1, default: 2 * 1024 * 1024 }),
  /** 0 turns the cap off. */
  GIT_MAX_MIRROR_BYTES: Type.Integer({ minimum: 0, default: 5 * 1024 * 1024 * 1024 }),
};

/** The settings as one object schema (for tests and tools; services spread `SourceAccessConfig`). */
export const SourceAccessConfigSchema = Type.Object(SourceAccessConfig);
export type SourceAccessSettings = Static<typeof SourceAccessConfigSchema>;

/** Maps the parsed settings to `createSourceAccess` options (a logger is the caller's to add). */
export const sourceAccessOptions = (config: SourceAccessSettings): SourceAccessOptions => ({
  cacheDir: config.GIT_MIRROR_DIR,
  allowedProtocols: parseAllowedProtocols(config.GIT_ALLOWED_PROTOCOLS),
  fetchTimeoutMs: config.GIT_FETCH_TIMEOUT_MS,
  readTimeoutMs: config.GIT_READ_TIMEOUT_MS,
  maxFileBytes: config.GIT_MAX_FILE_BYTES,
  ...(config.GIT_MAX_MIRROR_BYTES > 0 ? { maxMirrorBytes: config.GIT_MAX_MIRROR_BYTES } : {}),
});
