import { join } from 'node:path';
import { createDb, type Db } from '@remediation/db';
import { ConfigError, loadConfig } from '@remediation/runtime';
import type { TObject, TString } from '@sinclair/typebox';
import { CliError, usageError, type CliIo } from '../io.js';
import { parseDuration } from '../upload/duration.js';
import { runDemo } from './demo.js';
import { findWorkspaceRoot } from './workspace.js';

const ALLOWED = new Set(['url', 'work-dir', 'timeout', 'semgrep']);

/** `remediate demo`: arguments, configuration and the database around `runDemo`. */
export const demoCommand = async (
  io: CliIo,
  positionals: readonly string[],
  values: Record<string, string | boolean | undefined>,
  schema: TObject<{ DATABASE_URL: TString }>,
): Promise<number> => {
  let db: Db | undefined;
  try {
    for (const key of Object.keys(values))
      if (!ALLOWED.has(key)) throw usageError(`--${key} does not apply to 'demo'`);
    if (positionals.length > 0) throw usageError(`unexpected argument '${positionals[0]}'`);
    const timeout = typeof values['timeout'] === 'string' ? values['timeout'] : '5m';
    const timeoutMs = parseDuration(timeout);
    if (timeoutMs === undefined)
      throw usageError('--timeout must be a duration such as 90s, 10m or 1h');
    const root = findWorkspaceRoot();
    if (!root) throw new CliError('remediate demo runs from the remediation workspace');
    const url =
      (typeof values['url'] === 'string' ? values['url'] : undefined) ??
      io.env['REMEDIATE_URL'] ??
      'http://localhost:8080';
    const workDir =
      typeof values['work-dir'] === 'string' ? values['work-dir'] : join(root, '.dev', 'demo');
    const config = loadConfig(schema, io.env);
    db = createDb({ url: config.DATABASE_URL, poolMax: 1, applicationName: 'remediate-demo' });
    return await runDemo(db, io, {
      url,
      root,
      workDir,
      timeoutMs,
      semgrep: values['semgrep'] === true,
    });
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`remediate: ${err.message}`);
      return err.exitCode;
    }
    if (err instanceof ConfigError) {
      io.err(`remediate: ${err.message}`);
      return 2;
    }
    io.err(`remediate: ${(err as Error).message}`);
    return 1;
  } finally {
    await db?.destroy();
  }
};
