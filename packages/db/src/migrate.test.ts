import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from './testing/index.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../dist/migrate.js', import.meta.url));

let t: TestDatabase;
beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error('packages/db is not built: run `pnpm build` first');
  t = await createEmptyDatabase();
});
afterAll(async () => t.destroy());

describe('migrate command', () => {
  it('when the database is reachable, then it applies every migration and exits 0', async () => {
    const { stdout } = await run(process.execPath, [BIN], {
      env: { ...process.env, DATABASE_URL: t.url },
    });
    expect(stdout).toContain('"migrations up to date"');
  });

  it('when the database cannot be reached, then it exits non-zero without printing the connection string', async () => {
    const url = 'postgres://postgres:hunter2@127.0.0.1:1/none';
    const failure = await run(process.execPath, [BIN], {
      env: { ...process.env, DATABASE_URL: url },
    }).then(
      () => undefined,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(`${failure?.stdout}${failure?.stderr}`).not.toContain('hunter2');
  });
});
