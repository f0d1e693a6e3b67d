import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../src/repo.js';

// docker-entrypoint.sh against a fake /app: a built service prints where and how it started.
const SCRIPT = repoPath('deploy', 'docker-entrypoint.sh');
let app: string;

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync('sh', [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, APP_DIR: app, ...env },
  });

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'entrypoint-'));
  const service = join(app, 'services', 'worker-a', 'dist');
  mkdirSync(service, { recursive: true });
  writeFileSync(join(service, 'instrument.js'), 'globalThis.instrumented = true;\n');
  writeFileSync(
    join(service, 'main.js'),
    'console.log(JSON.stringify({ cwd: process.cwd(), instrumented: globalThis.instrumented === true }));\n',
  );
  mkdirSync(join(app, 'services', 'not-built'), { recursive: true });
  mkdirSync(join(app, 'packages', 'db', 'dist'), { recursive: true });
  writeFileSync(join(app, 'packages', 'db', 'dist', 'migrate.js'), 'console.log("migrated");\n');
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe('docker-entrypoint.sh', () => {
  it('when given a built service, then it runs its dist/main.js from its directory after instrument.js', () => {
    const result = run(['worker-a']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      cwd: join(app, 'services', 'worker-a'),
      instrumented: true,
    });
  });

  it('when SERVICE is set and no argument is given, then SERVICE selects the service', () => {
    const result = run([], { SERVICE: 'worker-a' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('"instrumented":true');
  });

  it('when given migrate, then it runs the migration command', () => {
    const result = run(['migrate']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('migrated');
  });

  it('when the service is unknown or not built, then it exits 64 listing the services it has', () => {
    for (const name of ['nope', 'not-built']) {
      const result = run([name]);
      expect(result.status).toBe(64);
      expect(result.stderr).toBe(`unknown service '${name}'; services: worker-a \n`);
    }
  });

  it('when the name could escape services/, then it is refused', () => {
    const result = run(['../packages']);
    expect(result.status).toBe(64);
    expect(result.stderr).toMatch(/^invalid service name/);
  });

  it('when no service is named, then it prints its usage and exits 64', () => {
    const result = run([]);
    expect(result.status).toBe(64);
    expect(result.stderr).toMatch(/^usage: docker-entrypoint.sh <service>\|migrate/);
  });
});
