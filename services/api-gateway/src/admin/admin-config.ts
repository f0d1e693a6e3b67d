import { ConfigError } from '@remediation/runtime';
import type { OperatorCredentials } from './operator-auth.js';

export interface AdminEnv {
  ADMIN_USERNAME?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
}

/**
 * Operator credentials from the gateway's configuration: none (the ops pages are off) when
 * neither variable is set, else both are required.
 */
export const adminFromConfig = (env: AdminEnv): OperatorCredentials | undefined => {
  if (env.ADMIN_USERNAME === undefined && env.ADMIN_PASSWORD === undefined) return undefined;
  if (env.ADMIN_USERNAME === undefined)
    throw new ConfigError(['ADMIN_USERNAME is required when ADMIN_PASSWORD is set']);
  if (env.ADMIN_PASSWORD === undefined)
    throw new ConfigError(['ADMIN_PASSWORD is required when ADMIN_USERNAME is set']);
  return { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD };
};
